/**
 * Writes `fixtures/`: a log of each released format (0.1, 0.2, 0.4, 0.5), the
 * peer fixtures copied from `../shared/peer-fixtures/`, and the state
 * directories built from them. Every id and time is fixed, so running it again
 * gives the same bytes; the output is committed and reviewed like code.
 *
 * Old formats are written as those releases wrote them (key order, no schema
 * or seq before 0.3, no 0.5 fields before 0.5), not through today's encoder.
 *
 * Usage: `deno run -A scripts/make_fixtures.ts [--peer <dir>]`
 *
 * @module
 */
import { traceFileText } from "../src/store/trace_store.ts";

const ROOT = new URL("../fixtures/", import.meta.url).pathname;
const peerArg = Deno.args.indexOf("--peer");
const PEER = peerArg >= 0
  ? Deno.args[peerArg + 1]
  : new URL("../../shared/peer-fixtures/", import.meta.url).pathname;

type Obj = Record<string, unknown>;

/** A line as 0.1 and 0.2 wrote it: no schema, no seq. */
const v1 = (at: string, event: Obj) => JSON.stringify({ at, event });
/** A line as 0.4 and 0.5 wrote it. */
const v2 = (seq: number | undefined, at: string, event: Obj) =>
  JSON.stringify(seq === undefined ? { schema: 2, at, event } : { schema: 2, seq, at, event });

/** Timestamps a second apart (plus `stepMs`), with microseconds as the writer stamps them. */
function clock(start: string, stepMs = 1000) {
  let ms = Date.parse(start);
  let micros = 137;
  return (gapMs = 0): string => {
    ms += stepMs + gapMs;
    micros = (micros * 7 + 311) % 1000;
    return new Date(ms).toISOString().slice(0, 19) + "." +
      String(ms % 1000).padStart(3, "0") + String(micros).padStart(3, "0") + "Z";
  };
}
/** Timestamps with milliseconds, as 0.1 and 0.2 wrote them. */
function clockMs(start: string, stepMs = 1000) {
  let ms = Date.parse(start);
  return (gapMs = 0): string => {
    ms += stepMs + gapMs;
    return new Date(ms).toISOString();
  };
}

const usage = (i: number, o: number, cr = 0, cw = 0) => ({
  input_tokens: i,
  output_tokens: o,
  cache_read_tokens: cr,
  cache_write_tokens: cw,
});
const add = (...us: ReturnType<typeof usage>[]) =>
  us.reduce((a, u) =>
    usage(
      a.input_tokens + u.input_tokens,
      a.output_tokens + u.output_tokens,
      a.cache_read_tokens + u.cache_read_tokens,
      a.cache_write_tokens + u.cache_write_tokens,
    ), usage(0, 0));

interface TaskFixture {
  dir: string;
  task: Obj;
  log: string[];
  /** A last line without its newline (a torn write). */
  tornTail?: string;
  runJson?: Obj;
  traces?: Record<string, string>;
}

// ---------------------------------------------------------------- 0.1
function release01(): TaskFixture {
  const run = "3f2b8c1e-0a4d-4e6f-9b21-7d5c3a9e0f11";
  const task = "c41e7a52-9d3b-4f08-a6e2-1b9d0c7f3a01";
  const sub = "e5a0b7c2-3d41-4c9e-8f76-2a1b0c9d8e01";
  const t = clockMs("2026-02-03T09:14:00.000Z");
  const log = [
    v1(t(), { type: "run_started", run, task }),
    v1(t(), { type: "phase_started", run, phase: "spec" }),
    v1(t(), { type: "agent_started", run, role: "spec_writer", subtask: null }),
    v1(t(), {
      type: "tool_called",
      run,
      role: "spec_writer",
      tool: "read_file",
      input: { path: "src/server.rs" },
    }),
    v1(t(), {
      type: "tool_returned",
      run,
      role: "spec_writer",
      tool: "read_file",
      is_error: false,
      duration_ms: 2,
      preview: "use axum::Router;\n\npub fn routes() -> Router {",
    }),
    v1(t(), {
      type: "agent_text",
      run,
      role: "spec_writer",
      text: "The server has no health route; add GET /health answering 200.",
    }),
    v1(t(), {
      type: "agent_finished",
      run,
      role: "spec_writer",
      steps: 2,
      usage: usage(1820, 240),
      stop: "completed",
    }),
    v1(t(), { type: "artefact_written", run, artefact: { kind: "spec" } }),
    v1(t(), { type: "phase_finished", run, phase: "spec", success: true, summary: "spec written" }),
    v1(t(), { type: "phase_started", run, phase: "build" }),
    v1(t(), { type: "subtask_updated", run, subtask: sub, status: "in_progress" }),
    v1(t(), { type: "agent_started", run, role: "coder", subtask: sub }),
    v1(t(), {
      type: "tool_called",
      run,
      role: "coder",
      tool: "edit_file",
      input: {
        path: "src/server.rs",
        old: "Router::new()",
        new: 'Router::new().route("/health", get(ok))',
      },
    }),
    v1(t(), {
      type: "tool_returned",
      run,
      role: "coder",
      tool: "edit_file",
      is_error: false,
      duration_ms: 4,
      preview: "Edited src/server.rs (1 replacement).",
    }),
    v1(t(), {
      type: "agent_finished",
      run,
      role: "coder",
      steps: 3,
      usage: usage(4210, 515),
      stop: "completed",
    }),
    v1(t(), { type: "subtask_updated", run, subtask: sub, status: "done" }),
    v1(t(), {
      type: "phase_finished",
      run,
      phase: "build",
      success: true,
      summary: "1 subtask done",
    }),
    v1(t(), { type: "run_finished", run, success: true, status: "done" }),
  ];
  return {
    dir: "001-add-a-health-endpoint",
    task: {
      id: task,
      number: 1,
      title: "Add a health endpoint",
      description: "GET /health answers 200 with the version.",
      status: "done",
      created_at: "2026-02-03T09:13:12.004Z",
    },
    log,
  };
}

