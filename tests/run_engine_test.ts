/**
 * End-to-end tests of `taskline run`, `approve`, `reject` and `cancel`: real
 * processes under the shipped permissions on temporary projects.
 */
import { assert, assertEquals, assertMatch, assertStringIncludes } from "./assert.ts";
import { runCli, spawnCli, tempProject } from "./helpers.ts";
import { createTask } from "../src/store/tasks.ts";
import type { StateDir } from "../src/store/state_dir.ts";

interface Line {
  schema?: number;
  seq?: number;
  at: string;
  event: Record<string, unknown> & { type: string };
}

async function logOf(state: StateDir, dir: string): Promise<Line[]> {
  const text = await Deno.readTextFile(state.logPath(dir));
  assert(text.endsWith("\n"), "the log ends with a complete line");
  return text.trimEnd().split("\n").map((l) => JSON.parse(l));
}

function types(lines: Line[]): string[] {
  return lines.map((l) => l.event.type);
}

async function config(state: StateDir, pipeline: Record<string, unknown>) {
  await Deno.writeTextFile(state.configPath, JSON.stringify({ pipeline }));
}

/** A scenario that keeps a run busy for a long time (cancel, second run, Ctrl-C). */
const SLOW = JSON.stringify({
  name: "slow",
  tick_ms: 100,
  phases: [{
    name: "build",
    repeat: 1000,
    agents: [{ role: "coder", steps: [{ text: "working slowly" }] }],
  }],
});

Deno.test("run: a gate in pipeline.approvals pauses the run and exits 2", async () => {
  await using p = await tempProject();
  await config(p.state, { approvals: ["spec"] });
  const task = await createTask(p.state, "Add login");
  const r = await runCli(["run", "1", "--speed", "200", "--json"], { cwd: p.dir });
  assertEquals(r.code, 2, r.stderr);
  const summary = JSON.parse(r.stdout.trimEnd().split("\n").at(-1)!);
  assertEquals(summary.run_status, "awaiting_approval");
  assertEquals(summary.last_error, null);
  assertEquals(summary.pending_approval, "spec");
  const log = await logOf(p.state, task.dir);
  assertEquals(types(log).slice(-4), [
    "budget_updated",
    "approval_requested",
    "paused",
    "run_finished",
  ]);
  assertEquals(log.at(-1)!.event.status, "paused");
  const taskJson = JSON.parse(await Deno.readTextFile(p.state.taskJsonPath(task.dir)));
  assertEquals(taskJson.status, "paused");
  // Nothing else happens until a human answers.
  const again = await runCli(["run", "1", "--resume"], { cwd: p.dir });
  assertEquals(again.code, 1);
  assertStringIncludes(again.stderr, "waits for approval of the spec gate");
});

Deno.test("approve then run --resume continues the same run with continuous seq", async () => {
  await using p = await tempProject();
  await config(p.state, { approvals: ["spec"] });
  const task = await createTask(p.state, "Add login");
  assertEquals((await runCli(["run", "1", "--speed", "200"], { cwd: p.dir })).code, 2);
  const ok = await runCli(["approve", "1", "--comment", "looks right"], { cwd: p.dir });
  assertEquals(ok.code, 0, ok.stderr);
  assertStringIncludes(ok.stdout, "Approved the spec gate of task #1");
  const resumed = await runCli(["run", "1", "--resume", "--speed", "200"], { cwd: p.dir });
  assertEquals(resumed.code, 0, resumed.stderr);
  const log = await logOf(p.state, task.dir);
  const run = log[0].event.run;
  assert(log.every((l) => l.event.run === run), "one run");
  assertEquals(log.map((l) => l.seq), log.map((_, i) => i + 1));
  assertEquals(log.filter((l) => l.event.type === "run_started").length, 2);
  const resolved = log.find((l) => l.event.type === "approval_resolved")!;
  assertEquals(resolved.event.approved, true);
  assertEquals(resolved.event.comment, "looks right");
  // The resumed part does not play the spec phase again.
  const afterResume = log.slice(log.findLastIndex((l) => l.event.type === "run_started"));
  assert(!afterResume.some((l) => l.event.type === "phase_started" && l.event.phase === "spec"));
  const last = log.at(-1)!.event;
  assertEquals([last.type, last.success, last.status], ["run_finished", true, "done"]);
  // Nothing is pending any more.
  const none = await runCli(["approve", "1"], { cwd: p.dir });
  assertEquals(none.code, 1);
  assertStringIncludes(none.stderr, "nothing is pending");
});

