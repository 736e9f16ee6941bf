/**
 * A run as OpenTelemetry trace data, in the OTLP/JSON encoding
 * (`ExportTraceServiceRequest`): `taskline trace <REF> --format otlp`, so
 * that a run can be opened in any tracing tool (Jaeger, Tempo, Honeycomb…).
 *
 * Shape: one resource (the task) with one scope (`taskline`), and per run:
 * - the run as the root span (`run #N`), from its first `run_started` to
 *   its last `run_finished` (or its last event); resumes, pauses,
 *   approvals, commits, the merge, validations, retries and warnings are
 *   span events on it;
 * - each phase a child of the run (`phase <name>`);
 * - each agent session (`agent <role>`) a child of the phase it started in
 *   (of the run outside phases);
 * - each tool call (`tool <name>`) a child of the open session of its role,
 *   else of the phase, else of the run, with its input, result and output
 *   facts as attributes.
 *
 * Ids are derived from the log so that exporting twice gives the same
 * document: the trace id is the run's UUID (32 hex digits), span ids are 16
 * hex digits hashed from the run and the span's position. Times are
 * nanoseconds since the epoch as decimal strings; 64-bit integer attributes
 * are decimal strings (the protobuf JSON mapping); enums are integers.
 *
 * @example
 * ```ts
 * const doc = await buildOtlpTrace(state, task, {});
 * console.log(JSON.stringify(doc));
 * ```
 *
 * @module
 */
import { LEGACY_CALL_ID, runOf } from "../contract/events.ts";
import type { KnownEvent } from "../contract/events.ts";
import { parseTimeNs } from "../contract/time.ts";
import { resolveRun } from "../follow/replay.ts";
import { fileSize, findCurrentRun, type LogProblem, readLog } from "../store/log_reader.ts";
import type { StateDir } from "../store/state_dir.ts";
import type { Task } from "../store/tasks.ts";
import { resultOf } from "./trace.ts";

/** An attribute value of OTLP/JSON. */
export type OtlpAnyValue =
  | { stringValue: string }
  | { intValue: string }
  | { doubleValue: number }
  | { boolValue: boolean };

/** An attribute. */
export interface OtlpKeyValue {
  key: string;
  value: OtlpAnyValue;
}

/** A span event. */
export interface OtlpEvent {
  timeUnixNano: string;
  name: string;
  attributes: OtlpKeyValue[];
}

/** A span of OTLP/JSON. */
export interface OtlpSpan {
  traceId: string;
  spanId: string;
  /** Absent on the root span. */
  parentSpanId?: string;
  name: string;
  /** SPAN_KIND_INTERNAL (1). */
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: OtlpKeyValue[];
  events: OtlpEvent[];
  /** code: 0 unset, 1 ok, 2 error. */
  status: { code: number; message?: string };
}

/** An OTLP/JSON `ExportTraceServiceRequest`. */
export interface OtlpTraceDocument {
  resourceSpans: {
    resource: { attributes: OtlpKeyValue[] };
    scopeSpans: { scope: { name: string; version: string }; spans: OtlpSpan[] }[];
  }[];
}

/** Options of {@link buildOtlpTrace}. */
export interface OtlpOptions {
  /** A run id or prefix. Default: the current run. */
  run?: string;
  /** Every run of the task, one trace each. Default false. */
  all?: boolean;
  /** Longest string attribute (tool input, previews), in characters. Default 4096. */
  attributeCharsMax?: number;
  onProblem?: (p: LogProblem) => void;
  signal?: AbortSignal;
}

const VERSION = "0.5.0";

/** An attribute from a plain value: strings, integers (as strings), other numbers, booleans. */
export function attr(key: string, value: string | number | boolean): OtlpKeyValue {
  if (typeof value === "boolean") return { key, value: { boolValue: value } };
  if (typeof value === "number") {
    return Number.isSafeInteger(value)
      ? { key, value: { intValue: String(value) } }
      : { key, value: { doubleValue: value } };
  }
  return { key, value: { stringValue: value } };
}

