/**
 * The history view as a library: documents built from every fixture format,
 * compared with the peer's recorded answers, and the rules on totals, cost,
 * run states and changed files.
 */
import { assert, assertEquals } from "./assert.ts";
import { copyTree, env, REPO, taskWithLog, tempProject } from "./helpers.ts";
import { StateDir } from "../src/store/state_dir.ts";
import type { Task } from "../src/store/tasks.ts";
import { acquireTaskLock } from "../src/store/lock.ts";
import { defaultSettings, loadSettings } from "../src/store/settings.ts";
import type { Envelope } from "../src/contract/envelope.ts";
import { buildTaskHistory, listHistory } from "../src/views/history.ts";

/** The peer fixtures (a copy of ../shared/peer-fixtures). */
export const PEER = `${REPO}/fixtures/peer`;

async function project(name: string): Promise<{ dir: string; state: StateDir } & AsyncDisposable> {
  const dir = await Deno.makeTempDir({ prefix: "taskline-history-" });
  await copyTree(`${REPO}/fixtures/projects/${name}`, dir);
  return {
    dir,
    state: new StateDir(`${dir}/.taskline`),
    [Symbol.asyncDispose]: () => Deno.remove(dir, { recursive: true }).catch(() => {}),
  };
}

/** Every key path of a JSON value (`a.b[].c`), objects and arrays of objects walked. */
function keyPaths(v: unknown, prefix = "", out = new Set<string>()): Set<string> {
  if (Array.isArray(v)) { for (const x of v) keyPaths(x, `${prefix}[]`, out); }
  else if (v !== null && typeof v === "object") {
    for (const [k, x] of Object.entries(v)) {
      out.add(`${prefix}.${k}`);
      keyPaths(x, `${prefix}.${k}`, out);
    }
  }
  return out;
}

/** The peer's real run as a taskline task: real-events.json without its tags. */
async function peerRealTask(state: StateDir): Promise<Task> {
  const tagged = JSON.parse(await Deno.readTextFile(`${PEER}/real-events.json`)) as Record<
    string,
    unknown
  >[];
  const envs = tagged.map(({ task: _t, number: _n, ...e }) => e as unknown as Envelope);
  return await taskWithLog(state, "Write the greeting", envs, {
    number: 1,
    id: "a659bab9-7d19-4381-bf16-a3a666e364c7",
    status: "ready",
  });
}

Deno.test("the real peer run gives the peer's recorded TaskHistory, field for field", async () => {
  await using p = await tempProject();
  const task = await peerRealTask(p.state);
  const ours = await buildTaskHistory(p.state, task);
  const theirs = JSON.parse(await Deno.readTextFile(`${PEER}/real-history-detail.json`));
  const {
    current: _c,
    legacy: _l,
    paused_reason: _p,
    sessions: _s,
    calls: _k,
    cost: _x,
    cost_reported: _r,
    ...run
  } = ours.runs[0];
  assertEquals(run, theirs.runs[0]);
  assertEquals(ours.totals, theirs.totals);
  assertEquals(ours.changed_files, theirs.changed_files);
  assertEquals(ours.last_activity, theirs.last_activity);
  assertEquals(ours.errors, []);
  assertEquals(ours.cost, null); // mock-model has no price
  assertEquals(ours.unpriced_models, ["mock-model"]);
});

Deno.test("every field name of the peer's TaskHistory documents is in ours", async () => {
  await using p = await project("releases");
  await peerRealTask(p.state);
  const mine = new Set<string>();
  const { settings } = await loadSettings(p.state);
  for (const d of await listHistory(p.state, { all: true, settings })) {
    for (const k of keyPaths(d)) mine.add(k);
  }
  for (const doc of ["real-history-detail.json", "history-detail.json"]) {
    const want = keyPaths(JSON.parse(await Deno.readTextFile(`${PEER}/${doc}`)));
    const missing = [...want].filter((k) =>
      // Task details we do not keep, and the peer's git-only facts (file status, renames).
      !/^\.task\.(complexity|labels|source|updated_at)/.test(k) &&
      !k.startsWith(".changed_files.source.") && !k.endsWith(".old_path") && !mine.has(k)
    );
    assertEquals(missing, [], `${doc}: field names missing from ours`);
  }
});