// ---------------------------------------------------------------- 0.2
function release02(): TaskFixture {
  const run = "8a61d0f4-5c2e-4b7a-93d8-0e4f1c2b3a02";
  const task = "5b0d9e13-7a2c-4e81-b4f6-3c8a2d1e9b02";
  const sub1 = "0f1e2d3c-4b5a-4968-8776-a5b4c3d2e102";
  const sub2 = "1a2b3c4d-5e6f-4a0b-9c1d-2e3f4a5b6c02";
  const t = clockMs("2026-04-14T15:02:00.000Z", 1500);
  const log = [
    v1(t(), { type: "run_started", run, task }),
    v1(t(), { type: "phase_started", run, phase: "plan" }),
    v1(t(), { type: "agent_started", run, role: "planner", subtask: null }),
    v1(t(), {
      type: "agent_text",
      run,
      role: "planner",
      text: "Two subtasks: parse the flag, then use it in the exporter.",
    }),
    v1(t(), {
      type: "agent_finished",
      run,
      role: "planner",
      steps: 1,
      usage: usage(2400, 310),
      stop: "completed",
    }),
    v1(t(), { type: "artefact_written", run, artefact: { kind: "plan" } }),
    v1(t(), { type: "phase_finished", run, phase: "plan", success: true, summary: "2 subtasks" }),
    v1(t(), {
      type: "budget_updated",
      run,
      tokens: 2710,
      token_limit: 40000,
      active_ms: 9000,
      duration_limit_ms: null,
    }),
    v1(t(), { type: "phase_started", run, phase: "build" }),
    v1(t(), { type: "subtask_updated", run, subtask: sub1, status: "in_progress" }),
    v1(t(), { type: "agent_started", run, role: "coder", subtask: sub1 }),
    v1(t(), {
      type: "tool_called",
      run,
      role: "coder",
      tool: "bash",
      input: { command: "cargo test -p export" },
    }),
    v1(t(5000), {
      type: "tool_returned",
      run,
      role: "coder",
      tool: "bash",
      is_error: false,
      duration_ms: 5012,
      preview: "running 14 tests\ntest result: ok. 14 passed; 0 failed",
    }),
    v1(t(), { type: "retrying", run, what: "provider call", attempt: 1, delay_ms: 2000 }),
    v1(t(2000), {
      type: "agent_finished",
      run,
      role: "coder",
      steps: 4,
      usage: usage(9100, 1240),
      stop: "completed",
    }),
    v1(t(), { type: "subtask_updated", run, subtask: sub1, status: "done" }),
    v1(t(), {
      type: "subtask_integrated",
      run,
      subtask: sub1,
      commit: "4e1f0a9b2c3d4e5f60718293a4b5c6d7e8f90a1b",
      conflicts: [],
    }),
    v1(t(), {
      type: "validation_finished",
      run,
      command: "cargo test",
      integration: true,
      passed: true,
      exit_code: 0,
    }),
    v1(t(), { type: "subtask_updated", run, subtask: sub2, status: "in_progress" }),
    v1(t(), {
      type: "budget_updated",
      run,
      tokens: 13050,
      token_limit: 40000,
      active_ms: 31000,
      duration_limit_ms: null,
    }),
    v1(t(), {
      type: "phase_finished",
      run,
      phase: "build",
      success: true,
      summary: "2 subtasks done",
    }),
    v1(t(), { type: "run_finished", run, success: true, status: "done" }),
  ];
  return {
    dir: "002-export-with-a-csv-flag",
    task: {
      id: task,
      number: 2,
      title: "Export with a --csv flag",
      status: "done",
      created_at: "2026-04-14T15:01:40.510Z",
    },
    log,
  };
}

