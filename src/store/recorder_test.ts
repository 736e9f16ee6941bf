import {
  assert,
  assertEquals,
  assertRejects,
  assertStringIncludes,
  assertThrows,
} from "../../tests/assert.ts";
import { countReads, REPO, tempProject } from "../../tests/helpers.ts";
import type { Envelope } from "../contract/envelope.ts";
import { MonotonicClock, parseTimeNs } from "../contract/time.ts";
import { TasklineError } from "../errors.ts";
import { readAll } from "./log_reader.ts";
import { RunRecorder } from "./recorder.ts";
import { emptyRunState, loadRunState, saveRunState } from "./run_state.ts";
import { defaultSettings } from "./settings.ts";
import type { StateDir } from "./state_dir.ts";
import { createTask, type Task } from "./tasks.ts";

const usage = (i: number, o: number) => ({
  input_tokens: i,
  output_tokens: o,
  cache_read_tokens: 0,
  cache_write_tokens: 0,
});

/** The raw lines of a task's log, parsed. */
async function lines(state: StateDir, task: Task): Promise<Array<Record<string, unknown>>> {
  const text = await Deno.readTextFile(state.logPath(task.dir));
  assert(text === "" || text.endsWith("\n"), "the log ends with a complete line");
  return text.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l));
}
const types = (ls: Array<Record<string, unknown>>) =>
  ls.map((l) => (l.event as { type: string }).type);
const seqs = (ls: Array<Record<string, unknown>>) => ls.map((l) => l.seq);

/** A task whose log is a copy of a fixture log. */
async function taskFromFixture(state: StateDir, log: string, title: string): Promise<Task> {
  const task = await createTask(state, title);
  await Deno.copyFile(`${REPO}/fixtures/logs/${log}`, state.logPath(task.dir));
  return task;
}

Deno.test("a new run writes run_started first, seq from 1, and run_finished last with totals", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "Add login");
  const rec = await RunRecorder.open(p.state, task);
  try {
    rec.start();
    rec.emit({ type: "phase_started", phase: "build" });
    rec.emit({
      type: "agent_finished",
      role: "coder",
      steps: 2,
      usage: usage(100, 10),
      stop: "completed",
    });
    rec.emit({
      type: "agent_finished",
      role: "qa",
      steps: 1,
      usage: usage(5, 1),
      stop: "completed",
    });
    await rec.finish({ success: true, status: "done" });
  } finally {
    await rec.close();
  }
  const ls = await lines(p.state, task);
  assertEquals(types(ls), [
    "run_started",
    "phase_started",
    "agent_finished",
    "agent_finished",
    "run_finished",
  ]);
  assertEquals(seqs(ls), [1, 2, 3, 4, 5]);
  assert(ls.every((l) => l.schema === 2 && Object.keys(l).join() === "schema,seq,at,event"));
  const started = ls[0].event as Record<string, unknown>;
  assertEquals([started.run, started.task], [rec.run, task.id]);
  const fin = ls[4].event as Record<string, unknown>;
  assertEquals(fin.usage, usage(105, 11));
  assertEquals(fin.started_at, ls[0].at);
  assertEquals(typeof fin.active_ms, "number");
  const saved = await loadRunState(p.state, task.dir);
  assertEquals([saved.run, saved.usage, saved.started_at], [rec.run, usage(105, 11), ls[0].at]);
});

Deno.test("a second recorder on a running task fails with task-running and writes nothing", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "Busy");
  const rec = await RunRecorder.open(p.state, task);
  rec.start();
  const before = await Deno.readTextFile(p.state.logPath(task.dir));
  for (const mode of ["new", "resume", "append"] as const) {
    const e = await assertRejects(() => RunRecorder.open(p.state, task, { mode }), TasklineError);
    assertEquals((e as TasklineError).code, "task-running");
    assertStringIncludes(e.message, task.dir);
  }
  assertEquals(await Deno.readTextFile(p.state.logPath(task.dir)), before);
  await rec.close();
  // Released: the task can run again.
  const again = await RunRecorder.open(p.state, task, { mode: "resume" });
  await again.close();
});