Deno.test("history of every release format: runs, states, totals and lower bounds", async () => {
  await using p = await project("releases");
  const { settings } = await loadSettings(p.state);
  const docs = await listHistory(p.state, { all: true, settings });
  assertEquals(docs.map((d) => d.number), [8, 7, 6, 5, 4, 3, 2, 1]); // most recent first
  const by = new Map(docs.map((d) => [d.number, d]));
  // 0.1, 0.2 and 0.4: totals are lower bounds, no cost (models not recorded).
  for (const n of [1, 2, 3]) {
    const d = by.get(n)!;
    assertEquals(d.totals.complete, false, `#${n}`);
    assertEquals(d.runs[0].legacy, true, `#${n}`);
    assertEquals(d.cost, null, `#${n}`);
    assertEquals(d.unpriced_models, [""], `#${n}`);
  }
  // The lower bound of a 0.2 log is what its sessions reported, not zero.
  assert(by.get(2)!.totals.usage.input_tokens > 0);
  // 0.5 paused by its budget and resumed: one run, one resume, the totals of
  // the last run_finished (they include the first part), never a sum.
  const resumed = by.get(4)!;
  assertEquals(resumed.totals.runs, 1);
  assertEquals(resumed.runs[0].resumes, 1);
  assertEquals(resumed.runs[0].state, "finished");
  assertEquals(resumed.runs[0].totals_known, true);
  const log = await Deno.readTextFile(p.state.logPath(resumed.dir));
  const finishes = log.split("\n").filter((l) => l.includes('"run_finished"')).map((l) =>
    JSON.parse(l).event
  );
  assertEquals(finishes.length, 2);
  assertEquals(resumed.runs[0].usage, finishes[1].usage);
  assertEquals(resumed.runs[0].active_ms, finishes[1].active_ms);
  // Priced model (claude-sonnet-5 in config.jsonc) gives a cost.
  assert(resumed.cost !== null && resumed.cost.amount > 0);
  assertEquals(resumed.cost.currency, "USD");
  // 0.5 approval: the gate answered, the merge, changed files from the merge.
  const approval = by.get(5)!;
  assertEquals(approval.runs[0].approvals.map((a) => [a.gate, a.approved]), [["plan", true]]);
  assertEquals(approval.runs[0].pending_approval, null);
  assertEquals(approval.changed_files.source.kind, "merged");
  assertEquals(approval.changed_files.approximate, false);
  assertEquals(approval.changed_files.files.map((f) => f.path), [
    "src/cli.rs",
    "src/config.rs",
    "src/main.rs",
  ]);
  // gpt-6-mini has no price: no cost, and the model is named.
  assertEquals(approval.cost, null);
  assertEquals(approval.unpriced_models, ["gpt-6-mini"]);
  // 0.5 failed: two runs, both finished without success; the last error kept.
  const failed = by.get(6)!;
  assertEquals(failed.runs.length, 2);
  assertEquals(failed.runs.map((r) => r.success), [false, false]);
  assertEquals(failed.runs[1].status, "failed");
  assertEquals(failed.validations_passed, false);
  // 0.2 resumed by 0.5: one run, one resume, lower bounds (its first part has no totals).
  const mixed = by.get(8)!;
  assertEquals(mixed.runs.length, 1);
  assertEquals(mixed.runs[0].resumes, 1);
  assertEquals(mixed.runs[0].totals_known, false);
});

Deno.test("without --all only ready and done tasks are listed", async () => {
  await using p = await project("releases");
  const docs = await listHistory(p.state, {});
  assert(docs.length > 0);
  for (const d of docs) assert(["ready", "done"].includes(d.task.status), d.task.status);
  const all = await listHistory(p.state, { all: true });
  assert(all.length > docs.length);
});