Deno.test("reject sends the work back: the phase before the gate is played again", async () => {
  await using p = await tempProject();
  await config(p.state, { approvals: ["spec"] });
  const task = await createTask(p.state, "Add login");
  assertEquals((await runCli(["run", "1", "--speed", "200"], { cwd: p.dir })).code, 2);
  const noReason = await runCli(["reject", "1"], { cwd: p.dir });
  assertEquals(noReason.code, 2);
  const r = await runCli(["reject", "1", "--reason", "too vague"], { cwd: p.dir });
  assertEquals(r.code, 0, r.stderr);
  const resumed = await runCli(["run", "1", "--resume", "--speed", "200"], { cwd: p.dir });
  assertEquals(resumed.code, 2, resumed.stderr);
  const log = await logOf(p.state, task.dir);
  const specStarts = log.filter((l) =>
    l.event.type === "phase_started" && l.event.phase === "spec"
  );
  assertEquals(specStarts.length, 2);
  const resolved = log.find((l) => l.event.type === "approval_resolved")!;
  assertEquals([resolved.event.approved, resolved.event.comment], [false, "too vague"]);
  assertEquals(log.filter((l) => l.event.type === "approval_requested").length, 2);
  assertEquals(log.map((l) => l.seq), log.map((_, i) => i + 1));
});

Deno.test("run --json: a budget pause and an approval pause are told apart by run_status", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "Budget");
  const r = await runCli(["run", "1", "--speed", "200", "--json", "--max-tokens", "4000"], {
    cwd: p.dir,
  });
  assertEquals(r.code, 2, r.stderr);
  const lines = r.stdout.trimEnd().split("\n").map((l) => JSON.parse(l));
  const summary = lines.at(-1);
  assertEquals(summary.run_status, "budget_exhausted");
  assertMatch(summary.last_error, /budget reached: \d+ of 4000 tokens/);
  assertEquals(summary.token_limit, 4000);
  const log = await logOf(p.state, task.dir);
  assertEquals(types(log).slice(-3), ["budget_updated", "paused", "run_finished"]);
  const stopped = log.findLast((l) => l.event.type === "agent_finished")!;
  assertEquals(JSON.parse(String(stopped.event.stop)).reason, "budget");
  // The budget holds across resumes: the same limit pauses again at once.
  const again = await runCli(["run", "1", "--resume", "--json", "--max-tokens", "4000"], {
    cwd: p.dir,
  });
  assertEquals(again.code, 2);
  assertEquals(
    JSON.parse(again.stdout.trimEnd().split("\n").at(-1)!).run_status,
    "budget_exhausted",
  );
  // A higher budget lets it finish; run_finished totals cover every resume.
  const done = await runCli(["run", "1", "--resume", "--speed", "200", "--max-tokens", "1000000"], {
    cwd: p.dir,
  });
  assertEquals(done.code, 0, done.stderr);
  const final = (await logOf(p.state, task.dir)).at(-1)!.event;
  const usage = final.usage as Record<string, number>;
  assertEquals(usage.input_tokens + usage.output_tokens >= 26000, true);
});

Deno.test("run --json prints agent_delta lines that the log does not keep", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "Deltas");
  const r = await runCli(["run", "1", "--speed", "200", "--json"], { cwd: p.dir });
  assertEquals(r.code, 0, r.stderr);
  const out = r.stdout.trimEnd().split("\n").map((l) => JSON.parse(l));
  const deltas = out.filter((l) => l.event?.type === "agent_delta");
  assert(deltas.length > 5, "deltas printed");
  assert(deltas.every((d) => d.seq === undefined && d.schema === 2), "ephemeral: no seq");
  const log = await logOf(p.state, task.dir);
  assert(!types(log).includes("agent_delta"), "no delta in events.jsonl");
  // Every logged envelope was printed, in order, and the texts are the deltas joined.
  const printed = out.filter((l) => l.event && typeof l.seq === "number").map((l) => l.seq);
  assertEquals(printed, log.map((l) => l.seq));
  const firstText = log.find((l) => l.event.type === "agent_text")!.event.text;
  const textDeltas = deltas.filter((d) => d.event.delta.kind === "text");
  assert(textDeltas.map((d) => d.event.delta.text).join("").startsWith(String(firstText)));
  // Calls pair up, have 12 hex digits, and parallel ones return out of order.
  const called = log.filter((l) => l.event.type === "tool_called").map((l) => l.event.call);
  const returned = log.filter((l) => l.event.type === "tool_returned").map((l) => l.event.call);
  assert(called.every((c) => /^[0-9a-f]{12}$/.test(String(c))));
  assertEquals([...called].sort(), [...returned].sort());
  assert(called.join() !== returned.join(), "parallel calls returned out of order");
  const ret = log.find((l) => l.event.type === "tool_returned")!.event;
  const kept = await Deno.readTextFile(`${p.dir}/${ret.output_file}`);
  assertEquals(kept.length, ret.output_chars);
  assertEquals(out.at(-1).run_status, "done");
  const lessons = await Deno.readTextFile(p.state.memoryPath);
  assertStringIncludes(lessons, '"number":1');
});

