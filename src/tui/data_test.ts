import { assert, assertEquals, assertMatch } from "../../tests/assert.ts";
import { env, taskWithLog, tempProject, waitUntil } from "../../tests/helpers.ts";
import { createTask } from "../store/tasks.ts";
import { RunRecorder } from "../store/recorder.ts";
import { TuiData } from "./data.ts";

Deno.test("the Activity feed keeps at most feedMax events, the newest, each once", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "Busy");
  const ac = new AbortController();
  const data = new TuiData(p.state, {
    feedMax: 100,
    follow: (d, signal) => {
      for (let i = 1; i <= 250; i++) {
        const e = env(i, `2026-09-28T05:52:52.${String(i).padStart(3, "0")}Z`, {
          type: "log",
          run: "r",
          level: "info",
          message: `message ${i}`,
        });
        d.accept([{ env: e, task }]);
        if (i % 50 === 0) d.accept([{ env: e, task }]); // a repeat is not shown twice
      }
      return new Promise((r) => signal.addEventListener("abort", () => r(), { once: true }));
    },
  });
  const started = data.start(ac.signal);
  await waitUntil(() => data.feed().length > 0, "the follower's events in the feed");
  const feed = data.feed();
  assertEquals(feed.length, 100);
  assertMatch(feed[0].text, /message 151$/);
  assertMatch(feed[99].text, /message 250$/);
  assertEquals(new Set(feed.map((f) => f.key)).size, 100);
  ac.abort();
  await started;
});

Deno.test("the board shows status, phase, pending approval and outcome from the history view", async () => {
  await using p = await tempProject();
  const waiting = await createTask(p.state, "Waiting", { status: "planning" });
  const rec = await RunRecorder.open(p.state, waiting);
  rec.start();
  rec.emit({ type: "phase_started", phase: "spec" });
  rec.emit({ type: "phase_finished", phase: "spec", success: true, summary: "ok" });
  rec.emit({ type: "approval_requested", gate: "spec" });
  rec.emit({ type: "paused", reason: "approval" });
  await rec.finish({ success: false, status: "planning" });
  await rec.close();
  await createTask(p.state, "Fresh");
  const ac = new AbortController();
  const data = new TuiData(p.state, {
    follow: (_d, signal) =>
      new Promise((r) => signal.addEventListener("abort", () => r(), { once: true })),
  });
  const started = data.start(ac.signal);
  await waitUntil(() => data.status().startsWith("live"), "the board loaded");
  const [a, b] = data.board();
  assertEquals([a.number, a.status, a.phase, a.approval, a.tone], [
    1,
    "planning",
    "spec",
    "spec",
    "wait",
  ]);
  assertMatch(a.progress, /^paused: approval/);
  assertEquals([b.number, b.progress], [2, "no run yet"]);
  assert(data.status().startsWith("live · 2 tasks"), data.status());
  ac.abort();
  await started;
});

Deno.test("the Activity backlog holds the newest events of the most recently active tasks, oldest first", async () => {
  await using p = await tempProject();
  const at = (min: number, ms: number) =>
    `2026-09-28T05:${String(min).padStart(2, "0")}:00.${String(ms).padStart(3, "0")}Z`;
  const log = (n: number, min: number) =>
    Array.from(
      { length: 5 },
      (_, i) =>
        env(i + 1, at(min, i), {
          type: "log",
          run: "r",
          level: "info",
          message: `task ${n} event ${i + 1}`,
        }),
    );
  await taskWithLog(p.state, "Oldest", log(1, 1));
  await taskWithLog(p.state, "Newer", log(2, 2));
  await taskWithLog(p.state, "Newest", log(3, 3));
  const ac = new AbortController();
  const data = new TuiData(p.state, {
    feedMax: 8,
    backlogTasks: 2,
    follow: (d, signal) => d.fillBacklog(signal),
  });
  await data.start(ac.signal);
  const texts = data.feed().map((f) => f.text.replace(/^.* task /, "task "));
  assertEquals(texts, [
    "task 2 event 3",
    "task 2 event 4",
    "task 2 event 5",
    "task 3 event 1",
    "task 3 event 2",
    "task 3 event 3",
    "task 3 event 4",
    "task 3 event 5",
  ]);
});

Deno.test("the board follows tasks made, rewritten and removed with no event, through the follower's watch of the task directories", async () => {
  await using p = await tempProject();
  const one = await createTask(p.state, "One", { status: "ready" });
  const ac = new AbortController();
  // The real follow: the project follower tells of the task directories.
  const data = new TuiData(p.state, { reloadIntervalMs: 20 });
  const started = data.start(ac.signal);
  await waitUntil(() => data.board().length === 1, "the board loaded");
  const two = await createTask(p.state, "Two", { status: "ready" });
  await waitUntil(() => data.board().length === 2, "a task made elsewhere on the board");
  // A status written to task.json with no event (an edit, a process that died).
  const path = `${p.state.taskDir(one.dir)}/task.json`;
  const doc = JSON.parse(await Deno.readTextFile(path));
  await Deno.writeTextFile(path, JSON.stringify({ ...doc, status: "cancelled" }));
  await waitUntil(
    () => data.board().find((r) => r.number === 1)?.status === "cancelled",
    "task.json's new status on the board",
  );
  await Deno.remove(p.state.taskDir(two.dir), { recursive: true });
  await waitUntil(() => data.board().length === 1, "a removed task off the board");
  ac.abort();
  await started;
});