Deno.test("a pre-0.5 run keeps exact totals when run.json still describes it", async () => {
  await using p = await tempProject();
  const run = "11111111-2222-4333-8444-555555555555";
  const task = await taskWithLog(p.state, "Old work", [
    env(1, "2026-03-01T10:00:00Z", { type: "run_started", run, task: "t" }),
    env(2, "2026-03-01T10:00:01Z", { type: "agent_started", run, role: "coder", subtask: null }),
    env(3, "2026-03-01T10:00:02Z", {
      type: "agent_finished",
      run,
      role: "coder",
      steps: 1,
      usage: { input_tokens: 100, output_tokens: 10, cache_read_tokens: 0, cache_write_tokens: 0 },
      stop: "completed",
    }),
    env(4, "2026-03-01T10:00:03Z", { type: "run_finished", run, success: true, status: "done" }),
  ], { status: "done" });
  let d = await buildTaskHistory(p.state, task);
  assertEquals(d.runs[0].totals_known, false);
  assertEquals(d.runs[0].usage.input_tokens, 100); // the sessions' sum is a lower bound
  // run.json as 0.4 wrote it names no run and has the totals of the current run.
  await Deno.writeTextFile(
    p.state.runJsonPath(task.dir),
    JSON.stringify({
      usage: { input_tokens: 900, output_tokens: 90, cache_read_tokens: 0, cache_write_tokens: 0 },
      active_ms: 7000,
    }),
  );
  d = await buildTaskHistory(p.state, task);
  assertEquals(d.runs[0].totals_known, true);
  assertEquals(d.totals.complete, true);
  assertEquals(d.runs[0].usage.input_tokens, 900);
  assertEquals(d.totals.active_ms, 7000);
  assertEquals(d.cost, null); // the model is still unknown
});

Deno.test("a run is running while a process holds the lock, interrupted otherwise", async () => {
  await using p = await tempProject();
  const run = "22222222-2222-4333-8444-555555555555";
  const task = await taskWithLog(p.state, "Busy", [
    env(1, "2026-03-01T10:00:00Z", { type: "run_started", run, task: "t" }),
    env(2, "2026-03-01T10:00:01Z", { type: "phase_started", run, phase: "build" }),
  ]);
  let d = await buildTaskHistory(p.state, task);
  assertEquals(d.runs[0].state, "interrupted");
  assertEquals(d.runs[0].phases[0].success, null);
  assertEquals(d.totals.complete, false);
  const lock = await acquireTaskLock(p.state, task.dir);
  try {
    // The lock is held by this process; isTaskRunning opens a second handle.
    d = await buildTaskHistory(p.state, task);
    assertEquals(d.runs[0].state, "running");
    assertEquals(d.running, true);
  } finally {
    lock.release();
  }
});

Deno.test("cost needs every session priced; the currency comes from pricing_currency", async () => {
  await using p = await tempProject();
  const run = "33333333-2222-4333-8444-555555555555";
  const usage = (i: number) => ({
    input_tokens: i,
    output_tokens: 0,
    cache_read_tokens: 0,
    cache_write_tokens: 0,
  });
  const session = (seq: number, model: string, role: string, tokens: number): Envelope[] => [
    env(seq, "2026-03-01T10:00:01Z", { type: "agent_started", run, role, subtask: null, model }),
    env(seq + 1, "2026-03-01T10:00:02Z", {
      type: "agent_finished",
      run,
      role,
      steps: 1,
      usage: usage(tokens),
      stop: "completed",
    }),
  ];
  const task = await taskWithLog(p.state, "Priced", [
    env(1, "2026-03-01T10:00:00Z", { type: "run_started", run, task: "t" }),
    ...session(2, "m-cheap", "planner", 1_000_000),
    ...session(4, "m-dear", "coder", 2_000_000),
    env(6, "2026-03-01T10:00:03Z", {
      type: "run_finished",
      run,
      success: true,
      status: "done",
      usage: usage(3_000_000),
      active_ms: 1000,
      started_at: "2026-03-01T10:00:00Z",
    }),
  ]);
  const settings = defaultSettings();
  settings.pricing = { "acme/m-cheap": { input: 1, output: 0, cache_read: 0, cache_write: 0 } };
  let d = await buildTaskHistory(p.state, task, { settings });
  assertEquals(d.cost, null);
  assertEquals(d.unpriced_models, ["m-dear"]);
  settings.pricing["acme/m-dear"] = { input: 2, output: 0, cache_read: 0, cache_write: 0 };
  settings.pricing_currency = "EUR";
  d = await buildTaskHistory(p.state, task, { settings });
  assertEquals(d.cost, { amount: 5, currency: "EUR", complete: true });
  assertEquals(d.runs[0].cost, 5);
});

