/**
 * Folding a task's log into a {@link LogSummary}: everything the history
 * view knows from events alone, as plain JSON so that it can be cached by
 * the log's size and modification time. What depends on other files (the
 * task record, the lock, `run.json`, the prices) is added later by
 * `history.ts`.
 *
 * @example
 * ```ts
 * const fold = new HistoryFold();
 * for await (const b of readLog(path, { onProblem: fold.problem })) for (const r of b.records) fold.add(r);
 * const summary = fold.finish();
 * ```
 *
 * @module
 */
import type { KnownEvent, Usage } from "../contract/events.ts";
import { LEGACY_CALL_ID, runOf, zeroUsage } from "../contract/events.ts";
import type { LogProblem, LogRecord } from "../store/log_reader.ts";
import { decodeLine } from "../codec/decode.ts";
import type { ModelUsage } from "./pricing.ts";
import { isWriteTool, writtenPath } from "./written_path.ts";

/** Bumped whenever {@link LogSummary} changes shape: older cache entries are ignored. */
export const SUMMARY_VERSION = 2;

/** A phase of a run. */
export interface PhaseRecord {
  phase: string;
  started_at: string | null;
  finished_at: string | null;
  /** Null while the phase has not finished. */
  success: boolean | null;
  summary: string;
}

/** A commit of a run (`committed`). */
export interface CommitRecord {
  commit: string;
  message: string;
  files: string[];
  subtask: string | null;
  at: string;
}

/** The merge of a run (`merged`). */
export interface MergeRecord {
  commit: string;
  branch: string;
  base: string;
  at: string;
}

/** A validation result (`validation_finished`). */
export interface ValidationEntry {
  command: string;
  integration: boolean;
  passed: boolean;
  exit_code: number | null;
  at: string;
}

/** An answered approval (`approval_resolved`). */
export interface ApprovalEntry {
  gate: string;
  approved: boolean;
  comment: string | null;
  at: string;
}

/** What the events say about one run. */
export interface RunSummary {
  run: string;
  /** `at` of its first `run_started` (or of its first event). */
  started_at: string;
  /** `at` of its last `run_finished`, when the last segment ended. */
  finished_at: string | null;
  /** Whether its last `run_started` was followed by a `run_finished`. */
  ended: boolean;
  status: string | null;
  success: boolean | null;
  /** `run_started` events after the first. */
  resumes: number;
  /** Totals of the last `run_finished`; lower bounds when `totals_known` is false. */
  usage: Usage;
  active_ms: number;
  /** Totals are exact: the run ended and none of its events predates 0.5. */
  totals_known: boolean;
  /** Some event of the run was written before 0.5 (0.5 defaults were filled in). */
  legacy: boolean;
  phases: PhaseRecord[];
  commits: CommitRecord[];
  merged: MergeRecord | null;
  validations: ValidationEntry[];
  approvals: ApprovalEntry[];
  pending_approval: string | null;
  last_error: string | null;
  paused_reason: string | null;
  last_event_at: string;
  /** Agent sessions grouped by model, for the cost. */
  models: ModelUsage[];
  /** Agent sessions. */
  sessions: number;
  /** Tool calls. */
  calls: number;
  /**
   * The costs its agents reported themselves (`agent_finished.cost_usd`),
   * added up, in US dollars; null when none reported one.
   */
  reported_cost: number | null;
}

/** The QA result last reported. */
export interface QaSummary {
  round: number;
  /** `approved` when the qa phase succeeded, `changes_requested` when it failed, else `unknown`. */
  verdict: string;
  summary: string;
  issues: number | null;
}

/** Everything the history view takes from one log. */
export interface LogSummary {
  version: number;
  runs: RunSummary[];
  /** The run of the last `run_started`, or null. */
  current_run: string | null;
  /** `at` of the last event of the log. */
  last_activity: string | null;
  /** Paths written by successful file-writing calls (written_path.ts), first write first. */
  trace_files: string[];
  last_qa: QaSummary | null;
  /** Problems met reading the log (broken lines), at most {@link ERRORS_MAX}. */
  errors: string[];
  /** The log is not a regular file inside `.taskline/` (never cached). */
  bad_log?: BadLog;
}

/** A task's log that is not a log (see store/log_file.ts): what it is, and the message. */
export interface BadLog {
  path: string;
  kind: string;
  message: string;
}

/** Most problems kept per log. */
export const ERRORS_MAX = 50;

/**
 * The canonical start (src/codec/encode.ts) of a schema-2 line whose event
 * the history only counts: groups are `at`, the type, the run, and for tool
 * events the tool.
 */
