import { assert, assertEquals } from "../../tests/assert.ts";
import { appendEvent as append, tempState as project } from "../../tests/log_lines.ts";
import { CURSOR_START } from "../contract/cursor.ts";
import { encodeEnvelope } from "../codec/encode.ts";
import { createTask } from "../store/tasks.ts";
import type { FeedItem } from "./feed_item.ts";
import { ProjectFollower } from "./project_follower.ts";

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