Deno.test("changed files: commits, else successful write_file/edit_file calls, approximate", async () => {
  await using p = await tempProject();
  const run = "44444444-2222-4333-8444-555555555555";
  const call = (seq: number, id: string, tool: string, path: string): Envelope =>
    env(seq, "2026-03-01T10:00:01Z", {
      type: "tool_called",
      run,
      role: "coder",
      tool,
      input: { path },
      call: id,
      subtask: null,
    });
  const ret = (seq: number, id: string, tool: string, isError: boolean): Envelope =>
    env(seq, "2026-03-01T10:00:02Z", {
      type: "tool_returned",
      run,
      role: "coder",
      tool,
      is_error: isError,
      duration_ms: 1,
      preview: "",
      call: id,
      subtask: null,
      exit_code: null,
      timed_out: false,
      output_chars: 0,
      output_file: null,
    });
  const task = await taskWithLog(p.state, "Writes", [
    env(1, "2026-03-01T10:00:00Z", { type: "run_started", run, task: "t" }),
    call(2, "aaaaaaaaaaa1", "write_file", "b.txt"),
    call(3, "aaaaaaaaaaa2", "edit_file", "a.txt"),
    call(4, "aaaaaaaaaaa3", "write_file", "failed.txt"),
    call(5, "aaaaaaaaaaa4", "read_file", "read.txt"),
    ret(6, "aaaaaaaaaaa3", "write_file", true),
    ret(7, "aaaaaaaaaaa2", "edit_file", false),
    ret(8, "aaaaaaaaaaa1", "write_file", false),
    ret(9, "aaaaaaaaaaa4", "read_file", false),
  ]);
  let d = await buildTaskHistory(p.state, task);
  assertEquals(d.changed_files, {
    source: { kind: "trace" },
    approximate: true,
    files: [{ path: "a.txt", status: "unknown" }, { path: "b.txt", status: "unknown" }],
  });
  await Deno.writeTextFile(
    p.state.logPath(task.dir),
    JSON.stringify(env(10, "2026-03-01T10:00:03Z", {
      type: "committed",
      run,
      subtask: null,
      commit: "c0ffee",
      message: "x",
      files: ["src/z.rs"],
    })) + "\n",
    { append: true },
  );
  d = await buildTaskHistory(p.state, task);
  assertEquals(d.changed_files.source.kind, "commits");
  assertEquals(d.changed_files.files.map((f) => f.path), ["src/z.rs"]);
  assertEquals(d.changed_files.approximate, true);
});

Deno.test("a task whose log has broken lines still shows, with the problems listed", async () => {
  await using p = await project("peer");
  const docs = await listHistory(p.state, { all: true });
  const broken = docs.find((d) => d.dir === "005-broken-lines")!;
  assert(broken.runs.length === 1);
  assert(broken.errors.length >= 3, broken.errors.join("\n"));
  assert(broken.errors.every((e) => /^line \d+: skipped a broken line/.test(e)), broken.errors[0]);
  const waiting = docs.find((d) => d.dir === "001-waiting")!;
  assertEquals(waiting.runs, []);
  assertEquals(waiting.last_activity, null);
  // The 0.5 log with every event type: the unknown schema-3 event is not interpreted.
  const every = docs.find((d) => d.dir === "003-add-login")!;
  assertEquals(every.runs.length, 1);
  assertEquals(every.runs[0].totals_known, true);
  assertEquals(every.last_qa?.round, 2);
});