// ---------------------------------------------------------------- 0.4
function release04(): TaskFixture {
  const run = "d2c4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e04";
  const task = "7e9f1a2b-3c4d-4e5f-a6b7-c8d9e0f1a204";
  const sub = "a0b1c2d3-e4f5-4a6b-8c7d-8e9f0a1b2c04";
  const t = clock("2026-07-21T08:30:00Z");
  let seq = 0;
  const e = (event: Obj, gap = 0) => v2(++seq, t(gap), event);
  const log = [
    e({ type: "run_started", run, task }),
    e({ type: "phase_started", run, phase: "assess" }),
    e({ type: "agent_started", run, role: "complexity_assessor", subtask: null }),
    e({
      type: "agent_text",
      run,
      role: "complexity_assessor",
      text: 'Simple change.\n\n```json\n{"complexity": "simple"}\n```',
    }),
    e({
      type: "agent_finished",
      run,
      role: "complexity_assessor",
      steps: 1,
      usage: usage(310, 42, 0, 2600),
      stop: '{"reason":"completed"}',
    }),
    e({ type: "phase_finished", run, phase: "assess", success: true, summary: "simple" }),
    e({ type: "phase_started", run, phase: "build" }),
    e({ type: "subtask_updated", run, subtask: sub, status: "in_progress" }),
    e({ type: "agent_started", run, role: "coder", subtask: sub }),
    e({
      type: "tool_called",
      run,
      role: "coder",
      tool: "write_file",
      input: { path: "docs/cli.md", content: "# CLI\n\n`--verbose` prints each step.\n" },
    }),
    e({
      type: "tool_returned",
      run,
      role: "coder",
      tool: "write_file",
      is_error: false,
      duration_ms: 1,
      preview: "Created `docs/cli.md` (38 bytes).",
    }),
    e({
      type: "tool_called",
      run,
      role: "coder",
      tool: "bash",
      input: { command: "make docs", timeout_secs: 60 },
    }),
    e({
      type: "tool_returned",
      run,
      role: "coder",
      tool: "bash",
      is_error: false,
      duration_ms: 2210,
      preview: "docs: 4 pages built",
    }, 2000),
    e({
      type: "agent_finished",
      run,
      role: "coder",
      steps: 3,
      usage: usage(5200, 660, 4100, 0),
      stop: '{"reason":"completed"}',
    }),
    e({ type: "subtask_updated", run, subtask: sub, status: "done" }),
    e({
      type: "subtask_integrated",
      run,
      subtask: sub,
      commit: "9c8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b",
      conflicts: [],
    }),
    e({
      type: "validation_finished",
      run,
      command: "make check",
      integration: true,
      passed: true,
      exit_code: 0,
    }),
    e({
      type: "budget_updated",
      run,
      tokens: 6212,
      token_limit: null,
      active_ms: 17000,
      duration_limit_ms: 1800000,
    }),
    e({ type: "phase_finished", run, phase: "build", success: true, summary: "1 subtask done" }),
    e({ type: "log", run, level: "info", message: "task branch ready for review" }),
    e({ type: "run_finished", run, success: true, status: "review" }),
  ];
  return {
    dir: "003-document-the-verbose-flag",
    task: {
      id: task,
      number: 3,
      title: "Document the --verbose flag",
      status: "review",
      created_at: "2026-07-21T08:29:31.877120Z",
      branch: "taskline/003-document-the-verbose-flag",
    },
    log,
    // As 0.4 wrote it: no usage, active_ms, approvals (they load as zero or empty).
    runJson: {
      run,
      validations: [{ command: "make check", passed: true, exit_code: 0 }],
      validation_fix_attempts: 0,
      pending_validation_fix: false,
    },
  };
}