Deno.test("seq continues across a pause and a resume; totals cover the whole run", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "Paginate");
  const first = await RunRecorder.open(p.state, task);
  first.start();
  first.emit({
    type: "agent_finished",
    role: "coder",
    steps: 1,
    usage: usage(40, 4),
    stop: "budget",
  });
  first.emit({ type: "paused", reason: "token budget reached" });
  await first.finish({ success: false, status: "paused" });
  await first.close();

  const second = await RunRecorder.open(p.state, task, { mode: "resume" });
  assertEquals(second.run, first.run);
  assertEquals(second.seq, 4);
  second.start();
  second.emit({
    type: "agent_finished",
    role: "coder",
    steps: 1,
    usage: usage(2, 1),
    stop: "completed",
  });
  await second.finish({ success: true, status: "done" });
  await second.close();

  const ls = await lines(p.state, task);
  assertEquals(seqs(ls), [1, 2, 3, 4, 5, 6, 7]);
  assertEquals(types(ls), [
    "run_started",
    "agent_finished",
    "paused",
    "run_finished",
    "run_started",
    "agent_finished",
    "run_finished",
  ]);
  const fin = ls[6].event as Record<string, unknown>;
  assertEquals(fin.usage, usage(42, 5));
  assertEquals(fin.started_at, ls[0].at, "started_at is the first start, not the resume");
  assert(new Set(ls.map((l) => (l.event as { run: string }).run)).size === 1);
});

Deno.test("a 0.2 task resumed by this release numbers its new events from 1", async () => {
  await using p = await tempProject();
  const task = await taskFromFixture(p.state, "0.2.jsonl", "Export with a --csv flag");
  const rec = await RunRecorder.open(p.state, task, { mode: "resume" });
  assertEquals(rec.run, "8a61d0f4-5c2e-4b7a-93d8-0e4f1c2b3a02");
  rec.start();
  await rec.finish({ success: true, status: "done" });
  await rec.close();
  const ls = await lines(p.state, task);
  const mine = ls.filter((l) => l.schema === 2);
  assertEquals(seqs(mine), [1, 2]);
  assertEquals(ls.length, 22 + 2, "the 0.2 lines are kept as they were");
  // Its start time is the 0.2 run's first run_started.
  assertEquals((mine[1].event as Record<string, unknown>).started_at, "2026-04-14T15:02:01.500Z");
});

Deno.test("a 0.4 task resumed by this release continues its seq and keeps its first start", async () => {
  await using p = await tempProject();
  const task = await taskFromFixture(p.state, "0.4.jsonl", "Document the verbose flag");
  // run.json as 0.4 wrote it: the run, without started_at or totals.
  await Deno.writeTextFile(
    p.state.runJsonPath(task.dir),
    JSON.stringify({ run: "d2c4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e04", validations: [] }),
  );
  const rec = await RunRecorder.open(p.state, task, { mode: "resume" });
  rec.start();
  await rec.finish({ success: true, status: "done" });
  await rec.close();
  const ls = (await lines(p.state, task)).slice(-2);
  assertEquals(seqs(ls), [22, 23]);
  assertEquals((ls[1].event as Record<string, unknown>).started_at, "2026-07-21T08:30:01.000270Z");
});

Deno.test("resuming a task without a run is not-found", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "Fresh");
  const e = await assertRejects(
    () => RunRecorder.open(p.state, task, { mode: "resume" }),
    TasklineError,
  );
  assertEquals((e as TasklineError).code, "not-found");
  // The lock was released.
  await (await RunRecorder.open(p.state, task)).close();
});

Deno.test("a torn last line that is a whole event is completed; seq goes on after it", async () => {
  await using p = await tempProject();
  const task = await taskFromFixture(p.state, "0.5-parallel-tools.jsonl", "Audit");
  const path = p.state.logPath(task.dir);
  const text = await Deno.readTextFile(path);
  await Deno.writeTextFile(path, text.slice(0, -1)); // the crash came just before the newline
  const repairs: string[] = [];
  const rec = await RunRecorder.open(p.state, task, {
    mode: "resume",
    onRepair: (m) => repairs.push(m),
  });
  assertEquals(rec.seq, 14);
  rec.start();
  await rec.close();
  assertEquals(repairs.length, 1);
  assertStringIncludes(repairs[0], "completed");
  const ls = await lines(p.state, task);
  assertEquals(seqs(ls).slice(-4), [13, 14, 15, 16]);
  assertEquals(types(ls).slice(-2), ["run_started", "run_finished"]);
});

