import { assertEquals } from "../../tests/assert.ts";
import { logLine as line, withTempDir as withDir } from "../../tests/log_lines.ts";
import { completeLinesEnd } from "./complete_lines.ts";

Deno.test("completeLinesEnd stops before a half-written line", async () => {
  await withDir(async (dir) => {
    const path = `${dir}/events.jsonl`;
    assertEquals(await completeLinesEnd(path), 0);
    await Deno.writeTextFile(path, line(1) + '{"schema":2');
    assertEquals(await completeLinesEnd(path), line(1).length);
  });
});