// ---------------------------------------------------------------- 0.5: paused and resumed
function pausedResumed(): TaskFixture {
  const run = "41b7e2d9-6c0a-4f3e-b5d8-2a9c1e7f0b05";
  const task = "2f8a4c6e-0b1d-4e3f-9a5c-7e1b3d5f9a05";
  const sub = "6d5c4b3a-2f1e-4d0c-9b8a-7f6e5d4c3b05";
  const t = clock("2026-10-02T13:00:00Z");
  let seq = 0;
  const e = (event: Obj, gap = 0) => v2(++seq, t(gap), event);
  const u1 = usage(38000, 9000, 6000, 0);
  const u2 = usage(12500, 3100, 30000, 1200);
  const startedAt = t(0);
  const lines: string[] = [];
  seq = 1;
  lines.push(v2(1, startedAt, { type: "run_started", run, task }));
  lines.push(
    e({ type: "phase_started", run, phase: "plan" }),
    e({ type: "agent_started", run, role: "planner", subtask: null, model: "claude-sonnet-5" }),
    e({
      type: "tool_called",
      run,
      role: "planner",
      tool: "list_dir",
      input: { path: "src/api" },
      call: "5e0a91c3b7d2",
      subtask: null,
    }),
    e({
      type: "tool_returned",
      run,
      role: "planner",
      tool: "list_dir",
      is_error: false,
      duration_ms: 3,
      preview: "src/api/\n  tasks.rs\n  mod.rs",
      call: "5e0a91c3b7d2",
      subtask: null,
      exit_code: null,
      timed_out: false,
      output_chars: 28,
      output_file: ".taskline/tool-output/004-paginate-the-task-list/" + run + "/5e0a91c3b7d2.txt",
    }),
    e({
      type: "agent_text",
      run,
      role: "planner",
      text: "One subtask: add limit and cursor parameters to GET /tasks.",
    }),
    e({ type: "agent_finished", run, role: "planner", steps: 2, usage: u1, stop: "completed" }),
    e({ type: "artefact_written", run, artefact: { kind: "plan" } }),
    e({ type: "phase_finished", run, phase: "plan", success: true, summary: "1 subtask" }),
    e({
      type: "budget_updated",
      run,
      tokens: 47000,
      token_limit: 45000,
      active_ms: 10000,
      duration_limit_ms: null,
    }),
    e({ type: "paused", run, reason: "token budget reached: 47000 of 45000 tokens" }),
    e({
      type: "run_finished",
      run,
      success: false,
      status: "paused",
      usage: u1,
      active_ms: 11000,
      started_at: startedAt,
    }),
  );
  // Resumed the next morning with `taskline run 4 --max-tokens 100000`.
  lines.push(
    e({ type: "run_started", run, task }, 19 * 3600 * 1000),
    e({ type: "phase_started", run, phase: "build" }),
    e({ type: "subtask_updated", run, subtask: sub, status: "in_progress" }),
    e({ type: "agent_started", run, role: "coder", subtask: sub, model: "claude-sonnet-5" }),
    e({
      type: "tool_called",
      run,
      role: "coder",
      tool: "bash",
      input: { command: "cargo test api::tasks" },
      call: "c81f2a7e0d43",
      subtask: sub,
    }),
    e({
      type: "tool_returned",
      run,
      role: "coder",
      tool: "bash",
      is_error: false,
      duration_ms: 4120,
      preview: "running 6 tests\n......\ntest result: ok. 6 passed; 0 failed",
      call: "c81f2a7e0d43",
      subtask: sub,
      exit_code: 0,
      timed_out: false,
      output_chars: 57,
      output_file: ".taskline/tool-output/004-paginate-the-task-list/" + run + "/c81f2a7e0d43.txt",
    }, 4000),
    e({
      type: "committed",
      run,
      subtask: sub,
      commit: "b3e1f7a20c9d8e6f5a4b3c2d1e0f9a8b7c6d5e4f",
      message: "taskline: paginate GET /tasks",
      files: ["src/api/tasks.rs", "tests/api_tasks.rs"],
    }),
    e({ type: "agent_finished", run, role: "coder", steps: 5, usage: u2, stop: "completed" }),
    e({ type: "subtask_updated", run, subtask: sub, status: "done" }),
    e({
      type: "subtask_integrated",
      run,
      subtask: sub,
      commit: "b3e1f7a20c9d8e6f5a4b3c2d1e0f9a8b7c6d5e4f",
      conflicts: [],
    }),
    e({
      type: "validation_finished",
      run,
      command: "cargo test",
      integration: true,
      passed: true,
      exit_code: 0,
    }),
    e({ type: "phase_finished", run, phase: "build", success: true, summary: "1 subtask done" }),
    e({
      type: "budget_updated",
      run,
      tokens: 47000 + 15600,
      token_limit: 100000,
      active_ms: 24000,
      duration_limit_ms: null,
    }),
    e({
      type: "run_finished",
      run,
      success: true,
      status: "review",
      usage: add(u1, u2),
      active_ms: 25000,
      started_at: startedAt,
    }),
  );
  return {
    dir: "004-paginate-the-task-list",
    task: {
      id: task,
      number: 4,
      title: "Paginate the task list",
      status: "review",
      created_at: "2026-10-02T12:58:03.310045Z",
      branch: "taskline/004-paginate-the-task-list",
    },
    log: lines,
    runJson: {
      run,
      started_at: startedAt,
      validations: [{ command: "cargo test", passed: true, exit_code: 0 }],
      validation_fix_attempts: 0,
      pending_validation_fix: false,
      usage: add(u1, u2),
      active_ms: 25000,
      pending_approval: null,
      approvals: [],
    },
    traces: {
      [`${run}/5e0a91c3b7d2.txt`]: "src/api/\n  tasks.rs\n  mod.rs",
      [`${run}/c81f2a7e0d43.txt`]: "running 6 tests\n......\ntest result: ok. 6 passed; 0 failed",
    },
  };
}