Deno.test("a torn partial line is removed; no complete event is lost", async () => {
  await using p = await tempProject();
  const task = await taskFromFixture(p.state, "0.5-parallel-tools.jsonl", "Audit");
  const path = p.state.logPath(task.dir);
  const complete = await Deno.readTextFile(path);
  await Deno.writeTextFile(
    path,
    complete + '{"schema":2,"seq":15,"at":"2026-10-20T07:05:04Z","event":{"ty',
  );
  const repairs: string[] = [];
  const rec = await RunRecorder.open(p.state, task, {
    mode: "resume",
    onRepair: (m) => repairs.push(m),
  });
  assertStringIncludes(repairs.join(), "removed");
  assertEquals(await Deno.readTextFile(path), complete);
  assertEquals(rec.seq, 14);
  rec.start();
  await rec.close();
  assertEquals(seqs(await lines(p.state, task)).slice(-3), [14, 15, 16]);
});

Deno.test("at never goes backwards within the process, across recorders", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "Clock");
  for (let round = 0; round < 3; round++) {
    const rec = await RunRecorder.open(p.state, task, { mode: round === 0 ? "new" : "resume" });
    rec.start();
    for (let i = 0; i < 300; i++) rec.emit({ type: "log", level: "debug", message: `${i}` });
    await rec.finish({ success: true, status: "done" });
    await rec.close();
  }
  const ns = (await lines(p.state, task)).map((l) => parseTimeNs(l.at as string)!);
  for (let i = 1; i < ns.length; i++) {
    assert(ns[i] > ns[i - 1], `at went backwards at line ${i + 1}`);
  }
  assert((await lines(p.state, task)).every((l) => (l.at as string).endsWith("Z")));
  const clock = new MonotonicClock();
  let last = 0n;
  for (let i = 0; i < 10_000; i++) {
    const now = clock.nowNs();
    assert(now > last);
    last = now;
  }
});

Deno.test("the events of one batch are stamped a microsecond apart; the next batch reads the clock again", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "Batch");
  const rec = await RunRecorder.open(p.state, task);
  rec.start();
  const batch = (n: number) =>
    rec.emitAll(
      Array.from({ length: n }, (_, i) => ({ type: "log", level: "debug", message: `${i}` })),
    ).map((e) => parseTimeNs(e.at)!);
  const first = batch(500);
  for (let i = 1; i < first.length; i++) assertEquals(first[i] - first[i - 1], 1000n);
  await new Promise((r) => setTimeout(r, 20));
  const second = batch(2);
  // 20 ms later, not 1 us after the last stamp.
  assert(second[0] - first[first.length - 1] >= 15_000_000n, "the clock was read again");
  const wall = BigInt(Date.now()) * 1_000_000n;
  assert(wall - second[0] < 1_000_000_000n && second[0] - wall < 1_000_000_000n);
  await rec.close();
});

Deno.test("ephemeral agent_delta goes to subscribers only, without seq, and takes no seq", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "Stream");
  const rec = await RunRecorder.open(p.state, task);
  const seen: Envelope[] = [];
  const unsubscribe = rec.subscribe((env) => seen.push(env));
  rec.subscribe(() => {
    throw new Error("a failing subscriber never stops the run");
  });
  rec.start();
  rec.emit({
    type: "agent_delta",
    role: "coder",
    subtask: null,
    delta: { kind: "text", text: "Hel" },
  });
  rec.emit({ type: "agent_text", role: "coder", text: "Hello" });
  unsubscribe();
  rec.emit({ type: "log", level: "info", message: "after unsubscribe" });
  await rec.close();
  assertEquals(seen.map((e) => [e.event.type, e.seq]), [
    ["run_started", 1],
    ["agent_delta", undefined],
    ["agent_text", 2],
  ]);
  assertEquals(Object.keys(seen[1]), ["schema", "at", "event"]);
  const ls = await lines(p.state, task);
  assertEquals(types(ls), ["run_started", "agent_text", "log", "run_finished"]);
  assertEquals(seqs(ls), [1, 2, 3, 4]);
});

Deno.test("close after an error finishes the run as failed; nothing is written after run_finished", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "Crash");
  const rec = await RunRecorder.open(p.state, task);
  try {
    rec.start();
    rec.emit({ type: "phase_started", phase: "build" });
    throw new Error("provider exploded");
  } catch (e) {
    await rec.close({ message: `run failed: ${(e as Error).message}` });
  }
  const ls = await lines(p.state, task);
  assertEquals(types(ls), ["run_started", "phase_started", "log", "run_finished"]);
  assertEquals((ls[2].event as Record<string, unknown>).level, "error");
  const fin = ls[3].event as Record<string, unknown>;
  assertEquals([fin.success, fin.status], [false, "failed"]);
  assertThrows(() => rec.emit({ type: "log", level: "info", message: "late" }));
  await rec.close();
  assertEquals((await lines(p.state, task)).length, 4);
});