/** FNV-1a, 64 bits, as 16 hex digits (never all zeros: OTLP forbids it). */
function hash64(text: string): string {
  let h = 0xcbf29ce484222325n;
  for (let i = 0; i < text.length; i++) {
    h ^= BigInt(text.charCodeAt(i));
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  if (h === 0n) h = 1n;
  return h.toString(16).padStart(16, "0");
}

function traceIdOf(run: string): string {
  const hex = run.replace(/-/g, "").toLowerCase();
  if (/^[0-9a-f]{32}$/.test(hex) && !/^0+$/.test(hex)) return hex;
  return hash64(`a|${run}`) + hash64(`b|${run}`);
}

function nsOf(at: string): bigint | null {
  return parseTimeNs(at);
}

interface Open {
  span: OtlpSpan;
  startNs: bigint;
  ended: boolean;
}

class RunSpans {
  readonly spans: OtlpSpan[] = [];
  readonly root: Open;
  readonly traceId: string;
  #n = 0;
  #phases: Open[] = [];
  #sessions = new Map<string, { open: Open; subtask: string | null }[]>();
  #callsById = new Map<string, Open>();
  #callsByOrder = new Map<string, Open[]>();
  #lastNs = 0n;
  #starts = 0;
  #max: number;
  #opens: Open[] = [];

  constructor(readonly run: string, task: Task, firstNs: bigint, max: number) {
    this.traceId = traceIdOf(run);
    this.#max = max;
    this.root = this.#span(`run #${task.number}`, null, firstNs, [
      attr("taskline.run.id", run),
      attr("taskline.task.id", task.id),
      attr("taskline.task.number", task.number),
    ]);
    this.#lastNs = firstNs;
  }

  #cut(s: string): string {
    return s.length > this.#max ? `${s.slice(0, this.#max)}…` : s;
  }

  #span(name: string, parent: Open | null, startNs: bigint, attributes: OtlpKeyValue[]): Open {
    const span: OtlpSpan = {
      traceId: this.traceId,
      spanId: hash64(`${this.run}|${this.#n++}|${name}`),
      name,
      kind: 1,
      startTimeUnixNano: String(startNs),
      endTimeUnixNano: String(startNs),
      attributes,
      events: [],
      status: { code: 0 },
    };
    if (parent) span.parentSpanId = parent.span.spanId;
    this.spans.push(span);
    const open = { span, startNs, ended: false };
    this.#opens.push(open);
    return open;
  }

  #end(o: Open, ns: bigint, status?: { code: number; message?: string }): void {
    o.span.endTimeUnixNano = String(ns < o.startNs ? o.startNs : ns);
    o.ended = true;
    if (status) o.span.status = status;
  }

  #event(name: string, ns: bigint, attributes: OtlpKeyValue[]): void {
    this.root.span.events.push({ timeUnixNano: String(ns), name, attributes });
  }

  #openPhase(): Open | null {
    for (let i = this.#phases.length - 1; i >= 0; i--) {
      if (!this.#phases[i].ended) return this.#phases[i];
    }
    return null;
  }

  add(ev: KnownEvent, ns: bigint): void {
    if (ns > this.#lastNs) this.#lastNs = ns;
    switch (ev.type) {
      case "run_started":
        if (this.#starts++ > 0) this.#event("resumed", ns, []);
        break;
      case "run_finished": {
        // A resumed run finishes more than once: the last run_finished has the totals.
        const totals = [
          attr("taskline.run.status", ev.status),
          attr("taskline.run.success", ev.success === true),
          attr("taskline.run.resumes", Math.max(0, this.#starts - 1)),
          attr("taskline.run.active_ms", ev.active_ms ?? 0),
          attr("gen_ai.usage.input_tokens", ev.usage?.input_tokens ?? 0),
          attr("gen_ai.usage.output_tokens", ev.usage?.output_tokens ?? 0),
        ];
        const keys = new Set(totals.map((a) => a.key));
        this.root.span.attributes = [
          ...this.root.span.attributes.filter((a) => !keys.has(a.key)),
          ...totals,
        ];
        this.#end(
          this.root,
          ns,
          ev.success ? { code: 1 } : { code: 2, message: `run ${ev.status}` },
        );
        break;
      }
      case "phase_started":
        this.#phases.push(
          this.#span(`phase ${ev.phase}`, this.root, ns, [attr("taskline.phase", ev.phase)]),
        );
        break;
      case "phase_finished": {
        const p =
          [...this.#phases].reverse().find((o) =>
            !o.ended && o.span.name === `phase ${ev.phase}`
          ) ?? this.#span(`phase ${ev.phase}`, this.root, ns, [attr("taskline.phase", ev.phase)]);
        p.span.attributes.push(attr("taskline.phase.summary", this.#cut(ev.summary ?? "")));
        this.#end(p, ns, ev.success ? { code: 1 } : { code: 2, message: ev.summary ?? "" });
        break;
      }
      case "agent_started": {
        const parent = this.#openPhase() ?? this.root;
        const attrs = [attr("gen_ai.agent.name", ev.role)];
        if (ev.model) attrs.push(attr("gen_ai.request.model", ev.model));
        if (ev.subtask) attrs.push(attr("taskline.subtask", ev.subtask));
        const open = this.#span(`agent ${ev.role}`, parent, ns, attrs);
        let q = this.#sessions.get(ev.role);
        if (!q) this.#sessions.set(ev.role, q = []);
        q.push({ open, subtask: ev.subtask ?? null });
        break;
      }
      case "agent_finished": {
        const q = this.#sessions.get(ev.role);
        const s = q?.shift()?.open ??
          this.#span(`agent ${ev.role}`, this.#openPhase() ?? this.root, ns, [
            attr("gen_ai.agent.name", ev.role),
          ]);
        s.span.attributes.push(
          attr("taskline.agent.steps", ev.steps ?? 0),
          attr("taskline.agent.stop", this.#cut(String(ev.stop ?? ""))),
          attr("gen_ai.usage.input_tokens", ev.usage?.input_tokens ?? 0),
          attr("gen_ai.usage.output_tokens", ev.usage?.output_tokens ?? 0),
          attr("taskline.usage.cache_read_tokens", ev.usage?.cache_read_tokens ?? 0),
          attr("taskline.usage.cache_write_tokens", ev.usage?.cache_write_tokens ?? 0),
        );
        this.#end(s, ns);
        break;
      }
      case "tool_called": {
        const q = this.#sessions.get(ev.role);
        const session = q?.find((s) => s.subtask === (ev.subtask ?? null)) ?? q?.[0];
        const parent = session?.open ?? this.#openPhase() ?? this.root;
        const attrs = [
          attr("gen_ai.tool.name", ev.tool),
          attr("gen_ai.tool.call.id", ev.call),
          attr("taskline.role", ev.role),
          attr("taskline.tool.input", this.#cut(JSON.stringify(ev.input ?? null))),
        ];
        if (ev.subtask) attrs.push(attr("taskline.subtask", ev.subtask));
        const open = this.#span(`tool ${ev.tool}`, parent, ns, attrs);
        if (ev.call === LEGACY_CALL_ID) {
          const key = `${ev.role}|${ev.tool}|${ev.subtask ?? ""}`;
          let oq = this.#callsByOrder.get(key);
          if (!oq) this.#callsByOrder.set(key, oq = []);
          oq.push(open);
        } else this.#callsById.set(ev.call, open);
        break;
      }
      case "tool_returned": {
        let open: Open | undefined;
        if (ev.call === LEGACY_CALL_ID) {
          open = this.#callsByOrder.get(`${ev.role}|${ev.tool}|${ev.subtask ?? ""}`)?.shift();
        } else {
          open = this.#callsById.get(ev.call);
          this.#callsById.delete(ev.call);
        }
        if (!open) {
          const start = ns - BigInt(Math.max(0, Math.round(ev.duration_ms ?? 0))) * 1_000_000n;
          open = this.#span(`tool ${ev.tool}`, this.#openPhase() ?? this.root, start, [
            attr("gen_ai.tool.name", ev.tool),
            attr("gen_ai.tool.call.id", ev.call),
            attr("taskline.role", ev.role),
            attr("taskline.tool.call_missing", true),
          ]);
        }
        const result = resultOf({
          returned_at: "",
          timed_out: ev.timed_out === true,
          exit_code: typeof ev.exit_code === "number" ? ev.exit_code : null,
          is_error: ev.is_error === true,
        });
        const a = open.span.attributes;
        a.push(
          attr("taskline.tool.result", result),
          attr("taskline.tool.is_error", ev.is_error === true),
          attr("taskline.tool.duration_ms", ev.duration_ms ?? 0),
          attr("taskline.tool.timed_out", ev.timed_out === true),
          attr("taskline.tool.output_chars", ev.output_chars ?? 0),
          attr("taskline.tool.preview", this.#cut(ev.preview ?? "")),
        );
        if (typeof ev.exit_code === "number") a.push(attr("taskline.tool.exit_code", ev.exit_code));
        if (ev.output_file) a.push(attr("taskline.tool.output_file", ev.output_file));
        this.#end(open, ns, result === "ok" ? { code: 1 } : { code: 2, message: result });
        break;
      }
      case "paused":
        this.#event("paused", ns, [attr("taskline.reason", ev.reason ?? "")]);
        break;
      case "approval_requested":
        this.#event("approval_requested", ns, [attr("taskline.gate", ev.gate)]);
        break;
      case "approval_resolved":
        this.#event("approval_resolved", ns, [
          attr("taskline.gate", ev.gate),
          attr("taskline.approved", ev.approved === true),
          attr("taskline.comment", ev.comment ?? ""),
        ]);
        break;
      case "committed":
        this.#event("committed", ns, [
          attr("taskline.commit", ev.commit),
          attr("taskline.message", ev.message ?? ""),
          attr("taskline.files", (ev.files ?? []).length),
        ]);
        break;
      case "merged":
        this.#event("merged", ns, [
          attr("taskline.commit", ev.commit),
          attr("taskline.branch", ev.branch ?? ""),
          attr("taskline.base", ev.base ?? ""),
        ]);
        break;
      case "validation_finished": {
        const attrs = [
          attr("taskline.command", ev.command),
          attr("taskline.integration", ev.integration === true),
          attr("taskline.passed", ev.passed === true),
        ];
        if (typeof ev.exit_code === "number") attrs.push(attr("taskline.exit_code", ev.exit_code));
        this.#event("validation_finished", ns, attrs);
        break;
      }
      case "retrying":
        this.#event("retrying", ns, [
          attr("taskline.what", ev.what ?? ""),
          attr("taskline.attempt", ev.attempt ?? 0),
          attr("taskline.delay_ms", ev.delay_ms ?? 0),
        ]);
        break;
      case "log":
        if (ev.level === "warn" || ev.level === "error") {
          this.#event(`log ${ev.level}`, ns, [attr("taskline.message", this.#cut(ev.message))]);
        }
        break;
      default:
        break;
    }
  }

  /** Ends what is still open at the run's last event and marks it unfinished. */
  close(): void {
    for (const o of this.#opens) {
      if (o.ended) continue;
      o.span.endTimeUnixNano = String(this.#lastNs > o.startNs ? this.#lastNs : o.startNs);
      o.span.attributes.push(attr("taskline.unfinished", true));
      if (o.span.name.startsWith("tool ")) {
        o.span.attributes.push(attr("taskline.tool.result", "no result"));
        o.span.status = { code: 2, message: "no result" };
      }
    }
  }
}