// ---------------------------------------------------------------- 0.5: approval
function approval(): TaskFixture {
  const run = "9e3d1b5f-7a2c-4d8e-b0f6-1c3e5a7d9b06";
  const task = "4a6c8e0b-2d4f-4a1c-8e3b-5d7f9b1d3e06";
  const t = clock("2026-10-09T10:20:00Z", 2000);
  let seq = 0;
  const e = (event: Obj, gap = 0) => v2(++seq, t(gap), event);
  const u1 = usage(6400, 820, 0, 3100);
  const u2 = usage(15200, 2300, 9800, 0);
  const startedAt = t(0);
  seq = 1;
  const log = [
    v2(1, startedAt, { type: "run_started", run, task }),
    e({ type: "phase_started", run, phase: "plan" }),
    e({ type: "agent_started", run, role: "planner", subtask: null, model: "gpt-6-mini" }),
    e({
      type: "agent_text",
      run,
      role: "planner",
      text: "Rename load_config to Config::load and update the 7 callers.",
    }),
    e({ type: "agent_finished", run, role: "planner", steps: 1, usage: u1, stop: "completed" }),
    e({ type: "artefact_written", run, artefact: { kind: "plan" } }),
    e({ type: "phase_finished", run, phase: "plan", success: true, summary: "1 subtask" }),
    e({ type: "approval_requested", run, gate: "plan" }),
    e({ type: "paused", run, reason: "waiting for approval of the plan" }),
    e({
      type: "run_finished",
      run,
      success: false,
      status: "awaiting_approval",
      usage: u1,
      active_ms: 14000,
      started_at: startedAt,
    }),
    // Logged by `taskline approve 5 --comment ...` in another process.
    e({
      type: "approval_resolved",
      run,
      gate: "plan",
      approved: true,
      comment: "fine, keep the old name as a deprecated alias",
    }, 600000),
    // `taskline run 5` resumes.
    e({ type: "run_started", run, task }, 30000),
    e({ type: "phase_started", run, phase: "build" }),
    e({ type: "agent_started", run, role: "coder", subtask: null, model: "gpt-6-mini" }),
    e({
      type: "tool_called",
      run,
      role: "coder",
      tool: "edit_file",
      input: { path: "src/config.rs", old: "pub fn load_config(", new: "pub fn load(" },
      call: "0d9c8b7a6f5e",
      subtask: null,
    }),
    e({
      type: "tool_returned",
      run,
      role: "coder",
      tool: "edit_file",
      is_error: false,
      duration_ms: 2,
      preview: "Edited src/config.rs (1 replacement).",
      call: "0d9c8b7a6f5e",
      subtask: null,
      exit_code: null,
      timed_out: false,
      output_chars: 37,
      output_file: ".taskline/tool-output/005-rename-the-config-loader/" + run +
        "/0d9c8b7a6f5e.txt",
    }),
    e({ type: "agent_finished", run, role: "coder", steps: 6, usage: u2, stop: "completed" }),
    e({
      type: "committed",
      run,
      subtask: null,
      commit: "1f2e3d4c5b6a79880796a5b4c3d2e1f0a9b8c7d6",
      message: "taskline: rename load_config to Config::load",
      files: ["src/config.rs", "src/main.rs", "src/cli.rs"],
    }),
    e({ type: "phase_finished", run, phase: "build", success: true, summary: "renamed" }),
    e({ type: "phase_started", run, phase: "merge" }),
    e({
      type: "merged",
      run,
      commit: "aa01bb02cc03dd04ee05ff0600a1b2c3d4e5f607",
      branch: "taskline/005-rename-the-config-loader",
      base: "main",
    }),
    e({ type: "phase_finished", run, phase: "merge", success: true, summary: "merged into main" }),
    e({
      type: "run_finished",
      run,
      success: true,
      status: "merged",
      usage: add(u1, u2),
      active_ms: 41000,
      started_at: startedAt,
    }),
  ];
  return {
    dir: "005-rename-the-config-loader",
    task: {
      id: task,
      number: 5,
      title: "Rename the config loader",
      status: "merged",
      created_at: "2026-10-09T10:19:12.000400Z",
      branch: "taskline/005-rename-the-config-loader",
    },
    log,
    runJson: {
      run,
      started_at: startedAt,
      validations: [],
      validation_fix_attempts: 0,
      pending_validation_fix: false,
      usage: add(u1, u2),
      active_ms: 41000,
      pending_approval: null,
      approvals: [{
        gate: "plan",
        approved: true,
        comment: "fine, keep the old name as a deprecated alias",
        at: "2026-10-09T10:30:22.000918Z",
      }],
    },
    traces: { [`${run}/0d9c8b7a6f5e.txt`]: "Edited src/config.rs (1 replacement)." },
  };
}

// ---------------------------------------------------------------- 0.5: failed runs
function failed(): TaskFixture {
  const runA = "0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d07";
  const runB = "f7e6d5c4-b3a2-4918-8796-a5b4c3d2e107";
  const task = "8c0e2a4b-6d8f-4b0d-a2c4-e6f8a0c2e407";
  const t = clock("2026-10-12T16:45:00Z");
  const startA = t(0);
  const uB = usage(8800, 1900, 2000, 0);
  let seq = 1;
  const e = (event: Obj, gap = 0) => v2(++seq, t(gap), event);
  const log = [
    // The workspace could not be opened: the task keeps its status.
    v2(1, startA, { type: "run_started", run: runA, task }),
    v2(2, t(), {
      type: "log",
      run: runA,
      level: "error",
      message: "Cannot open the workspace: git worktree add failed: 'main' is not a branch",
    }),
    v2(3, t(), {
      type: "run_finished",
      run: runA,
      success: false,
      status: "ready",
      usage: usage(0, 0),
      active_ms: 40,
      started_at: startA,
    }),
    // A run-less line (the server started in this project).
    v2(undefined, t(600000), { type: "log", run: null, level: "info", message: "server started" }),
  ];
  seq = 1;
  const startB = t(3600 * 1000);
  log.push(
    v2(1, startB, { type: "run_started", run: runB, task }),
    e({ type: "phase_started", run: runB, phase: "build" }),
    e({ type: "agent_started", run: runB, role: "coder", subtask: null, model: "claude-sonnet-5" }),
    e({
      type: "tool_called",
      run: runB,
      role: "coder",
      tool: "bash",
      input: { command: "cargo build", timeout_secs: 300 },
      call: "7a1c9e3b5d0f",
      subtask: null,
    }),
    e({
      type: "tool_returned",
      run: runB,
      role: "coder",
      tool: "bash",
      is_error: true,
      duration_ms: 300000,
      preview: "   Compiling reqwest v0.13.0\n",
      call: "7a1c9e3b5d0f",
      subtask: null,
      exit_code: null,
      timed_out: true,
      output_chars: 29,
      output_file: ".taskline/tool-output/006-upgrade-the-http-client/" + runB +
        "/7a1c9e3b5d0f.txt",
    }, 300000),
    e({ type: "retrying", run: runB, what: "provider call", attempt: 1, delay_ms: 2000 }),
    e({
      type: "agent_text",
      run: runB,
      role: "coder",
      text: "The build times out while compiling; giving up on this attempt.",
    }, 2000),
    e({ type: "agent_finished", run: runB, role: "coder", steps: 4, usage: uB, stop: "error" }),
    e({
      type: "validation_finished",
      run: runB,
      command: "cargo build",
      integration: false,
      passed: false,
      exit_code: 101,
    }),
    e({
      type: "phase_finished",
      run: runB,
      phase: "build",
      success: false,
      summary: "validation failed",
    }),
    e({
      type: "log",
      run: runB,
      level: "error",
      message: "validation `cargo build` failed after 2 fix attempts",
    }),
    e({
      type: "run_finished",
      run: runB,
      success: false,
      status: "failed",
      usage: uB,
      active_ms: 309000,
      started_at: startB,
    }),
  );
  return {
    dir: "006-upgrade-the-http-client",
    task: {
      id: task,
      number: 6,
      title: "Upgrade the HTTP client",
      status: "failed",
      created_at: "2026-10-12T16:44:40.000000Z",
    },
    log,
    traces: { [`${runB}/7a1c9e3b5d0f.txt`]: "   Compiling reqwest v0.13.0\n" },
  };
}