Deno.test("a workspace that could not be opened finishes with the task's unchanged status", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "No workspace", { status: "ready" });
  const rec = await RunRecorder.open(p.state, task);
  rec.start();
  await rec.close({ status: task.record.status, message: "Cannot open the workspace" });
  const fin = (await lines(p.state, task)).at(-1)!.event as Record<string, unknown>;
  assertEquals([fin.type, fin.success, fin.status], ["run_finished", false, "ready"]);
});

Deno.test("emit after finish is refused, and run_finished stays the last event", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "Once");
  const rec = await RunRecorder.open(p.state, task);
  rec.start();
  await rec.finish({ success: true, status: "done" });
  assertThrows(() => rec.emit({ type: "log", level: "info", message: "x" }));
  await rec.close({ message: "ignored: the run is finished" });
  assertEquals(types(await lines(p.state, task)), ["run_started", "run_finished"]);
});

Deno.test("append mode (approve) adds to the current run without starting it", async () => {
  await using p = await tempProject();
  const task = await taskFromFixture(p.state, "0.5-approval.jsonl", "Rename");
  const path = p.state.logPath(task.dir);
  // Cut the log back to the pause: the approve command comes next.
  const text = await Deno.readTextFile(path);
  await Deno.writeTextFile(path, text.split("\n").slice(0, 10).join("\n") + "\n");
  const rec = await RunRecorder.open(p.state, task, { mode: "append" });
  assertThrows(() => rec.start());
  rec.emit({ type: "approval_resolved", gate: "plan", approved: true, comment: null });
  await rec.close();
  const ls = await lines(p.state, task);
  assertEquals(seqs(ls).slice(-2), [10, 11]);
  assertEquals(types(ls).slice(-2), ["run_finished", "approval_resolved"]);
  assertEquals((ls[10].event as { run: string }).run, "9e3d1b5f-7a2c-4d8e-b0f6-1c3e5a7d9b06");
});

Deno.test("toolReturned keeps the output in the trace store and fills preview, chars, file", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "Trace");
  const settings = defaultSettings();
  settings.pipeline.trace_max_chars = 1000;
  const rec = await RunRecorder.open(p.state, task, { settings });
  rec.start();
  const output = "0123456789".repeat(500);
  const env = await rec.toolReturned({
    role: "coder",
    tool: "bash",
    call: "a1b2c3d4e5f6",
    subtask: null,
    output,
    is_error: false,
    duration_ms: 12,
    exit_code: 0,
  });
  await rec.close();
  const ev = env.event as Record<string, unknown>;
  const rel = `.taskline/tool-output/${task.dir}/${rec.run}/a1b2c3d4e5f6.txt`;
  assertEquals(ev.output_file, rel);
  assertEquals(ev.output_chars, 5000);
  assertEquals(ev.preview, output.slice(0, 200));
  assertEquals([ev.exit_code, ev.timed_out, ev.call], [0, false, "a1b2c3d4e5f6"]);
  const file = await Deno.readTextFile(`${p.dir}/${rel}`);
  assert(file.length <= 1000);
  assertStringIncludes(file, "[taskline: output cut to the first ");
  assertStringIncludes(file, " of 5000 characters]\n");
  // The logged line is the same event.
  const logged = (await readAll(p.state.logPath(task.dir))).find((r) =>
    r.env.event.type === "tool_returned"
  )!;
  assertEquals(logged.env.event, env.event);
});

Deno.test("with trace_outputs off, no file is written and output_file is null", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "No trace");
  const settings = defaultSettings();
  settings.pipeline.trace_outputs = false;
  const rec = await RunRecorder.open(p.state, task, { settings });
  rec.start();
  const env = await rec.toolReturned({
    role: "coder",
    tool: "read_file",
    call: "0f0f0f0f0f0f",
    subtask: null,
    output: "abc",
    is_error: false,
    duration_ms: 1,
  });
  await rec.close();
  const ev = env.event as Record<string, unknown>;
  assertEquals([ev.output_file, ev.output_chars, ev.exit_code, ev.timed_out], [
    null,
    3,
    null,
    false,
  ]);
  const exists = await Deno.stat(p.state.toolOutputDir).then(() => true, () => false);
  assertEquals(exists, false);
});