/**
 * The OTLP/JSON document of a task's current run (or of another run, or of
 * every run).
 */
export async function buildOtlpTrace(
  state: StateDir,
  task: Task,
  options: OtlpOptions = {},
): Promise<OtlpTraceDocument> {
  const path = state.logPath(task.dir);
  const to = await fileSize(path);
  let only: string | null = null;
  if (!options.all) {
    only = options.run !== undefined
      ? await resolveRun(path, options.run, to)
      : (await findCurrentRun(path, { to }))?.run ?? null;
  }
  const max = options.attributeCharsMax ?? 4096;
  const byRun = new Map<string, RunSpans>();
  if (options.all || only !== null) {
    for await (
      const b of readLog(path, { to, onProblem: options.onProblem, signal: options.signal })
    ) {
      for (const r of b.records) {
        if (r.env.schema > 2) continue;
        const ev = r.env.event as KnownEvent;
        const run = runOf(ev);
        if (run === null || (only !== null && run !== only)) continue;
        const ns = nsOf(r.env.at);
        if (ns === null) continue;
        let spans = byRun.get(run);
        if (!spans) byRun.set(run, spans = new RunSpans(run, task, ns, max));
        spans.add(ev, ns);
      }
    }
  }
  const spans: OtlpSpan[] = [];
  for (const s of byRun.values()) {
    s.close();
    spans.push(...s.spans);
  }
  return {
    resourceSpans: [{
      resource: {
        attributes: [
          attr("service.name", "taskline"),
          attr("service.version", VERSION),
          attr("taskline.task.id", task.id),
          attr("taskline.task.number", task.number),
          attr("taskline.task.title", task.record.title),
          attr("taskline.task.dir", task.dir),
        ],
      },
      scopeSpans: [{ scope: { name: "taskline", version: VERSION }, spans }],
    }],
  };
}