// ---------------------------------------------------------------- 0.5: parallel tool calls
function parallel(): TaskFixture {
  const run = "5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c08";
  const task = "e0f1a2b3-c4d5-4e6f-8a9b-0c1d2e3f4a08";
  const dir = "007-audit-error-messages";
  const t = clock("2026-10-20T07:05:00Z", 250);
  let seq = 0;
  const e = (event: Obj, gap = 0) => v2(++seq, t(gap), event);
  const calls = { read: "3b9f0c1d2e4a", grep: "a8d2e6f0b4c1", list: "f01e2d3c4b5a" };
  const out = {
    read: "pub enum Error {\n    NotFound(String),\n    Io(std::io::Error),\n}\n",
    grep: Array.from(
      { length: 60 },
      (_, i) =>
        `src/handlers/h${i}.rs:${
          10 + i
        }:    return Err(Error::NotFound(format!("no item {}", id)));`,
    ).join("\n") + "\n",
    list: "src/handlers/\n" + Array.from({ length: 8 }, (_, i) => `  h${i}.rs`).join("\n"),
  };
  const file = (c: string) => `.taskline/tool-output/${dir}/${run}/${c}.txt`;
  const returned = (tool: string, key: keyof typeof calls, ms: number) => ({
    type: "tool_returned",
    run,
    role: "qa_reviewer",
    tool,
    is_error: false,
    duration_ms: ms,
    preview: [...out[key]].slice(0, 200).join(""),
    call: calls[key],
    subtask: null,
    exit_code: null,
    timed_out: false,
    output_chars: out[key].length,
    output_file: file(calls[key]),
  });
  const u = usage(21000, 1450, 18000, 0);
  const startedAt = t(0);
  seq = 1;
  const log = [
    v2(1, startedAt, { type: "run_started", run, task }),
    e({ type: "phase_started", run, phase: "qa" }),
    e({ type: "agent_started", run, role: "qa_reviewer", subtask: null, model: "claude-haiku-5" }),
    e({
      type: "tool_called",
      run,
      role: "qa_reviewer",
      tool: "read_file",
      input: { path: "src/error.rs" },
      call: calls.read,
      subtask: null,
    }),
    e({
      type: "tool_called",
      run,
      role: "qa_reviewer",
      tool: "grep",
      input: { pattern: "Error::NotFound", path: "src" },
      call: calls.grep,
      subtask: null,
    }),
    e({
      type: "tool_called",
      run,
      role: "qa_reviewer",
      tool: "list_dir",
      input: { path: "src/handlers" },
      call: calls.list,
      subtask: null,
    }),
    // The three read-only calls ran in parallel and returned out of order.
    e(returned("list_dir", "list", 1)),
    e(returned("read_file", "read", 2)),
    e(returned("grep", "grep", 38)),
    e({
      type: "agent_text",
      run,
      role: "qa_reviewer",
      text: "60 handlers build their own message; the messages are consistent.",
    }),
    e({ type: "agent_finished", run, role: "qa_reviewer", steps: 2, usage: u, stop: "completed" }),
    e({ type: "artefact_written", run, artefact: { kind: "qa_report", round: 1 } }),
    e({ type: "phase_finished", run, phase: "qa", success: true, summary: "approved" }),
    e({
      type: "run_finished",
      run,
      success: true,
      status: "done",
      usage: u,
      active_ms: 3200,
      started_at: startedAt,
    }),
  ];
  // config.jsonc of this project sets pipeline.trace_max_chars to 2000: grep's file is cut.
  return {
    dir,
    task: {
      id: task,
      number: 7,
      title: "Audit error messages",
      status: "done",
      created_at: "2026-10-20T07:04:31.120000Z",
    },
    log,
    traces: {
      [`${run}/${calls.read}.txt`]: traceFileText(out.read, 2000),
      [`${run}/${calls.grep}.txt`]: traceFileText(out.grep, 2000),
      [`${run}/${calls.list}.txt`]: traceFileText(out.list, 2000),
    },
  };
}

