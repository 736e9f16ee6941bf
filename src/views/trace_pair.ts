/**
 * Pairing of tool calls with their results, without any I/O: the part of the
 * trace view that every surface shares. `taskline trace`, the server's
 * `GET /api/tasks/{ref}/trace` (through {@link buildRunTrace} in trace.ts)
 * and the web UI's Trace (live, in the browser) all pair with
 * {@link CallPairing}, so a run's trace is the same wherever it is shown.
 *
 * Pairing: by `call`, also when parallel calls return out of order
 * (`paired: "id"`); calls of logs recorded before 0.5 (call
 * `000000000000`) pair by order per run, role, tool and subtask
 * (`paired: "order"`); a call that never returned and a return without a
 * call are kept with `paired: "unmatched"`.
 *
 * @example
 * ```ts
 * const pairing = new CallPairing(run);
 * for (const env of envelopes) pairing.add(env);
 * pairing.calls; // TraceCall[], in log order
 * ```
 *
 * @module
 */
import { LEGACY_CALL_ID, runOf } from "../contract/events.ts";
import type { AnyEvent, ToolCalled, ToolReturned } from "../contract/events.ts";
import { writtenPath } from "./written_path.ts";

/** How a call was paired with its return. */
export type Pairing = "id" | "order" | "unmatched";

/** What came of a call: `ok`, `exit N`, `error`, `timed out` or `no result`. */
export type CallResult = string;

/** One tool call in a trace. */
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

/** What {@link CallPairing.add} reads of an envelope. */
export interface PairedEnvelope {
  schema?: number;
  seq?: number;
  at: string;
  event: AnyEvent;
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

/**
 * The calls of one run (or of every run, with `run` null), paired as the
 * envelopes are added in log order.
 */
export class CallPairing {
  /** Every call and every return without a call, in log order. */
  readonly calls: TraceCall[] = [];
  /** The runs seen, in log order. */
  readonly runs: string[] = [];
  /** Paths written by successful file-writing calls (written_path.ts), first write first. */
  readonly filesWritten: string[] = [];
  readonly #byId = new Map<string, TraceCall>();
  readonly #byOrder = new Map<string, TraceCall[]>();
  readonly #written = new Set<string>();

  /** The run traced; null: every run. */
  readonly run: string | null;

  constructor(run: string | null) {
    this.run = run;
  }

  /**
   * Carries on from calls already paired (a trace document read before the
   * live events): calls without a result wait for theirs as they would have.
   */
  static resume(run: string | null, calls: readonly TraceCall[]): CallPairing {
    const p = new CallPairing(run);
    for (const c of calls) {
      p.calls.push(c);
      if (!p.runs.includes(c.run)) p.runs.push(c.run);
      if (c.returned_at !== null || c.called_at === null) continue;
      if (c.call === LEGACY_CALL_ID) p.#queue(orderKey(c.run, c.role, c.tool, c.subtask)).push(c);
      else p.#byId.set(`${c.run}|${c.call}`, c);
    }
    return p;
  }

  /**
   * Adds one envelope of the log. Returns the call it added or completed,
   * or null when the envelope is not a tool call or return of the run.
   */
  add(env: PairedEnvelope): TraceCall | null {
    if (typeof env.schema === "number" && env.schema > 2) return null;
    const ev = env.event;
    const evRun = runOf(ev);
    if (evRun === null || (this.run !== null && evRun !== this.run)) return null;
    if (!this.runs.includes(evRun)) this.runs.push(evRun);
    if (ev.type !== "tool_called" && ev.type !== "tool_returned") return null;
    const seq = typeof env.seq === "number" ? env.seq : null;
    if (ev.type === "tool_called") {
      const c = ev as ToolCalled;
      const entry = openCall(evRun, c, seq);
      entry.input = c.input ?? null;
      entry.called_at = env.at;
      this.calls.push(entry);
      if (c.call === LEGACY_CALL_ID) {
        this.#queue(orderKey(evRun, c.role, c.tool, c.subtask)).push(entry);
      } else {
        this.#byId.set(`${evRun}|${c.call}`, entry);
      }
      return entry;
    }
    const t = ev as ToolReturned;
    let entry: TraceCall | undefined;
    let paired: Pairing = "unmatched";
    if (t.call === LEGACY_CALL_ID) {
      entry = this.#byOrder.get(orderKey(evRun, t.role, t.tool, t.subtask))?.shift();
      paired = "order";
    } else {
      const key = `${evRun}|${t.call}`;
      entry = this.#byId.get(key);
      this.#byId.delete(key);
      paired = "id";
    }
    if (!entry) {
      // A return without its call: kept, so that nothing the log says is lost.
      entry = openCall(evRun, t, seq);
      this.calls.push(entry);
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
    if (!entry.is_error && entry.called_at !== null) {
      const p = writtenPath(entry.tool, entry.input);
      if (p !== null && !this.#written.has(p)) {
        this.#written.add(p);
        this.filesWritten.push(p);
      }
    }
    return entry;
  }

  #queue(key: string): TraceCall[] {
    let q = this.#byOrder.get(key);
    if (!q) this.#byOrder.set(key, q = []);
    return q;
  }
}

function orderKey(run: string, role: string, tool: string, subtask: string | null): string {
  return `${run}|${role}|${tool}|${subtask ?? ""}`;
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
