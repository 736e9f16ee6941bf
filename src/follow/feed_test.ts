import { assert, assertEquals } from "../../tests/assert.ts";
import { CURSOR_START, parseCursor } from "../contract/cursor.ts";
import { encodeEnvelope } from "../codec/encode.ts";
import { StateDir } from "../store/state_dir.ts";
import { createTask, type Task } from "../store/tasks.ts";
import { type FeedItem, ProjectFollower, replayFeed } from "./feed.ts";
import { readFormText } from "../codec/read_form.ts";

async function project(): Promise<{ state: StateDir; dir: string }> {
  const dir = await Deno.makeTempDir();
  const state = new StateDir(`${dir}/.taskline`);
  await Deno.mkdir(state.tasksDir, { recursive: true });
  return { state, dir };
}

function append(state: StateDir, task: Task, seq: number, at: string): Promise<void> {
  const line = encodeEnvelope({
    schema: 2,
    seq,
    at,
    event: { type: "log", run: "r", level: "info", message: `${task.number}/${seq}` },
  });
  return Deno.writeTextFile(state.logPath(task.dir), line + "\n", { append: true });
}

Deno.test("replayFeed merges logs by cursor, also when times go back a little within a log", async () => {
  const { state, dir } = await project();
  try {
    const a = await createTask(state, "a");
    const b = await createTask(state, "b");
    await append(state, a, 1, "2026-01-01T00:00:02Z");
    await append(state, a, 2, "2026-01-01T00:00:01Z"); // stamped by another process
    await append(state, a, 3, "2026-01-01T00:00:04Z");
    await append(state, b, 1, "2026-01-01T00:00:01Z");
    await append(state, b, 2, "2026-01-01T00:00:03Z");
    const got: string[] = [];
    for await (const items of replayFeed(state, [a, b], { batchItemsMax: 2 })) {
      for (const it of items) {
        got.push(it.cursorText.replace(/^\d+/, (ns) => String(BigInt(ns) / 1_000_000_000n % 10n)));
      }
    }
    assertEquals(got, ["1-1-2", "1-2-1", "2-1-1", "3-2-2", "4-1-3"]);
    const after: string[] = [];
    for await (
      const items of replayFeed(state, [a, b], {
        after: parseCursor(`${1767225601n * 1_000_000_000n}-1-2`),
      })
    ) {
      for (const it of items) after.push(`${it.task.number}-${it.record.env.seq}`);
    }
    assertEquals(after, ["2-1", "1-1", "2-2", "1-3"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a subscriber that resumes while logs grow gets every event once: replay, then live", async () => {
  const { state, dir } = await project();
  const follower = new ProjectFollower(state, { pollIntervalMs: 200 });
  try {
    const a = await createTask(state, "a");
    const b = await createTask(state, "b");
    await append(state, a, 1, "2026-01-01T00:00:00Z");
    await follower.start();
    let stop = false;
    const writing = (async () => {
      for (let i = 2; i <= 120 && !stop; i++) {
        const at = new Date(Date.parse("2026-01-01T00:00:00Z") + i).toISOString();
        await append(state, i % 2 ? a : b, i, at);
        if (i % 10 === 0) await new Promise((r) => setTimeout(r, 5));
      }
    })();
    await new Promise((r) => setTimeout(r, 30));
    const seen: FeedItem[] = [];
    const ac = new AbortController();
    const timer = setTimeout(() => ac.abort(), 20_000);
    try {
      for await (const items of follower.subscribe({ after: CURSOR_START, signal: ac.signal })) {
        seen.push(...items);
        if (seen.length >= 120) break;
      }
    } finally {
      clearTimeout(timer);
      stop = true;
    }
    await writing;
    const keys = seen.map((it) => `${it.task.number}/${it.record.env.seq}`);
    assertEquals(new Set(keys).size, keys.length, "an event came twice");
    assertEquals(keys.length, 120);
    // A task created later is picked up from its first event.
    const c = await createTask(state, "c");
    const late: FeedItem[] = [];
    const sub = follower.subscribe();
    await append(state, c, 1, "2026-01-01T00:00:05Z");
    for await (const items of sub) {
      late.push(...items);
      break;
    }
    assertEquals(late.map((it) => it.task.number), [3]);
    assert(follower.tasks().some((t) => t.number === 3));
  } finally {
    follower.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a lossless subscriber that reads slowly gets every event; another one is ended", async () => {
  const { state, dir } = await project();
  const follower = new ProjectFollower(state, { pollIntervalMs: 100, queueItemsMax: 50 });
  try {
    await follower.start();
    const lossless = follower.subscribe({ lossless: true });
    const lossy = follower.subscribe();
    // A task that appears with a big log: read over many rounds.
    const t = await createTask(state, "big");
    const lines = [];
    for (let i = 1; i <= 3000; i++) {
      lines.push(encodeEnvelope({
        schema: 2,
        seq: i,
        at: "2026-01-01T00:00:00Z",
        event: { type: "log", run: "r", level: "info", message: `m${i}` },
      }));
    }
    await Deno.writeTextFile(state.logPath(t.dir), lines.join("\n") + "\n");
    let lossyError: unknown = null;
    const draining = (async () => {
      try {
        for await (const _ of lossy) {
          /* never behind by much... */ await new Promise((r) => setTimeout(r, 50));
        }
      } catch (e) {
        lossyError = e;
      }
    })();
    let n = 0;
    for await (const items of lossless) {
      n += items.length;
      await new Promise((r) => setTimeout(r, 1));
      if (n >= 3000) break;
    }
    assertEquals(n, 3000);
    follower.close();
    await draining;
    assert(lossyError !== null && String(lossyError).includes("fell"), String(lossyError));
  } finally {
    follower.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("replayFeed with json gives the same feed as without, each line's read form with it", async () => {
  const { state, dir } = await project();
  try {
    const tasks = [await createTask(state, "a"), await createTask(state, "b")];
    const lines = [
      // Read forms (the light form), a 0.4 line, spaces, text that is not ASCII, a broken line.
      encodeEnvelope({
        schema: 2,
        seq: 1,
        at: "2026-01-01T00:00:01Z",
        event: { type: "run_started", run: "r", task: "t" },
      }),
      '{"schema":2,"seq":2,"at":"2026-01-01T00:00:03Z","event":{"type":"tool_called","run":"r","role":"c","tool":"t","input":{}}}',
      '{"schema":2, "seq":3,"at":"2026-01-01T00:00:02Z","event":{"type":"log","run":"r","level":"info","message":"x"}}',
      encodeEnvelope({
        schema: 2,
        seq: 4,
        at: "2026-01-01T00:00:05Z",
        event: { type: "log", run: "r", level: "info", message: "café" },
      }),
      '{"schema":2,"seq":5,"at":"2026-01-01T00:00:06Z","event":{"type":"lo',
      encodeEnvelope({
        schema: 2,
        seq: 6,
        at: "2026-01-01T00:00:04Z",
        event: { type: "log", run: "r", level: "info", message: "plain" },
      }),
    ];
    for (const t of tasks) await Deno.writeTextFile(state.logPath(t.dir), lines.join("\n") + "\n");
    const read = async (json: boolean) => {
      const got: string[] = [];
      let problems = 0;
      for await (
        const items of replayFeed(state, tasks, {
          json,
          chunkBytes: 64,
          onProblem: () => problems++,
        })
      ) {
        for (const it of items) {
          got.push(`${it.cursorText} ${it.record.env.event.type} ${readFormText(it.record)}`);
        }
      }
      return { got, problems };
    };
    const full = await read(false);
    assertEquals(full.got.length, 10);
    assertEquals(await read(true), full);
    // And with json the read forms were checked, not parsed: light envelopes.
    let light = 0;
    for await (const items of replayFeed(state, tasks, { json: true })) {
      for (const it of items) {
        if (it.record.env.event.type === "log" && !("level" in it.record.env.event)) light++;
      }
    }
    assertEquals(light, 2, "the plain log line of each task");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the poll of a project of many quiet logs looks at most at about 500 logs a second", async () => {
  const { state, dir } = await project();
  for (let n = 1; n <= 1000; n++) {
    const t = await createTask(state, `t${n}`, { number: n });
    await append(state, t, 1, "2026-01-01T00:00:00Z");
  }
  // Every 100 ms, with no rate: 10,000 looks a second.
  const follower = new ProjectFollower(state, { pollIntervalMs: 100 });
  const original = Deno.lstatSync;
  let looks = 0;
  try {
    await follower.start();
    await new Promise((r) => setTimeout(r, 500));
    Deno.lstatSync = (path: string | URL) => {
      if (String(path).endsWith("events.jsonl")) looks++;
      return original(path);
    };
    // At least 3 s, and until the poll has looked at every log (a loaded machine may take
    // longer than the 2 s the rate allows): the rate is checked over the time it took.
    const t0 = performance.now();
    const deadline = Date.now() + 20_000;
    while ((looks < 1000 || performance.now() - t0 < 3000) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const seconds = (performance.now() - t0) / 1000;
    // At 500 a second, and one sweep of 1,000 started in the window's last moment.
    assert(looks <= seconds * 500 + 1000, `${looks} looks at quiet logs in ${seconds} s`);
    assert(looks >= 1000, `the poll still looks at every log (${looks} looks in ${seconds} s)`);
    // A new task is still found within the poll interval.
    const late = await createTask(state, "late", { number: 1001 });
    await append(state, late, 1, "2026-01-01T00:00:05Z");
    const found = Date.now() + 20_000;
    while (!follower.tasks().some((t) => t.number === 1001) && Date.now() < found) {
      await new Promise((r) => setTimeout(r, 50));
    }
    assert(follower.tasks().some((t) => t.number === 1001), "the new task is followed");
  } finally {
    Deno.lstatSync = original;
    follower.close();
    await Deno.remove(dir, { recursive: true });
  }
});
