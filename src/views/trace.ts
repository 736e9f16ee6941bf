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
 * Pairing (trace_pair.ts, shared with the web UI): by `call`, then by
 * order for calls of logs recorded before 0.5, and a call that never
 * returned or a return without a call kept as `paired: "unmatched"`.
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
import { LEGACY_CALL_ID } from "../contract/events.ts";
import { TasklineError } from "../errors.ts";
import { resolveRun } from "../follow/replay.ts";
import { fileSize, findCurrentRun, type LogProblem, readLog } from "../store/log_reader.ts";
import type { StateDir } from "../store/state_dir.ts";
import type { Task } from "../store/tasks.ts";
import { readTraceOutput, type TraceOutput } from "./trace_output.ts";
import { CallPairing, type TraceCall } from "./trace_pair.ts";

export { CallPairing, resultOf } from "./trace_pair.ts";
export type { CallResult, Pairing, TraceCall } from "./trace_pair.ts";

/** The trace of a run. */
export interface RunTrace {
  /** The run traced; null with `all`. */
  run: string | null;
  calls: TraceCall[];
  /** Paths written by successful file-writing calls of the traced runs (written_path.ts), in order. */
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
  const pairing = new CallPairing(run);
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
    for (const r of b.records) pairing.add(r.env);
  }
  const calls = pairing.calls;
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
    files_written: pairing.filesWritten,
    runs: pairing.runs,
    paired_by_order: calls.some((c) => c.paired === "order"),
    errors,
  };
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