Deno.test("cancel from another process stops the run; a second run is refused meanwhile", async () => {
  await using p = await tempProject();
  await Deno.mkdir(`${p.state.root}/scenarios`);
  await Deno.writeTextFile(`${p.state.root}/scenarios/slow.jsonc`, SLOW);
  const task = await createTask(p.state, "Slow");
  const none = await runCli(["cancel", "1"], { cwd: p.dir });
  assertEquals(none.code, 1);
  assertStringIncludes(none.stderr, "no process is running it");
  await using run = spawnCli(["run", "1", "--scenario", "slow", "--json"], { cwd: p.dir });
  await run.waitLines(3, 20_000);
  const second = await runCli(["run", "1"], { cwd: p.dir });
  assertEquals(second.code, 1);
  assertStringIncludes(second.stderr, "another process is running it");
  const started = Date.now();
  const c = await runCli(["cancel", "1"], { cwd: p.dir });
  assertEquals(c.code, 0, c.stderr);
  assertStringIncludes(c.stdout, "Cancelled the run of task #1");
  const status = await run.done;
  assertEquals(status.code, 130);
  assert(Date.now() - started < 15_000);
  const log = await logOf(p.state, task.dir);
  assertEquals(
    log.filter((l) => l.event.type === "run_started").length,
    1,
    "second run wrote nothing",
  );
  const last = log.at(-1)!.event;
  assertEquals([last.type, last.success, last.status], ["run_finished", false, "cancelled"]);
  const summary = JSON.parse(run.lines.at(-1)!);
  assertEquals(summary.run_status, "cancelled");
  await Deno.stat(p.state.cancelPath(task.dir)).then(
    () => assert(false, "cancel.request is removed"),
    () => {},
  );
});

Deno.test("Ctrl-C ends the run with run_finished and exit 130", async () => {
  await using p = await tempProject();
  await Deno.mkdir(`${p.state.root}/scenarios`);
  await Deno.writeTextFile(`${p.state.root}/scenarios/slow.jsonc`, SLOW);
  const task = await createTask(p.state, "Slow");
  await using run = spawnCli(["run", "1", "--scenario", ".taskline/scenarios/slow.jsonc"], {
    cwd: p.dir,
  });
  await run.waitLines(2, 20_000);
  run.kill("SIGINT");
  assertEquals((await run.done).code, 130);
  const last = (await logOf(p.state, task.dir)).at(-1)!.event;
  assertEquals([last.type, last.status], ["run_finished", "cancelled"]);
});

Deno.test("run: validation fixes are bounded over the whole run; failures end as failed", async () => {
  await using p = await tempProject();
  await config(p.state, { max_validation_fix_attempts: 1 });
  const task = await createTask(p.state, "Fixes");
  const scenario = JSON.stringify({
    tick_ms: 1,
    phases: [{
      name: "validate",
      validations: [
        { command: "deno test", exit_codes: [1, 0] },
        { command: "deno lint", exit_codes: [1, 0] },
      ],
    }],
  });
  const r = await runCli(["run", "1", "--scenario", "-", "--json"], {
    cwd: p.dir,
    stdin: scenario,
  });
  assertEquals(r.code, 1, r.stderr);
  const summary = JSON.parse(r.stdout.trimEnd().split("\n").at(-1)!);
  assertEquals(summary.run_status, "failed");
  assertStringIncludes(summary.last_error, "deno lint");
  const log = await logOf(p.state, task.dir);
  const v = log.filter((l) => l.event.type === "validation_finished").map((l) => l.event.passed);
  assertEquals(v, [false, true, false]);
  const last = log.at(-1)!.event;
  assertEquals([last.success, last.status], [false, "failed"]);
  const runJson = JSON.parse(await Deno.readTextFile(p.state.runJsonPath(task.dir)));
  assertEquals(runJson.validation_fix_attempts, 1);
  assertEquals(
    JSON.parse(await Deno.readTextFile(p.state.taskJsonPath(task.dir))).status,
    "failed",
  );
});

Deno.test("run: a workspace that cannot be opened keeps the task's status", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "No workspace", { status: "backlog" });
  const scenario = '{"workspace_error": true, "phases": [{"name": "build"}]}';
  const r = await runCli(["run", "1", "--scenario", "-"], { cwd: p.dir, stdin: scenario });
  assertEquals(r.code, 1);
  const last = (await logOf(p.state, task.dir)).at(-1)!.event;
  assertEquals([last.type, last.success, last.status], ["run_finished", false, "backlog"]);
  assertEquals(
    JSON.parse(await Deno.readTextFile(p.state.taskJsonPath(task.dir))).status,
    "backlog",
  );
});

Deno.test("run: a scenario outside .taskline/ or against the schema is refused clearly", async () => {
  await using p = await tempProject();
  await createTask(p.state, "X");
  const outside = await runCli(["run", "1", "--scenario", "scenario.jsonc"], { cwd: p.dir });
  assertEquals(outside.code, 2);
  assertStringIncludes(outside.stderr, "reads only inside .taskline/");
  const bad = await runCli(["run", "1", "--scenario", "-"], {
    cwd: p.dir,
    stdin: '{"phases": [{"name": "Build", "agents": [{}]}]}',
  });
  assertEquals(bad.code, 2);
  assertStringIncludes(bad.stderr, "must match pattern");
  assertStringIncludes(bad.stderr, "role");
  await Deno.stat(p.state.logPath("001-x")).then(
    () => assert(false, "a refused run writes no log"),
    () => {},
  );
});
