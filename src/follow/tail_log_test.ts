import { assert, assertEquals } from "../../tests/assert.ts";
import { logLine as line, withTempDir as withDir } from "../../tests/log_lines.ts";
import { tailLog } from "./tail_log.ts";

Deno.test("tailLog wakes on a file system notification, not on its slow poll", async () => {
  await withDir(async (dir) => {
    const path = `${dir}/events.jsonl`;
    const ac = new AbortController();
    const seen: number[] = [];
    const times: number[] = [];
    let appendedAt = 0;
    const reading = (async () => {
      try {
        for await (const b of tailLog(path, { pollIntervalMs: 60_000, signal: ac.signal })) {
          for (const r of b.records) {
            seen.push(r.env.seq!);
            times.push(performance.now() - appendedAt);
          }
          if (seen.length === 3) return;
        }
      } catch (e) {
        if (!ac.signal.aborted) throw e;
      }
    })();
    for (let i = 1; i <= 3; i++) {
      await new Promise((r) => setTimeout(r, 150));
      appendedAt = performance.now();
      await Deno.writeTextFile(path, line(i), { append: true });
    }
    const timer = setTimeout(() => ac.abort(), 20_000);
    await reading;
    clearTimeout(timer);
    assertEquals(seen, [1, 2, 3]);
    // Far below the 60 s poll: the watcher woke the reader.
    assert(Math.max(...times) < 10_000, `latencies ${times}`);
  });
});