Deno.test("a recorder's sink sees its envelopes with the task, ephemeral ones included", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "Sinks");
  const other = await createTask(p.state, "No sink");
  const seen: Array<[string, number | undefined, string]> = [];
  const rec = await RunRecorder.open(p.state, task, {
    sink: (env, t) => seen.push([env.event.type, env.seq, t.id]),
  });
  const quiet = await RunRecorder.open(p.state, other);
  rec.start();
  quiet.start();
  rec.emit({
    type: "agent_delta",
    role: "coder",
    subtask: null,
    delta: { kind: "thinking", text: "…" },
  });
  await quiet.close();
  await rec.close();
  assertEquals(seen, [
    ["run_started", 1, task.id],
    ["agent_delta", undefined, task.id],
    ["run_finished", 2, task.id],
  ]);
});

Deno.test("emitAll writes a batch as whole lines in order, seq continuing, deltas published in place", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "Batch");
  const rec = await RunRecorder.open(p.state, task);
  const published: string[] = [];
  rec.subscribe((env) => published.push(`${env.event.type}:${env.seq ?? "-"}`));
  rec.start();
  const envs = rec.emitAll([
    { type: "phase_started", phase: "build" },
    { type: "agent_delta", role: "coder", subtask: null, delta: { kind: "text", text: "a" } },
    { type: "agent_finished", role: "coder", steps: 1, usage: usage(5, 6), stop: "completed" },
    { type: "phase_finished", phase: "build", success: true, summary: "ok" },
  ]);
  assertEquals(envs.map((e) => e.seq), [2, undefined, 3, 4]);
  assertEquals(published, [
    "run_started:1",
    "phase_started:2",
    "agent_delta:-",
    "agent_finished:3",
    "phase_finished:4",
  ]);
  await rec.finish({ success: true, status: "done" });
  await rec.close();
  const ls = await lines(p.state, task);
  assertEquals(types(ls), [
    "run_started",
    "phase_started",
    "agent_finished",
    "phase_finished",
    "run_finished",
  ]);
  assertEquals(seqs(ls), [1, 2, 3, 4, 5]);
  assertEquals((ls[4].event as { usage: unknown }).usage, usage(5, 6));
});

Deno.test("a resume after the run's process died continues it: seq gapless, run_finished last", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "Dies");
  // What a process killed mid-run leaves: a started run without run_finished.
  const run = "5b0d3c1e-0000-4000-8000-00000000dead";
  await Deno.writeTextFile(
    p.state.logPath(task.dir),
    [
      { seq: 1, event: { type: "run_started", run, task: task.id } },
      { seq: 2, event: { type: "phase_started", run, phase: "build" } },
    ].map((l) =>
      JSON.stringify({ schema: 2, seq: l.seq, at: "2026-09-01T08:00:00Z", event: l.event }) + "\n"
    ).join(""),
  );
  const rec = await RunRecorder.open(p.state, task, { mode: "resume" });
  assertEquals(rec.run, run);
  rec.start();
  await rec.finish({ success: true, status: "done" });
  await rec.close();
  const ls = await lines(p.state, task);
  assertEquals(types(ls), ["run_started", "phase_started", "run_started", "run_finished"]);
  assertEquals(seqs(ls), [1, 2, 3, 4]);
  assertEquals(new Set(ls.map((l) => (l.event as { run: string }).run)), new Set([run]));
});

// ------------------------------------------------ opening a task with a long log

/** Writes a log of one run of `events` agent_text events (about 30 MB), ended as `status`. */
async function longRun(
  state: StateDir,
  task: Task,
  run: string,
  status: "done" | "paused" | "died",
) {
  const at = "2026-10-01T00:00:00.000000Z";
  const line = (seq: number, event: Record<string, unknown>) =>
    JSON.stringify({ schema: 2, seq, at, event }) + "\n";
  const file = await Deno.open(state.logPath(task.dir), { write: true, create: true });
  const text = "a long answer, with words: ".repeat(8);
  let parts = [line(1, { type: "run_started", run, task: task.id })];
  let seq = 1;
  for (let i = 0; i < 120_000; i++) {
    parts.push(line(++seq, { type: "agent_text", run, role: "coder", subtask: null, text }));
    if (parts.length === 4096) {
      await file.write(new TextEncoder().encode(parts.join("")));
      parts = [];
    }
  }
  if (status === "paused") parts.push(line(++seq, { type: "paused", run, reason: "budget" }));
  // A process that died: a last line of its own, no run_finished.
  if (status === "died") parts.push(line(++seq, { type: "log", run, level: "info", message: "m" }));
  else {parts.push(line(++seq, {
      type: "run_finished",
      run,
      success: status === "done",
      status,
      usage: usage(0, 0),
      active_ms: 0,
      started_at: at,
    }));}
  await file.write(new TextEncoder().encode(parts.join("")));
  file.close();
  await saveRunState(state, task.dir, {
    ...emptyRunState(),
    run,
    started_at: at,
    ...(status === "died" ? {} : { status }),
  });
  return { seq, size: (await Deno.stat(state.logPath(task.dir))).size };
}

