import { assert, assertEquals } from "../../tests/assert.ts";
import { logLine as line, withTempDir as withDir } from "../../tests/log_lines.ts";
import { LogTail, type TailReset } from "./log_tail.ts";

Deno.test("LogTail reads each appended line once and holds back a half-written line", async () => {
  await withDir(async (dir) => {
    const path = `${dir}/events.jsonl`;
    const tail = new LogTail(path);
    assertEquals((await tail.read()).records, [], "a missing log reads as empty");
    await Deno.writeTextFile(path, line(1) + line(2));
    let b = await tail.read();
    assertEquals(b.records.map((r) => r.env.seq), [1, 2]);
    assert(b.caughtUp);
    const third = line(3);
    await Deno.writeTextFile(path, third.slice(0, 20), { append: true });
    b = await tail.read();
    assertEquals(b.records, []);
    assert(!b.caughtUp, "a half-written line is not the end");
    await Deno.writeTextFile(path, third.slice(20), { append: true });
    b = await tail.read();
    assertEquals(b.records.map((r) => r.env.seq), [3]);
    assert(b.caughtUp);
    assertEquals((await tail.read()).records, [], "nothing is read twice");
    assertEquals(tail.offset, (await Deno.stat(path)).size);
  });
});

Deno.test("LogTail says once that a log was truncated or replaced, and reads the new content", async () => {
  await withDir(async (dir) => {
    const path = `${dir}/events.jsonl`;
    const resets: TailReset[] = [];
    const tail = new LogTail(path, { onReset: (r) => resets.push(r) });
    await Deno.writeTextFile(path, line(1) + line(2) + line(3));
    await tail.read();
    await Deno.writeTextFile(path, line(7)); // shorter: truncated and rewritten
    assertEquals((await tail.read()).records.map((r) => r.env.seq), [7]);
    assertEquals((await tail.read()).records, []);
    assertEquals(resets.map((r) => r.reason), ["truncated"]);
    await Deno.writeTextFile(`${dir}/new`, line(8) + line(9) + line(10));
    await Deno.rename(`${dir}/new`, path); // replaced by another file
    assertEquals((await tail.read()).records.map((r) => r.env.seq), [8, 9, 10]);
    assertEquals(resets.map((r) => r.reason), ["truncated", "replaced"]);
  });
});

Deno.test("LogTail gives each record the offset after its line, across reads of an open file", async () => {
  await withDir(async (dir) => {
    const path = `${dir}/events.jsonl`;
    const tail = new LogTail(path, { chunkBytes: 100 });
    const lines = [line(1), line(2), line(3), line(4)];
    await Deno.writeTextFile(path, lines[0] + lines[1]);
    const ends: number[] = [];
    for (let i = 0; i < 10; i++) for (const r of (await tail.read()).records) ends.push(r.end!);
    await Deno.writeTextFile(path, lines[2] + lines[3], { append: true });
    for (let i = 0; i < 10; i++) for (const r of (await tail.read()).records) ends.push(r.end!);
    let at = 0;
    assertEquals(ends, lines.map((l) => at += new TextEncoder().encode(l).length));
    tail.close();
  });
});

Deno.test("LogTail finds a log replaced by another of the same size, kept open or not, and one written from a tail started at its end", async () => {
  await withDir(async (dir) => {
    const path = `${dir}/events.jsonl`;
    await Deno.writeTextFile(path, line(1) + line(2));
    // Started at the end, as the server's follower starts: nothing read yet.
    const resets: TailReset[] = [];
    const tail = new LogTail(path, {
      from: (await Deno.stat(path)).size,
      onReset: (r) => resets.push(r),
    });
    assertEquals((await tail.read()).records, [], "a quiet log: nothing new");
    await Deno.writeTextFile(path, line(3), { append: true });
    assertEquals((await tail.read()).records.map((r) => r.env.seq), [3]);
    assertEquals((await tail.read()).records, []);
    // Another file of exactly the same size takes the log's place.
    const size = (await Deno.stat(path)).size;
    const other = line(4) + line(5) + line(6);
    assertEquals(new TextEncoder().encode(other).length, size);
    await Deno.writeTextFile(`${dir}/new`, other);
    await Deno.rename(`${dir}/new`, path);
    assertEquals((await tail.read()).records.map((r) => r.env.seq), [4, 5, 6]);
    assertEquals(resets.map((r) => r.reason), ["replaced"]);
    // The same once its file was closed (a process keeps a bounded number open).
    tail.close();
    assertEquals((await tail.read()).records, []);
    await Deno.writeTextFile(`${dir}/new`, line(7) + line(8) + line(9));
    await Deno.rename(`${dir}/new`, path);
    assertEquals((await tail.read()).records.map((r) => r.env.seq), [7, 8, 9]);
    assertEquals(resets.map((r) => r.reason), ["replaced", "replaced"]);
  });
});