const LIGHT =
  /^\{"schema":2,"seq":\d+,"at":"([^"\\]*)","event":\{"type":"(agent_text|subtask_updated|subtask_integrated|tool_called|tool_returned)","run":"([^"\\]+)"(?:,"role":"[^"\\]*","tool":"([^"\\]*)")?/;

/** The canonical end of a `tool_called` line written by 0.5. */
const TAIL_CALLED = /,"call":"[0-9a-f]{12}","subtask":(?:null|"[^"\\]*")\}\}$/;
/** The canonical end of a `tool_returned` line written by 0.5. */
const TAIL_RETURNED = /,"output_file":(?:null|"(?:[^"\\]|\\.)*")\}\}$/;

interface OpenSession {
  model: string;
  subtask: string | null;
}

interface RunWork {
  sum: RunSummary;
  agentUsage: Usage;
  budgetActiveMs: number;
  lastFinished: { usage: Usage; active_ms: number; upgraded: boolean } | null;
  sessionsOpen: Map<string, OpenSession[]>;
  models: Map<string, ModelUsage>;
  writesById: Map<string, string>;
  writesByOrder: Map<string, string[]>;
  qaRound: number | null;
}

function addUsage(to: Usage, u: Partial<Usage> | undefined): void {
  if (!u) return;
  to.input_tokens += num(u.input_tokens);
  to.output_tokens += num(u.output_tokens);
  to.cache_read_tokens += num(u.cache_read_tokens);
  to.cache_write_tokens += num(u.cache_write_tokens);
}

function num(v: unknown): number {
  return typeof v === "number" && Number.isFinite(v) ? v : 0;
}

function maxUsage(a: Usage, b: Usage): Usage {
  return {
    input_tokens: Math.max(a.input_tokens, b.input_tokens),
    output_tokens: Math.max(a.output_tokens, b.output_tokens),
    cache_read_tokens: Math.max(a.cache_read_tokens, b.cache_read_tokens),
    cache_write_tokens: Math.max(a.cache_write_tokens, b.cache_write_tokens),
  };
}

function str(v: unknown, d = ""): string {
  return typeof v === "string" ? v : d;
}

function strOrNull(v: unknown): string | null {
  return typeof v === "string" ? v : null;
}

/** Folds the records of one log, in file order, into a {@link LogSummary}. */
export class HistoryFold {
  #runs = new Map<string, RunWork>();
  #current: string | null = null;
  #lastActivity: string | null = null;
  #traceFiles: string[] = [];
  #traceSeen = new Set<string>();
  #qa: QaSummary | null = null;
  #errors: string[] = [];
  #problems = 0;

  /** Pass to `readLog`'s `onProblem`: keeps the problem for the detail. */
  problem = (p: LogProblem): void => {
    this.#problems++;
    if (this.#errors.length < ERRORS_MAX) {
      const where = p.line > 0 ? `line ${p.line}` : `near byte ${p.offset}`;
      this.#errors.push(`${where}: skipped a broken line (${p.reason})`);
    }
  };

  /** Adds one record. */
  add(record: LogRecord): void {
    const env = record.env;
    this.#lastActivity = env.at;
    if (env.schema > 2) return; // a future format: shown as unknown, not interpreted
    const ev = env.event;
    const run = runOf(ev);
    if (run === null) return;
    const w = this.#work(run, env.at);
    const s = w.sum;
    s.last_event_at = env.at;
    if (record.upgraded) s.legacy = true;
    this.#apply(w, ev as KnownEvent, env.at, record.upgraded);
  }

  /**
   * Adds one raw line (without its newline), `line` its 1-based number.
   * Lines in the canonical schema-2 form whose event the history does not
   * read beyond its type, run and time (agent texts, subtask updates, tool
   * calls other than write_file/edit_file...) are not parsed: the prefix
   * anchored at the start of the line says all that is needed, and cannot be
   * forged by the content that follows it.
   */
  addLine(text: string, line: number): void {
    if (text === "") return;
    const m = LIGHT.exec(text);
    const tool = m?.[4];
    const isTool = m !== null && m[2].startsWith("tool_");
    // A tool line is counted unparsed only when its tail shows the 0.5 fields:
    // an older line must be parsed, so that its run is marked as pre-0.5.
    const tail = isTool ? (m[2] === "tool_called" ? TAIL_CALLED : TAIL_RETURNED) : null;
    if (
      m && (!isTool || (tool !== undefined && !isWriteTool(tool) && tail!.test(text)))
    ) {
      const [, at, type, run] = m;
      this.#lastActivity = at;
      const w = this.#work(run, at);
      w.sum.last_event_at = at;
      if (type === "tool_called") w.sum.calls++;
      return;
    }
    const d = decodeLine(text);
    if (d.ok) this.add({ env: d.env, upgraded: d.upgraded, text, line });
    else if (text.trim() !== "") {
      this.problem({ path: "", line, offset: 0, reason: d.reason });
    }
  }

  #work(run: string, at: string): RunWork {
    let w = this.#runs.get(run);
    if (!w) {
      w = {
        sum: {
          run,
          started_at: at,
          finished_at: null,
          ended: false,
          status: null,
          success: null,
          resumes: 0,
          usage: zeroUsage(),
          active_ms: 0,
          totals_known: false,
          legacy: false,
          phases: [],
          commits: [],
          merged: null,
          validations: [],
          approvals: [],
          pending_approval: null,
          last_error: null,
          paused_reason: null,
          last_event_at: at,
          models: [],
          sessions: 0,
          calls: 0,
          reported_cost: null,
        },
        agentUsage: zeroUsage(),
        budgetActiveMs: 0,
        lastFinished: null,
        sessionsOpen: new Map(),
        models: new Map(),
        writesById: new Map(),
        writesByOrder: new Map(),
        qaRound: null,
      };
      this.#runs.set(run, w);
    }
    return w;
  }

  #apply(w: RunWork, ev: KnownEvent, at: string, upgraded: boolean): void {
    const s = w.sum;
    switch (ev.type) {
      case "run_started":
        // A resume repeats run_started with the same run id.
        if (this.#seenStart.has(s.run)) s.resumes++;
        else {
          this.#seenStart.add(s.run);
          s.started_at = at;
        }
        this.#current = s.run;
        s.ended = false;
        s.finished_at = null;
        break;
      case "run_finished":
        s.ended = true;
        s.finished_at = at;
        s.status = str(ev.status, "") || null;
        s.success = typeof ev.success === "boolean" ? ev.success : null;
        {
          const usage = zeroUsage();
          addUsage(usage, ev.usage);
          w.lastFinished = { usage, active_ms: num(ev.active_ms), upgraded };
        }
        break;
      case "phase_started":
        s.phases.push({
          phase: str(ev.phase),
          started_at: at,
          finished_at: null,
          success: null,
          summary: "",
        });
        break;
      case "phase_finished": {
        const name = str(ev.phase);
        let p: PhaseRecord | undefined;
        for (let i = s.phases.length - 1; i >= 0; i--) {
          if (s.phases[i].phase === name && s.phases[i].finished_at === null) {
            p = s.phases[i];
            break;
          }
        }
        if (!p) {
          p = { phase: name, started_at: null, finished_at: null, success: null, summary: "" };
          s.phases.push(p);
        }
        p.finished_at = at;
        p.success = typeof ev.success === "boolean" ? ev.success : null;
        p.summary = str(ev.summary);
        if (name === "qa" && this.#qa && w.qaRound !== null) {
          this.#qa.verdict = p.success ? "approved" : "changes_requested";
          this.#qa.summary = p.summary;
        }
        break;
      }
      case "agent_started": {
        const key = `${ev.role}`;
        let q = w.sessionsOpen.get(key);
        if (!q) w.sessionsOpen.set(key, q = []);
        q.push({ model: str(ev.model), subtask: strOrNull(ev.subtask) });
        s.sessions++;
        this.#model(w, str(ev.model)).sessions++;
        break;
      }
      case "agent_finished": {
        const q = w.sessionsOpen.get(`${ev.role}`);
        let session: OpenSession | undefined;
        if (q && q.length > 0) {
          const sub = (ev as unknown as { subtask?: unknown }).subtask;
          let i = sub === undefined ? 0 : q.findIndex((o) => o.subtask === sub);
          if (i < 0) i = 0;
          session = q.splice(i, 1)[0];
        }
        const m = this.#model(w, session ? session.model : "");
        if (!session) {
          // A session whose start is not in the log: its model is unknown.
          s.sessions++;
          m.sessions++;
        }
        addUsage(m.usage, ev.usage);
        addUsage(w.agentUsage, ev.usage);
        const cost = (ev as { cost_usd?: unknown }).cost_usd;
        if (typeof cost === "number" && Number.isFinite(cost) && cost >= 0) {
          s.reported_cost = (s.reported_cost ?? 0) + cost;
        }
        break;
      }
      case "budget_updated":
        w.budgetActiveMs = Math.max(w.budgetActiveMs, num(ev.active_ms));
        break;
      case "tool_called": {
        s.calls++;
        const path = writtenPath(ev.tool, ev.input);
        if (path === null) break;
        if (ev.call === LEGACY_CALL_ID) {
          const key = `${ev.role}|${ev.tool}|${ev.subtask}`;
          let q = w.writesByOrder.get(key);
          if (!q) w.writesByOrder.set(key, q = []);
          q.push(path);
        } else {
          w.writesById.set(ev.call, path);
        }
        break;
      }
      case "tool_returned": {
        if (!isWriteTool(ev.tool)) break;
        let path: string | undefined;
        if (ev.call === LEGACY_CALL_ID) {
          path = w.writesByOrder.get(`${ev.role}|${ev.tool}|${ev.subtask}`)?.shift();
        } else {
          path = w.writesById.get(ev.call);
          w.writesById.delete(ev.call);
        }
        if (path !== undefined && ev.is_error !== true && !this.#traceSeen.has(path)) {
          this.#traceSeen.add(path);
          this.#traceFiles.push(path);
        }
        break;
      }
      case "committed":
        s.commits.push({
          commit: str(ev.commit),
          message: str(ev.message),
          files: Array.isArray(ev.files) ? ev.files.filter((f) => typeof f === "string") : [],
          subtask: strOrNull(ev.subtask),
          at,
        });
        break;
      case "merged":
        s.merged = { commit: str(ev.commit), branch: str(ev.branch), base: str(ev.base), at };
        break;
      case "validation_finished":
        s.validations.push({
          command: str(ev.command),
          integration: ev.integration === true,
          passed: ev.passed === true,
          exit_code: typeof ev.exit_code === "number" ? ev.exit_code : null,
          at,
        });
        break;
      case "approval_requested":
        s.pending_approval = str(ev.gate) || null;
        break;
      case "approval_resolved":
        s.approvals.push({
          gate: str(ev.gate),
          approved: ev.approved === true,
          comment: strOrNull(ev.comment),
          at,
        });
        if (s.pending_approval === ev.gate) s.pending_approval = null;
        break;
      case "paused":
        s.paused_reason = str(ev.reason);
        break;
      case "log":
        if (ev.level === "error") s.last_error = str(ev.message);
        break;
      case "artefact_written":
        if (ev.artefact && ev.artefact.kind === "qa_report") {
          const round = num((ev.artefact as { round?: unknown }).round);
          w.qaRound = round;
          const qaPhase = [...s.phases].reverse().find((p) => p.phase === "qa");
          const done = qaPhase && qaPhase.finished_at !== null;
          this.#qa = {
            round,
            verdict: done ? (qaPhase.success ? "approved" : "changes_requested") : "unknown",
            summary: done ? qaPhase.summary : "",
            issues: null,
          };
        }
        break;
      default:
        break;
    }
  }

  #seenStart = new Set<string>();

  #model(w: RunWork, model: string): ModelUsage {
    let m = w.models.get(model);
    if (!m) {
      m = { model, sessions: 0, usage: zeroUsage() };
      w.models.set(model, m);
    }
    return m;
  }

  /** The summary of everything added. */
  finish(): LogSummary {
    const runs: RunSummary[] = [];
    for (const w of this.#runs.values()) {
      const s = w.sum;
      s.models = [...w.models.values()];
      const f = w.lastFinished;
      const exact = s.ended && f !== null && !s.legacy && !f.upgraded;
      if (exact) {
        s.usage = { ...f.usage };
        s.active_ms = f.active_ms;
        s.totals_known = true;
      } else {
        // A lower bound: what the last run_finished says, or what the sessions
        // and the budget reports add up to, whichever is more.
        s.usage = maxUsage(f ? f.usage : zeroUsage(), w.agentUsage);
        s.active_ms = Math.max(f ? f.active_ms : 0, w.budgetActiveMs);
        s.totals_known = false;
      }
      runs.push(s);
    }
    if (this.#problems > this.#errors.length) {
      this.#errors.push(`and ${this.#problems - this.#errors.length} more broken lines`);
    }
    return {
      version: SUMMARY_VERSION,
      runs,
      current_run: this.#current,
      last_activity: this.#lastActivity,
      trace_files: this.#traceFiles,
      last_qa: this.#qa,
      errors: this.#errors,
    };
  }
}

/** A summary of an empty log. */
export function emptySummary(): LogSummary {
  return {
    version: SUMMARY_VERSION,
    runs: [],
    current_run: null,
    last_activity: null,
    trace_files: [],
    last_qa: null,
    errors: [],
  };
}
