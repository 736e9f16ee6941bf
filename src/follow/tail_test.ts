import { assert, assertEquals } from "../../tests/assert.ts";
import { completeLinesEnd, LogTail, OpenFiles, tailLog, type TailReset, Wakeup } from "./tail.ts";

function line(seq: number): string {
  return JSON.stringify({
    schema: 2,
    seq,
    at: "2026-01-01T00:00:00Z",
    event: { type: "log", run: "r", level: "info", message: `m${seq}` },
  }) + "\n";
}

async function withDir(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir();
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

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

Deno.test("Wakeup keeps a wake that came before the wait; an abort rejects the wait", async () => {
  const w = new Wakeup();
  w.wake();
  const t = performance.now();
  await w.wait(10_000);
  assert(performance.now() - t < 1000);
  const ac = new AbortController();
  const p = w.wait(10_000, ac.signal);
  ac.abort(new Error("stop"));
  let err: unknown = null;
  await p.catch((e) => err = e);
  assertEquals((err as Error).message, "stop");
});

Deno.test("completeLinesEnd stops before a half-written line", async () => {
  await withDir(async (dir) => {
    const path = `${dir}/events.jsonl`;
    assertEquals(await completeLinesEnd(path), 0);
    await Deno.writeTextFile(path, line(1) + '{"schema":2');
    assertEquals(await completeLinesEnd(path), line(1).length);
  });
});

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

Deno.test("taskDirOfPath names the task directory of a notified path, and nothing outside", async () => {
  const { taskDirOfPath } = await import("./tail.ts");
  assertEquals(
    taskDirOfPath("/p/.taskline/tasks", "/p/.taskline/tasks/001-x/events.jsonl"),
    "001-x",
  );
  assertEquals(taskDirOfPath("/p/.taskline/tasks", "/p/.taskline/tasks/002-y"), "002-y");
  assertEquals(taskDirOfPath("/p/.taskline/tasks", "/p/.taskline/tasks-other/001-x/a"), null);
  assertEquals(taskDirOfPath("/p/.taskline/tasks", "/p/.taskline/tasks"), null);
  assertEquals(taskDirOfPath("", "/p/.taskline/tasks/001-x/events.jsonl"), null);
});