Deno.test("a new run after a long finished one reads the log's end, not the whole run", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "Long");
  const run = "aaaaaaaa-0000-4000-8000-000000000001";
  const { size } = await longRun(p.state, task, run, "done");
  assert(size > 25_000_000, `generated ${size} bytes`);
  const { value: rec, bytes } = await countReads(() => RunRecorder.open(p.state, task));
  assert(bytes < size / 100, `read ${bytes} of ${size} bytes`);
  assert(rec.run !== run);
  rec.start();
  await rec.finish({ success: true, status: "done" });
  await rec.close();
  // Nothing was added for the old run: the new one follows its run_finished.
  const tail = (await Deno.readTextFile(p.state.logPath(task.dir))).slice(size).trim().split("\n");
  assertEquals(tail.map((l) => [JSON.parse(l).seq, JSON.parse(l).event.type]), [
    [1, "run_started"],
    [2, "run_finished"],
  ]);
});

Deno.test("resuming a long paused run reads the log's end and continues its seq", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "Long paused");
  const run = "bbbbbbbb-0000-4000-8000-000000000002";
  const { seq, size } = await longRun(p.state, task, run, "paused");
  const { value: rec, bytes } = await countReads(() =>
    RunRecorder.open(p.state, task, { mode: "resume" })
  );
  assert(bytes < size / 100, `read ${bytes} of ${size} bytes`);
  assertEquals(rec.run, run);
  assertEquals(rec.seq, seq);
  rec.start();
  await rec.finish({ success: true, status: "done" });
  await rec.close();
  const tail = (await Deno.readTextFile(p.state.logPath(task.dir))).slice(size).trim().split("\n");
  assertEquals(tail.map((l) => [JSON.parse(l).seq, JSON.parse(l).event.run]), [
    [seq + 1, run],
    [seq + 2, run],
  ]);
});

Deno.test("a new run after a long run whose process died finishes it, reading the log's end", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "Long dead");
  const run = "cccccccc-0000-4000-8000-000000000003";
  const { seq, size } = await longRun(p.state, task, run, "died");
  const repairs: string[] = [];
  const { value: rec, bytes } = await countReads(() =>
    RunRecorder.open(p.state, task, { onRepair: (m) => repairs.push(m) })
  );
  assert(bytes < size / 100, `read ${bytes} of ${size} bytes`);
  assertEquals(repairs.length, 1);
  rec.start();
  await rec.finish({ success: true, status: "done" });
  await rec.close();
  const tail = (await Deno.readTextFile(p.state.logPath(task.dir))).slice(size).trim().split("\n")
    .map((l) => JSON.parse(l));
  assertEquals(tail.map((l) => [l.seq, l.event.type, l.event.run === run]), [
    [seq + 1, "log", true],
    [seq + 2, "run_finished", true],
    [1, "run_started", false],
    [2, "run_finished", false],
  ]);
  assertEquals(tail[1].event.status, "failed");
});

Deno.test("an approval written after a paused run's end does not make it a dead run", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "Paused, then approved");
  const run = "dddddddd-0000-4000-8000-000000000004";
  const { seq, size } = await longRun(p.state, task, run, "paused");
  const extra = [
    { type: "approval_resolved", run, gate: "plan", approved: true, comment: null },
    { type: "log", run, level: "info", message: "approved by taskline approve" },
  ].map((event, k) =>
    JSON.stringify({ schema: 2, seq: seq + 1 + k, at: "2026-10-01T00:00:01.000000Z", event }) + "\n"
  ).join("");
  await Deno.writeTextFile(p.state.logPath(task.dir), extra, { append: true });
  const repairs: string[] = [];
  const rec = await RunRecorder.open(p.state, task, {
    mode: "new",
    onRepair: (m) => repairs.push(m),
  });
  assertEquals(repairs, []);
  await rec.close();
  const after = await Deno.readTextFile(p.state.logPath(task.dir));
  assertEquals(after.length, size + extra.length, "nothing was added for the paused run");
});
