import { assert, assertEquals } from "../../tests/assert.ts";
import { countReads, env, taskWithLog, tempProject, waitUntil } from "../../tests/helpers.ts";
import { ProjectFollower } from "../follow/project_follower.ts";
import { compareCursor, parseCursor } from "../contract/cursor.ts";
import { replayFeed } from "../follow/replay_feed.ts";
import { taggedText } from "../codec/read_form.ts";
import { encodeEnvelope } from "../codec/encode.ts";
import type { Task } from "../store/tasks.ts";
import { RecentIndex } from "./recent.ts";

const TYPES = ["log", "phase_started", "tool_called"];

Deno.test("the recent index answers exactly as a full replay, growing its windows as needed", async () => {
  await using p = await tempProject();
  const tasks: Task[] = [];
  let seed = 7;
  const rnd = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
  for (let t = 1; t <= 6; t++) {
    const n = t === 3 ? 400 : 5 + rnd(60); // task 3 is busy
    const envs = Array.from({ length: n }, (_, i) => {
      const sec = String(rnd(50)).padStart(2, "0");
      const us = String(i).padStart(6, "0");
      return env(i + 1, `2026-01-01T00:${sec}:00.${us}Z`, {
        type: TYPES[rnd(3)],
        run: "r",
        message: "x".repeat(rnd(200)),
        level: "info",
        phase: "p",
      });
    });
    // A log's times go forward: sort them so each log is in time order.
    envs.sort((a, b) => a.at < b.at ? -1 : 1).forEach((e, i) => e.seq = i + 1);
    tasks.push(await taskWithLog(p.state, `Task ${t}`, envs));
  }
  const index = new RecentIndex(p.state, { itemsPerTask: 4, windowBytes: 256 });
  index.existing(tasks);
  const cases: Array<[number, string | null, string | null, string | null]> = [
    [5, null, null, null],
    [100, null, null, null],
    [10000, null, null, null],
    [50, null, "tool_called", null],
    [20, "1767225610000000000-0-0", null, null],
    [300, "1767225600000000000-3-10", "log", null],
    [30, null, null, tasks[2].id],
    [7, null, "phase_started", tasks[0].id],
  ];
  for (const [limit, after, type, only] of cases) {
    const bound = after === null ? null : parseCursor(after);
    const got = await index.query(
      limit,
      bound,
      (_t, ty) => type === null || ty === type,
      only === null ? null : new Set([only]),
    );
    const want: string[] = [];
    let last: string | null = null;
    for await (
      const items of replayFeed(
        p.state,
        tasks.filter((t) => only === null || t.id === only),
        { after: bound ?? undefined },
      )
    ) {
      for (const it of items) {
        if (last === null || compareCursor(parseCursor(last), it.cursor) < 0) last = it.cursorText;
        if (type === null || it.record.env.event.type === type) {
          want.push(taggedText(it.record, it.task));
        }
      }
    }
    const label = JSON.stringify({ limit, after, type, only });
    assertEquals(got?.items, want.slice(-limit), label);
    assertEquals(got?.last, last, label);
  }
});

Deno.test("an event loaded from the log is answered with its line read again, and a log rewritten since makes the index give up", async () => {
  await using p = await tempProject();
  const envs = (n: number, minute: string, text: string) =>
    Array.from(
      { length: n },
      (_, i) =>
        env(i + 1, `2026-01-01T00:${minute}:00.${String(i).padStart(6, "0")}Z`, {
          type: "log",
          run: "r",
          message: `${text} ${i} “quoted” → é 漢字`,
          level: "info",
          phase: "p",
        }),
    );
  const task = await taskWithLog(p.state, "Task", envs(30, "10", "first"));
  const index = new RecentIndex(p.state, { itemsPerTask: 4, windowBytes: 4096 });
  index.existing([task]);
  const all = () => true;
  const replay = async () => {
    const out: string[] = [];
    for await (const items of replayFeed(p.state, [task])) {
      for (const it of items) out.push(taggedText(it.record, it.task));
    }
    return out;
  };
  const first = await index.query(3, null, all, null);
  assertEquals(first?.items, (await replay()).slice(-3));
  // The log is rewritten with other events (other times): what the index
  // loaded is no longer there, and it must not answer from it.
  await Deno.writeTextFile(
    p.state.logPath(task.dir),
    envs(5, "20", "second").map((e) => encodeEnvelope(e) + "\n").join(""),
  );
  assertEquals(await index.query(10, null, all, null), null);
});

Deno.test("events that came live are answered with their lines read again from the log, exactly", async () => {
  await using p = await tempProject();
  const line = (i: number, second: string) =>
    env(i, `2026-01-01T00:00:${second}.${String(i).padStart(6, "0")}Z`, {
      type: "log",
      run: "r",
      message: `live ${i} “quoted” → é 漢字 😀`,
      level: "info",
      phase: "p",
    });
  const task = await taskWithLog(p.state, "Task", [1, 2, 3].map((i) => line(i, "01")));
  const other = await taskWithLog(p.state, "Other", [1].map((i) => line(i, "02")));
  const follower = new ProjectFollower(p.state, { pollIntervalMs: 20 });
  await follower.start();
  const index = new RecentIndex(p.state, { itemsPerTask: 4, windowBytes: 4096 });
  index.existing(follower.tasks());
  const stop = new AbortController();
  let fed = 0;
  const feeding = (async () => {
    for await (const items of follower.subscribe({ lossless: true, signal: stop.signal })) {
      index.add(items);
      fed += items.length;
    }
  })();
  // Appended after the follower started: every one of these comes live.
  const append = (t: Task, envs: ReturnType<typeof line>[]) =>
    Deno.writeTextFile(
      p.state.logPath(t.dir),
      envs.map((e) => encodeEnvelope(e) + "\n").join(""),
      { append: true },
    );
  for (let i = 4; i <= 12; i += 2) {
    await append(task, [line(i, "03"), line(i + 1, "03")]);
    await append(other, [line(i / 2, "04")]);
    await waitUntil(() => fed >= ((i - 2) / 2) * 3, "the follower delivered the appends");
  }
  const replay = async () => {
    const out: string[] = [];
    for await (const items of replayFeed(p.state, [task, other])) {
      for (const it of items) out.push(taggedText(it.record, it.task));
    }
    return out;
  };
  const want = await replay();
  // No JSON is held for an event that came live (but the first of each task's): the last three
  // are read again from their lines.
  await index.warm(); // the logs' tails as they were at start, loaded (4 KiB each)
  const last3 = await countReads(() => index.query(3, null, () => true, null));
  assertEquals(last3.value?.items, want.slice(-3));
  assert(last3.bytes > 0 && last3.bytes < 2048, `${last3.bytes} bytes read`);
  for (const limit of [1, 3, 6, 9, 20]) {
    assertEquals((await index.query(limit, null, () => true, null))?.items, want.slice(-limit));
  }
  stop.abort();
  follower.close();
  await feeding.catch(() => {});
});
