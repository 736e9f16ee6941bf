/**
 * The trace view: every tool call of a run, each `tool_called` paired with
 * its `tool_returned`. One library function builds the document for the CLI
 * (`taskline trace`), the server (`GET /api/tasks/{ref}/trace`), the web UI
 * and the terminal UI.
 *
 * API:
 * - {@link buildRunTrace}`(state, task, { run, all, tool, subtask, full })`:
 *   the {@link RunTrace} of the current run (or of the run `run` names by
 *   prefix, or of every run with `all`).
 * - `readTraceOutput(state, task, call)` (trace_output.ts): the complete
 *   output of one call from the trace store, safely.
 *
 * Pairing: by `call`, also when parallel calls return out of order
 * (`paired: "id"`); calls of logs recorded before 0.5 (call
 * `000000000000`) pair by order per run, role, tool and subtask
 * (`paired: "order"`); a call that never returned and a return without a
 * call are kept with `paired: "unmatched"`.
 *
 * The document keeps the field names of the recorded `RunTrace` answers of
 * existing servers (peer fixture `real-trace.json`); `output_file` stays
 * relative to the project root as in the event. Extensions on each call:
 * `result` (`ok`, `exit N`, `error`, `timed out`, `no result`), `seq`, and
 * with `full` the `output` text and `output_state`.
 *
 * @example
 * ```ts
 * const trace = await buildRunTrace(state, task, { tool: "bash" });
 * for (const c of trace.calls) console.log(c.tool, c.result, c.duration_ms);
 * ```
 *
 * @module
 */
import { LEGACY_CALL_ID, runOf } from "../contract/events.ts";
import type { ToolCalled, ToolReturned } from "../contract/events.ts";
import { TasklineError } from "../errors.ts";
import { resolveRun } from "../follow/replay.ts";
import { fileSize, findCurrentRun, type LogProblem, readLog } from "../store/log_reader.ts";
import type { StateDir } from "../store/state_dir.ts";
import type { Task } from "../store/tasks.ts";
import { readTraceOutput, type TraceOutput } from "./trace_output.ts";

/** How a call was paired with its return. */
export type Pairing = "id" | "order" | "unmatched";

/** What came of a call: `ok`, `exit N`, `error`, `timed out` or `no result`. */
export type CallResult = string;

/** One tool call in a {@link RunTrace}. */
export interface TraceCall {
  run: string;
  call: string;
  role: string;
  subtask: string | null;
  tool: string;
  /** The complete arguments; null for a return whose call is not in the log. */
  input: unknown;
  called_at: string | null;
  returned_at: string | null;
  duration_ms: number | null;
  is_error: boolean | null;
  exit_code: number | null;
  timed_out: boolean;
  preview: string;
  output_chars: number;
  /** Relative to the project root, as in the event; null when not kept. */
  output_file: string | null;
  paired: Pairing;
  // Extensions.
  result: CallResult;
  /** Seq of the `tool_called` (of the `tool_returned` for a return without a call). */
  seq: number | null;
  /** With `full`: the kept output (or the preview when none was kept). */
  output?: string;
  /** With `full`: `complete`, `cut`, `missing`, `not kept`, or `before 0.5`. */
  output_state?: string;
  /** With `full` and a cut output: the length of the output before it was cut. */
  output_total_chars?: number;
}

/** The trace of a run. */
export interface RunTrace {
  /** The run traced; null with `all`. */
  run: string | null;
  calls: TraceCall[];
  /** Paths of successful write_file / edit_file calls of the traced runs, in order. */
  files_written: string[];
  // Extensions.
  /** The runs traced (every run of the task with `all`), in log order. */
  runs: string[];
  /** Some call was paired by order (a log recorded before 0.5). */
  paired_by_order: boolean;
  /** Problems met reading the log. */
  errors: string[];
}

/** Options of {@link buildRunTrace}. */
export interface TraceOptions {
  /** A run id or prefix. Default: the current run. */
  run?: string;
  /** Every run of the task. Default false. */
  all?: boolean;
  /** Only calls of this tool (exact name). Default: every tool. */
  tool?: string;
  /** Only calls whose subtask starts with this prefix. Default: every call. */
  subtask?: string;
  /** Read each call's complete output from the trace store. Default false. */
  full?: boolean;
  /** Called for each broken line. Default: kept in `errors` only. */
  onProblem?: (p: LogProblem) => void;
  signal?: AbortSignal;
}

/** The result word of a call. */
export function resultOf(c: {
  returned_at: string | null;
  timed_out: boolean;
  exit_code: number | null;
  is_error: boolean | null;
}): CallResult {
  if (c.returned_at === null) return "no result";
  if (c.timed_out) return "timed out";
  if (c.exit_code !== null && c.exit_code !== 0) return `exit ${c.exit_code}`;
  if (c.is_error) return "error";
  return "ok";
}

const WRITE_TOOLS = new Set(["write_file", "edit_file"]);

/**
 * The trace of a task's current run (or of another run, or of every run).
 *
 * @throws TasklineError `not-found` when `run` names no run of the task,
 * `ambiguous-ref` when it names several, `usage` for `run` with `all`.
 */
