/**
 * `taskline events <task> --follow`: the follow rules, each with a real
 * writer process (the run recorder, driven line by line) and a real
 * follower under the shipped permissions.
 */
import { assert, assertEquals } from "./assert.ts";
import { copyTree, env, REPO, runCli, spawnCli, taskWithLog, tempProject } from "./helpers.ts";
import { createTask } from "../src/store/tasks.ts";
import { startWriter, stillRunning } from "./events_util.ts";

const RUN = "5f0c1d2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f";

function types(lines: string[]): string[] {
  return lines.map((l) => JSON.parse(l).event.type);
}

Deno.test("follow of a resumed run goes on to its end, not to the pause's run_finished", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "resume me");
  await using w = startWriter(p.dir, task.dir);
  await w.send({ op: "open", mode: "new" });
  await w.send({ op: "start" });
  await w.emit({ type: "phase_started", phase: "build" });
  await w.emit({ type: "paused", reason: "needs a human" });
  await w.send({ op: "finish", success: false, status: "paused" });
  await w.send({ op: "close" });
  await w.send({ op: "open", mode: "resume" });
  await w.send({ op: "start" });
  // The follower starts after the resume began: the log has a pause's run_finished
  // followed by run_started of the same run.
  await using f = spawnCli(["events", String(task.number), "-f", "--json", "--exit-status"], {
    cwd: p.dir,
  });
  await f.waitLines(5);
  assert(await stillRunning(f.done, 600), "the follow stopped at the pause's run_finished");
  await w.emit({ type: "phase_finished", phase: "build", success: true, summary: "ok" });
  await w.send({ op: "finish", success: true, status: "done" });
  const status = await f.done;
  assertEquals(types(f.lines), [
    "run_started",
    "phase_started",
    "paused",
    "run_finished",
    "run_started",
    "phase_finished",
    "run_finished",
  ]);
  assertEquals(JSON.parse(f.lines[6]).seq, 7);
  assertEquals(status.code, 0, f.stderr);
});

Deno.test("follow ends at the run's end when --type hides run_finished", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "typed");
  await using w = startWriter(p.dir, task.dir);
  await w.send({ op: "open" });
  await w.send({ op: "start" });
  await using f = spawnCli(["events", "1", "-f", "--json", "--type", "tool_called"], {
    cwd: p.dir,
  });
  await w.emit({
    type: "tool_called",
    role: "coder",
    tool: "bash",
    input: { command: "ls" },
    call: "a1b2c3d4e5f6",
    subtask: null,
  });
  await f.waitLines(1);
  await w.emit({ type: "phase_started", phase: "merge" });
  assert(await stillRunning(f.done, 300));
  await w.send({ op: "finish", success: true, status: "done" });
  const status = await f.done;
  assertEquals(status.code, 0, f.stderr);
  assertEquals(types(f.lines), ["tool_called"]);
});

Deno.test("follow ends at the run's end when --since hides every event", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "since");
  await using w = startWriter(p.dir, task.dir);
  await w.send({ op: "open" });
  await w.send({ op: "start" });
  await using f = spawnCli(["events", "1", "-f", "--since", "2999-01-01T00:00:00Z"], {
    cwd: p.dir,
  });
  await w.emit({ type: "phase_started", phase: "build" });
  assert(await stillRunning(f.done, 500), "the follow ended before the run did");
  await w.send({ op: "finish", success: false, status: "failed" });
  const status = await f.done;
  assertEquals(status.code, 0, f.stderr);
  assertEquals(f.lines, []);
});

Deno.test("follow ends at the run's end when --after hides run_finished", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "after");
  await using w = startWriter(p.dir, task.dir);
  await w.send({ op: "open" });
  await w.send({ op: "start" });
  await w.emit({ type: "phase_started", phase: "build" });
  await using f = spawnCli(["events", "1", "-f", "--json", "--after", "50", "--exit-status"], {
    cwd: p.dir,
  });
  assert(await stillRunning(f.done, 500), "the follow ended before the run did");
  await w.send({ op: "finish", success: false, status: "failed" });
  const status = await f.done;
  assertEquals(f.lines, []);
  assertEquals(status.code, 1, "a failed run gives exit status 1");
});