// ---------------------------------------------------------------- 0.2 resumed by 0.5
function resumedFrom02(): TaskFixture {
  const run = "c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e09";
  const task = "9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b09";
  const t1 = clockMs("2026-05-30T11:00:00.000Z");
  const old = [
    v1(t1(), { type: "run_started", run, task }),
    v1(t1(), { type: "phase_started", run, phase: "build" }),
    v1(t1(), { type: "agent_started", run, role: "coder", subtask: null }),
    v1(t1(), {
      type: "tool_called",
      run,
      role: "coder",
      tool: "read_file",
      input: { path: "src/upload.py" },
    }),
    v1(t1(), {
      type: "tool_returned",
      run,
      role: "coder",
      tool: "read_file",
      is_error: false,
      duration_ms: 1,
      preview: "def upload(path, url):\n    with open(path, 'rb') as f:",
    }),
    v1(t1(), {
      type: "agent_finished",
      run,
      role: "coder",
      steps: 2,
      usage: usage(30500, 900),
      stop: "budget",
    }),
    v1(t1(), {
      type: "budget_updated",
      run,
      tokens: 31400,
      token_limit: 30000,
      active_ms: 6000,
      duration_limit_ms: null,
    }),
    v1(t1(), { type: "paused", run, reason: "token budget reached" }),
    v1(t1(), { type: "run_finished", run, success: false, status: "paused" }),
  ];
  // Resumed with 0.5 months later: seq starts at 1.
  const t = clock("2026-10-28T09:00:00Z");
  let seq = 0;
  const e = (event: Obj) => v2(++seq, t(), event);
  const u = usage(7000, 1100, 0, 0);
  const startedAt = t(0);
  seq = 1;
  const resumed = [
    v2(1, startedAt, { type: "run_started", run, task }),
    e({ type: "agent_started", run, role: "coder", subtask: null, model: "claude-sonnet-5" }),
    e({
      type: "tool_called",
      run,
      role: "coder",
      tool: "edit_file",
      input: {
        path: "src/upload.py",
        old: "def upload(path, url):",
        new: "@retry(times=3)\ndef upload(path, url):",
      },
      call: "2c4e6a8b0d1f",
      subtask: null,
    }),
    e({
      type: "tool_returned",
      run,
      role: "coder",
      tool: "edit_file",
      is_error: false,
      duration_ms: 2,
      preview: "Edited src/upload.py (1 replacement).",
      call: "2c4e6a8b0d1f",
      subtask: null,
      exit_code: null,
      timed_out: false,
      output_chars: 37,
      output_file: null,
    }),
    e({ type: "agent_finished", run, role: "coder", steps: 3, usage: u, stop: "completed" }),
    e({ type: "phase_finished", run, phase: "build", success: true, summary: "retry added" }),
    e({
      type: "run_finished",
      run,
      success: true,
      status: "review",
      // The 0.2 part left no totals: these are lower bounds.
      usage: u,
      active_ms: 5000,
      started_at: "2026-05-30T11:00:01.000Z",
    }),
  ];
  return {
    dir: "008-add-retry-to-the-uploader",
    task: {
      id: task,
      number: 8,
      title: "Add retry to the uploader",
      status: "review",
      created_at: "2026-05-30T10:59:02.000Z",
    },
    log: [...old, ...resumed],
  };
}

// ---------------------------------------------------------------- peer project
async function peerTasks(): Promise<TaskFixture[]> {
  const lines = async (name: string) =>
    (await Deno.readTextFile(`${PEER}/${name}`)).split("\n").filter((l) => l !== "");
  const legacy = await lines("events-legacy.jsonl");
  // A log damaged by hand and by a crash: broken lines among good ones, and a
  // torn last line without its newline.
  const broken = [
    legacy[0],
    legacy[1],
    '{"schema":2,"seq":3,"at":"2026-09-27T19:06:19.660630Z","event":{"type":"agent_started",',
    legacy[3],
    "[1,2,3]",
    legacy[4],
    '{"schema":2,"seq":6,"at":"2026-09-27T19:06:22.344029Z","event":{"run":"x"}}',
    legacy[6],
    "not json at all",
    legacy[7],
  ];
  const torn = legacy[8].slice(0, 60);
  return [
    {
      dir: "001-waiting",
      task: {
        id: "66666666-7777-4888-9999-000000000000",
        number: 1,
        title: "Waiting",
        description: "",
        status: "planning",
        created_at: "2026-09-02T09:00:00Z",
      },
      log: [],
    },
    {
      dir: "003-add-login",
      task: {
        id: "9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d",
        number: 3,
        title: "Add login",
        description: "OAuth login",
        status: "review",
        created_at: "2026-09-27T09:00:00.000001Z",
        branch: "vibe/003-add-login",
      },
      log: await lines("events-0.5.jsonl"),
    },
    {
      dir: "004-legacy-review",
      task: {
        id: "0c4e9d21-7b3a-4f5e-8d6c-2a1b0e9f8d04",
        number: 4,
        title: "Legacy review",
        status: "review",
        created_at: "2026-09-27T19:06:00Z",
      },
      log: legacy,
    },
    {
      dir: "005-broken-lines",
      task: {
        id: "5d6e7f80-91a2-4b3c-8d4e-5f6a7b8c9d05",
        number: 5,
        title: "Broken lines",
        status: "review",
        created_at: "2026-09-27T19:06:00Z",
      },
      log: broken,
      tornTail: torn,
    },
  ];
}