export async function buildRunTrace(
  state: StateDir,
  task: Task,
  options: TraceOptions = {},
): Promise<RunTrace> {
  if (options.all && options.run !== undefined) {
    throw new TasklineError("usage", "--all does not go with --run");
  }
  const path = state.logPath(task.dir);
  const to = await fileSize(path);
  let run: string | null = null;
  if (!options.all) {
    run = options.run !== undefined
      ? await resolveRun(path, options.run, to)
      : (await findCurrentRun(path, { to }))?.run ?? null;
    if (run === null) {
      return {
        run: null,
        calls: [],
        files_written: [],
        runs: [],
        paired_by_order: false,
        errors: [],
      };
    }
  }
  const errors: string[] = [];
  const calls: TraceCall[] = [];
  const byId = new Map<string, TraceCall>();
  const byOrder = new Map<string, TraceCall[]>();
  const runs: string[] = [];
  const filesWritten: string[] = [];
  const written = new Set<string>();
  for await (
    const b of readLog(path, {
      to,
      signal: options.signal,
      prefilter: (l) =>
        l.includes('"tool_called"') || l.includes('"tool_returned"') || l.includes('"run_started"'),
      onProblem: (p) => {
        options.onProblem?.(p);
        if (errors.length < 50) {
          errors.push(`line ${p.line}: skipped a broken line (${p.reason})`);
        }
      },
    })
  ) {
    for (const r of b.records) {
      const env = r.env;
      if (env.schema > 2) continue;
      const ev = env.event;
      const evRun = runOf(ev);
      if (evRun === null || (run !== null && evRun !== run)) continue;
      if (!runs.includes(evRun)) runs.push(evRun);
      if (ev.type !== "tool_called" && ev.type !== "tool_returned") continue;
      const seq = typeof env.seq === "number" ? env.seq : null;
      if (ev.type === "tool_called") {
        const c = ev as ToolCalled;
        const entry = openCall(evRun, c, seq);
        entry.input = c.input ?? null;
        entry.called_at = env.at;
        calls.push(entry);
        if (c.call === LEGACY_CALL_ID) {
          const key = orderKey(evRun, c.role, c.tool, c.subtask);
          let q = byOrder.get(key);
          if (!q) byOrder.set(key, q = []);
          q.push(entry);
        } else {
          byId.set(`${evRun}|${c.call}`, entry);
        }
      } else {
        const t = ev as ToolReturned;
        let entry: TraceCall | undefined;
        let paired: Pairing = "unmatched";
        if (t.call === LEGACY_CALL_ID) {
          entry = byOrder.get(orderKey(evRun, t.role, t.tool, t.subtask))?.shift();
          paired = "order";
        } else {
          const key = `${evRun}|${t.call}`;
          entry = byId.get(key);
          byId.delete(key);
          paired = "id";
        }
        if (!entry) {
          // A return without its call: kept, so that nothing the log says is lost.
          entry = openCall(evRun, t, seq);
          calls.push(entry);
          paired = "unmatched";
        }
        entry.paired = paired;
        entry.returned_at = env.at;
        entry.duration_ms = typeof t.duration_ms === "number" ? t.duration_ms : null;
        entry.is_error = t.is_error === true;
        entry.exit_code = typeof t.exit_code === "number" ? t.exit_code : null;
        entry.timed_out = t.timed_out === true;
        entry.preview = typeof t.preview === "string" ? t.preview : "";
        entry.output_chars = typeof t.output_chars === "number" ? t.output_chars : 0;
        entry.output_file = typeof t.output_file === "string" ? t.output_file : null;
        entry.result = resultOf(entry);
        if (WRITE_TOOLS.has(entry.tool) && !entry.is_error && entry.called_at !== null) {
          const p = (entry.input as { path?: unknown } | null)?.path;
          if (typeof p === "string" && p !== "" && !written.has(p)) {
            written.add(p);
            filesWritten.push(p);
          }
        }
      }
    }
  }
  let shown = calls;
  if (options.tool !== undefined) shown = shown.filter((c) => c.tool === options.tool);
  if (options.subtask !== undefined) {
    const prefix = options.subtask.toLowerCase();
    shown = shown.filter((c) => c.subtask !== null && c.subtask.toLowerCase().startsWith(prefix));
  }
  if (options.full) {
    for (const c of shown) await attachOutput(state, task, c);
  }
  return {
    run,
    calls: shown,
    files_written: filesWritten,
    runs,
    paired_by_order: calls.some((c) => c.paired === "order"),
    errors,
  };
}

function orderKey(run: string, role: string, tool: string, subtask: string | null): string {
  return `${run}|${role}|${tool}|${subtask ?? ""}`;
}

async function attachOutput(state: StateDir, task: Task, c: TraceCall): Promise<void> {
  if (c.returned_at === null) {
    c.output = "";
    c.output_state = "not kept";
    return;
  }
  if (c.call === LEGACY_CALL_ID) {
    c.output = c.preview;
    c.output_state = "before 0.5";
    return;
  }
  if (c.output_file === null) {
    c.output = c.preview;
    c.output_state = "not kept";
    return;
  }
  let out: TraceOutput | null = null;
  try {
    out = await readTraceOutput(state, task, c.call, { run: c.run });
  } catch (e) {
    if (!(e instanceof TasklineError)) throw e;
  }
  if (out === null) {
    c.output = c.preview;
    c.output_state = "missing";
    return;
  }
  c.output = out.text;
  c.output_state = out.cut ? "cut" : "complete";
  if (out.cut) c.output_total_chars = out.cut.total;
}

/** A call with nothing known of it yet but who made it: no input, no result. */
function openCall(
  run: string,
  ev: { call: string; role: string; subtask?: string | null; tool: string },
  seq: number | null,
): TraceCall {
  return {
    run,
    call: ev.call,
    role: ev.role,
    subtask: ev.subtask ?? null,
    tool: ev.tool,
    input: null,
    called_at: null,
    returned_at: null,
    duration_ms: null,
    is_error: null,
    exit_code: null,
    timed_out: false,
    preview: "",
    output_chars: 0,
    output_file: null,
    paired: "unmatched",
    result: "no result",
    seq,
  };
}