Deno.test("--after beyond the end of a finished run exits at once", async () => {
  await using p = await tempProject();
  await taskWithLog(p.state, "done", [
    env(1, "2026-01-01T00:00:00Z", { type: "run_started", run: RUN, task: "t" }),
    env(2, "2026-01-01T00:00:01Z", { type: "phase_started", run: RUN, phase: "build" }),
    env(3, "2026-01-01T00:00:02Z", {
      type: "run_finished",
      run: RUN,
      success: true,
      status: "done",
    }),
  ]);
  for (const after of ["2", "3", "1000"]) {
    const started = Date.now();
    const r = await runCli(["events", "1", "-f", "--after", after, "--exit-status"], {
      cwd: p.dir,
    });
    assertEquals(r.code, 0, r.stderr);
    assert(Date.now() - started < 10_000);
    assertEquals(r.stdout.split("\n").filter((l) => l).length, after === "2" ? 1 : 0);
  }
});

Deno.test("a task with no run yet is waited on, then followed to its end", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "not yet");
  await using f = spawnCli(["events", "1", "--follow", "--json"], { cwd: p.dir });
  assert(await stillRunning(f.done, 800), "the follow of a task without a run ended");
  await using w = startWriter(p.dir, task.dir);
  await w.send({ op: "open" });
  await w.send({ op: "start" });
  await w.emit({ type: "phase_started", phase: "build" });
  await f.waitLines(2);
  await w.send({ op: "finish", success: true, status: "done" });
  const status = await f.done;
  assertEquals(status.code, 0, f.stderr);
  assertEquals(types(f.lines), ["run_started", "phase_started", "run_finished"]);
});

Deno.test("appended events are printed as they come, in human form", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "live");
  await using w = startWriter(p.dir, task.dir);
  await w.send({ op: "open" });
  await w.send({ op: "start" });
  await using f = spawnCli(["events", "1", "-f"], { cwd: p.dir });
  await f.waitLines(1);
  for (let i = 0; i < 5; i++) {
    await w.emit({ type: "log", level: "info", message: `line ${i}` });
    const lines = await f.waitLines(2 + i);
    assert(lines[1 + i].endsWith(`· info: line ${i}`), lines[1 + i]);
  }
  await w.send({ op: "finish", success: true, status: "done" });
  assertEquals((await f.done).code, 0);
  assert(f.lines[6].includes("✔ run ") && f.lines[6].includes("finished: done"), f.lines[6]);
});

Deno.test("--exit-status: 0 succeeded, 2 paused, 1 failed", async () => {
  await using p = await tempProject();
  const finished = (seq: number, success: boolean, status: string) =>
    env(seq, "2026-01-01T00:00:09Z", { type: "run_finished", run: RUN, success, status });
  const start = env(1, "2026-01-01T00:00:00Z", { type: "run_started", run: RUN, task: "t" });
  await taskWithLog(p.state, "ok", [start, finished(2, true, "done")]);
  await taskWithLog(p.state, "paused", [
    start,
    env(2, "2026-01-01T00:00:01Z", { type: "paused", run: RUN, reason: "approval" }),
    finished(3, false, "waiting"),
  ]);
  await taskWithLog(p.state, "failed", [start, finished(2, false, "failed")]);
  // Paused, then resumed and finished: the pause was before the last run_started.
  await taskWithLog(p.state, "resumed", [
    start,
    env(2, "2026-01-01T00:00:01Z", { type: "paused", run: RUN, reason: "approval" }),
    finished(3, false, "waiting"),
    env(4, "2026-01-01T00:00:05Z", { type: "run_started", run: RUN, task: "t" }),
    finished(5, true, "done"),
  ]);
  const codes: number[] = [];
  for (const n of ["1", "2", "3", "4"]) {
    const r = await runCli(["events", n, "-f", "--exit-status"], { cwd: p.dir });
    codes.push(r.code);
  }
  assertEquals(codes, [0, 2, 1, 0]);
  // Also with --after past the pause, read backwards.
  const r = await runCli(["events", "2", "-f", "--exit-status", "--after", "3"], { cwd: p.dir });
  assertEquals(r.code, 2);
  const plain = await runCli(["events", "2", "-f"], { cwd: p.dir });
  assertEquals(plain.code, 0, "without --exit-status a paused run exits 0");
});