// ---------------------------------------------------------------- clashing references
function clashTasks(): TaskFixture[] {
  const small = (run: string, task: string, at: string, title: string) => {
    const t = clock(at);
    const started = t();
    return [
      v2(1, started, { type: "run_started", run, task }),
      v2(2, t(), { type: "log", run, level: "info", message: `working on: ${title}` }),
      v2(3, t(), {
        type: "run_finished",
        run,
        success: true,
        status: "done",
        usage: usage(100, 10),
        active_ms: 2000,
        started_at: started,
      }),
    ];
  };
  const mk = (dir: string, id: string, number: number, title: string, run: string, at: string) => ({
    dir,
    task: { id, number, title, status: "done", created_at: at },
    log: small(run, id, at, title),
  });
  return [
    // Two branches each created task 12; merging them kept both.
    mk(
      "012-fix-the-parser",
      "b7e3a9c0-1111-4d2e-8f00-0a0b0c0d0e01",
      12,
      "Fix the parser",
      "aa11bb22-cc33-4d44-8e55-ff6600000001",
      "2026-11-02T10:00:00Z",
    ),
    mk(
      "012-update-the-docs",
      "b7e3a9c0-2222-4d2e-8f00-0a0b0c0d0e02",
      12,
      "Update the docs",
      "aa11bb22-cc33-4d44-8e55-ff6600000002",
      "2026-11-03T10:00:00Z",
    ),
    mk(
      "013-bump-the-version",
      "42424242-3333-4d2e-8f00-0a0b0c0d0e03",
      13,
      "Bump the version",
      "aa11bb22-cc33-4d44-8e55-ff6600000003",
      "2026-11-04T10:00:00Z",
    ),
  ];
}

// ---------------------------------------------------------------- writing
async function writeProject(name: string, config: string, tasks: TaskFixture[]) {
  const base = `${ROOT}projects/${name}/.taskline`;
  await Deno.remove(`${ROOT}projects/${name}`, { recursive: true }).catch(() => {});
  await Deno.mkdir(`${base}/tasks`, { recursive: true });
  await Deno.writeTextFile(`${base}/config.jsonc`, config);
  for (const t of tasks) {
    const dir = `${base}/tasks/${t.dir}`;
    await Deno.mkdir(dir, { recursive: true });
    await Deno.writeTextFile(`${dir}/task.json`, JSON.stringify(t.task, null, 2) + "\n");
    if (t.log.length > 0 || t.tornTail) {
      await Deno.writeTextFile(
        `${dir}/events.jsonl`,
        t.log.map((l) => l + "\n").join("") + (t.tornTail ?? ""),
      );
    }
    if (t.runJson) {
      await Deno.writeTextFile(`${dir}/run.json`, JSON.stringify(t.runJson, null, 2) + "\n");
    }
    for (const [rel, text] of Object.entries(t.traces ?? {})) {
      const path = `${base}/tool-output/${t.dir}/${rel}`;
      await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true });
      await Deno.writeTextFile(path, text);
    }
  }
}

async function main() {
  await Deno.mkdir(`${ROOT}peer`, { recursive: true });
  for await (const e of Deno.readDir(PEER)) {
    if (e.isFile) await Deno.copyFile(`${PEER}/${e.name}`, `${ROOT}peer/${e.name}`);
  }
  const releases = [
    release01(),
    release02(),
    release04(),
    pausedResumed(),
    approval(),
    failed(),
    parallel(),
    resumedFrom02(),
  ];
  const logNames = [
    "0.1.jsonl",
    "0.2.jsonl",
    "0.4.jsonl",
    "0.5-paused-resumed.jsonl",
    "0.5-approval.jsonl",
    "0.5-failed.jsonl",
    "0.5-parallel-tools.jsonl",
    "0.2-resumed-by-0.5.jsonl",
  ];
  await Deno.mkdir(`${ROOT}logs`, { recursive: true });
  for (const [i, t] of releases.entries()) {
    await Deno.writeTextFile(`${ROOT}logs/${logNames[i]}`, t.log.map((l) => l + "\n").join(""));
  }
  await writeProject(
    "releases",
    `// Settings of a project used since 0.1.
{
  "pipeline": {
    "approvals": ["plan"], // task 5 waited for a human at the plan gate
    "max_tokens": null,
    /* small, so that the grep output of task 7 is cut */
    "trace_max_chars": 2000,
    "validation_commands": ["cargo test"],
  },
  "pricing": {
    "anthropic/claude-sonnet-5": { "input": 3, "output": 15, "cache_read": 0.3, "cache_write": 3.75 },
  },
}
`,
    releases,
  );
  await writeProject(
    "peer",
    `// The peer fixtures of vibe-factory, as a taskline project.
{ "pipeline": { "trace_outputs": true } }
`,
    await peerTasks(),
  );
  await writeProject("clash", "{}\n", clashTasks());
}

if (import.meta.main) await main();
