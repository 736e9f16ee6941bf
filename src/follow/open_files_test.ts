import { assert, assertEquals } from "../../tests/assert.ts";
import { LogTail } from "./log_tail.ts";
import { OpenFiles } from "./open_files.ts";

Deno.test("OpenFiles keeps a bounded number of files open, the least recently read closed first", async () => {
  const dir = await Deno.makeTempDir();
  const files = new OpenFiles(2);
  try {
    for (const n of [1, 2, 3]) {
      const line = {
        schema: 2,
        seq: 1,
        at: "2026-01-01T00:00:00Z",
        event: { type: "log", message: `file ${n}` },
      };
      await Deno.writeTextFile(`${dir}/${n}`, JSON.stringify(line) + "\n");
    }
    const a = files.get(`${dir}/1`);
    assert(files.get(`${dir}/1`) === a, "a file read again is the same open file");
    files.get(`${dir}/2`);
    files.get(`${dir}/1`); // 2 is now the least recently read
    files.get(`${dir}/3`);
    assert(files.get(`${dir}/1`) === a, "1 stayed open");
    // Every tail reads the right file through them, whether it was open or not.
    for (const n of [1, 2, 3, 2, 1]) {
      const b = new LogTail(`${dir}/${n}`).readSync({ files });
      assertEquals(b.records.map((r) => (r.env.event as { message?: string }).message), [
        `file ${n}`,
      ]);
    }
  } finally {
    files.close();
    await Deno.remove(dir, { recursive: true });
  }
});