Deno.test("Ctrl-C (SIGINT) ends a follow with 130", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "interrupt");
  await using w = startWriter(p.dir, task.dir);
  await w.send({ op: "open" });
  await w.send({ op: "start" });
  await using f = spawnCli(["events", "1", "-f"], { cwd: p.dir });
  await f.waitLines(1);
  f.kill("SIGINT");
  const status = await f.done;
  assertEquals(status.code, 130);
  assertEquals(f.stderr, "");
});

Deno.test("follow of runs of every released format ends at their run_finished", async () => {
  await using p = await tempProject({ init: false });
  await copyTree(`${REPO}/fixtures/projects/releases`, p.dir);
  // 1 and 2 were written by 0.1 and 0.2 (schema 1); 4 paused, was resumed and succeeded.
  const want: Record<string, number> = { "1": 0, "2": 0, "4": 0, "6": 1 };
  for (const [n, code] of Object.entries(want)) {
    const r = await runCli(["events", n, "-f", "--exit-status"], { cwd: p.dir });
    assertEquals(r.code, code, `task ${n}: ${r.stderr}`);
  }
});

Deno.test("a follow ends with exit 1 when its task is discarded", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "to discard");
  await using w = startWriter(p.dir, task.dir);
  await w.send({ op: "open" });
  await w.send({ op: "start" });
  await using f = spawnCli(["events", "1", "-f"], { cwd: p.dir });
  await f.waitLines(1);
  // The writer dies without run_finished, then the task is removed.
  w.child.kill("SIGKILL");
  await w.done;
  await Deno.remove(p.state.taskDir(task.dir), { recursive: true });
  const status = await f.done;
  assertEquals(status.code, 1);
  assert(f.stderr.includes("was discarded while it was followed"), f.stderr);
});

Deno.test("follow of a run whose process died ends instead of waiting forever", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "crash me");
  await using w = startWriter(p.dir, task.dir);
  await w.send({ op: "open", mode: "new" });
  await w.send({ op: "start" });
  await w.emit({ type: "phase_started", phase: "build" });
  await using f = spawnCli(["events", String(task.number), "-f", "--json", "--exit-status"], {
    cwd: p.dir,
  });
  await f.waitLines(2);
  // The writer holds the task's lock: the follow waits for the run's end.
  assert(await stillRunning(f.done, 4500), "the follow ended while the run's process was alive");
  w.child.kill("SIGKILL");
  await w.done.catch(() => {});
  const started = Date.now();
  const status = await f.done;
  assert(Date.now() - started < 15_000, "the follow noticed the dead run late");
  assertEquals(types(f.lines), ["run_started", "phase_started"]);
  assertEquals(status.code, 1);
  assert(f.stderr.includes("no process runs it"), f.stderr);
});

Deno.test("follow of a run whose process died in the middle of a line ends instead of waiting forever", async () => {
  await using p = await tempProject();
  const at = "2026-03-01T12:00:00Z";
  const torn = `{"schema":2,"seq":3,"at":"${at}","event":{"type":"log","run":"${RUN}","lev`;
  // A run cut short, and a run that ended, each followed by the half line a dead writer left
  // (no process holds the task's lock; the next run of the task repairs the line).
  const cases: Array<[string, Record<string, unknown> | null, number]> = [
    ["cut short", null, 1],
    ["ended", {
      type: "run_finished",
      run: RUN,
      success: true,
      status: "done",
      usage: { input_tokens: 0, output_tokens: 0, cache_read_tokens: 0, cache_write_tokens: 0 },
      active_ms: 1,
      started_at: at,
    }, 0],
  ];
  for (const [name, end, code] of cases) {
    const envs = [
      env(1, at, { type: "run_started", run: RUN, task: "t" }),
      env(2, at, { type: "phase_started", run: RUN, phase: "build" }),
      ...(end ? [env(3, at, end)] : []),
    ];
    const task = await taskWithLog(p.state, name, envs);
    await Deno.writeTextFile(p.state.logPath(task.dir), torn, { append: true });
    await using f = spawnCli(["events", String(task.number), "-f", "--json", "--exit-status"], {
      cwd: p.dir,
    });
    const timer = setTimeout(() => f.kill("SIGKILL"), 20_000);
    const status = await f.done;
    clearTimeout(timer);
    assertEquals(f.lines.length, envs.length, `${name}: ${f.lines.join("\n")}`);
    assertEquals(status.code, code, `${name}: ${f.stderr}`);
  }
});
