/**
 * The page's data: every logged event seen, in one array (bounded), with a
 * summary of each task kept up to date from the events.
 *
 * @module
 */
import type { TaskHistory } from "../../views/history.ts";
import { usageTokens } from "./format.ts";
import { type Field, isFuture, type WireEnvelope } from "./wire.ts";

/** Subtask statuses that count as finished in a task's progress. */
const SUBTASK_DONE = new Set(["done", "completed", "complete", "integrated", "merged", "skipped"]);

/** What the Tasks screen shows of one task, kept up to date from its events. */
export interface TaskInfo {
  number: number;
  /** Grows with each change, so that screens redraw only what changed. */
  version: number;
  id: string;
  title: string;
  status: string;
  running: boolean;
  run: string;
  runStatus: string;
  phase: string;
  phaseFailed: boolean;
  pendingApproval: string | null;
  subtasks: Map<string, string>;
  tokens: number;
  tokenLimit: number | null;
  activeMs: number;
  calls: number;
  errors: number;
  lastAt: string;
  last: WireEnvelope | null;
  liveText: string;
  liveRole: string;
}

function newTaskInfo(number: number): TaskInfo {
  return {
    number,
    version: 0,
    id: "",
    title: "",
    status: "",
    running: false,
    run: "",
    runStatus: "",
    phase: "",
    phaseFailed: false,
    pendingApproval: null,
    subtasks: new Map(),
    tokens: 0,
    tokenLimit: null,
    activeMs: 0,
    calls: 0,
    errors: 0,
    lastAt: "",
    last: null,
    liveText: "",
    liveRole: "",
  };
}

/** Whether a task (its id and number) is the one a reference names: a number, or an id or id prefix. */
export function matchRef(id: unknown, number: unknown, ref: string): boolean {
  if (/^\d+$/.test(ref)) return number === Number(ref);
  return typeof id === "string" && ref.length >= 4 && id.startsWith(ref.toLowerCase());
}

/** Whether an envelope belongs to the task a reference names. */
export function envOf(env: WireEnvelope, ref: string): boolean {
  return matchRef(env.task, env.number, ref);
}

/** Counts the finished subtasks of a task. */
export function subtaskProgress(info: TaskInfo): { done: number; total: number } {
  let done = 0;
  for (const s of info.subtasks.values()) if (SUBTASK_DONE.has(String(s).toLowerCase())) done++;
  return { done, total: info.subtasks.size };
}

const str = (v: unknown, fallback = ""): string => (typeof v === "string" ? v : fallback);
const numOr = (v: unknown, fallback: number): number =>
  typeof v === "number" && Number.isFinite(v) ? v : fallback;

/** Updates a task's summary with one of its events. */
function applyToTask(info: TaskInfo, env: WireEnvelope): void {
  const ev = env.event;
  info.version++;
  if (env.task && !info.id) info.id = env.task;
  if (ev.type === "agent_delta") {
    if (info.liveRole !== ev.role) info.liveText = "";
    info.liveRole = str(ev.role);
    if (ev.delta?.kind !== "thinking") {
      info.liveText = (info.liveText + str(ev.delta?.text)).slice(-400);
    }
    return;
  }
  info.lastAt = env.at;
  info.last = env;
  // A newer format's event changes nothing this page knows of the task.
  if (isFuture(env)) return;
  switch (ev.type) {
    case "run_started":
      if (ev.run !== info.run) {
        info.subtasks = new Map();
        info.tokens = 0;
        info.tokenLimit = null;
        info.calls = 0;
        info.errors = 0;
      }
      info.run = str(ev.run);
      info.running = true;
      info.runStatus = "running";
      info.pendingApproval = null;
      info.phaseFailed = false;
      break;
    case "phase_started":
      info.phase = str(ev.phase);
      info.phaseFailed = false;
      break;
    case "phase_finished":
      info.phaseFailed = !ev.success;
      break;
    case "agent_text":
    case "agent_finished":
      info.liveText = "";
      if (ev.type === "agent_finished" && info.tokenLimit === null) {
        info.tokens += usageTokens(ev.usage);
      }
      break;
    case "tool_called":
      info.calls++;
      break;
    case "tool_returned":
      if (ev.is_error || ev.timed_out) info.errors++;
      break;
    case "subtask_updated":
      info.subtasks.set(str(ev.subtask), str(ev.status));
      break;
    case "budget_updated":
      info.tokens = numOr(ev.tokens, info.tokens);
      info.tokenLimit = typeof ev.token_limit === "number" ? ev.token_limit : null;
      info.activeMs = numOr(ev.active_ms, info.activeMs);
      break;
    case "approval_requested":
      info.pendingApproval = str(ev.gate);
      info.runStatus = "waiting";
      break;
    case "approval_resolved":
      info.pendingApproval = null;
      break;
    case "paused":
      info.runStatus = "paused";
      break;
    case "run_finished":
      info.running = false;
      info.liveText = "";
      info.runStatus = str(ev.status);
      info.status = str(ev.status) || info.status;
      info.tokens = usageTokens(ev.usage) || info.tokens;
      info.activeMs = numOr(ev.active_ms, info.activeMs);
      break;
  }
}

/** What the store tells its listeners. */
export type StoreChange =
  | { kind: "event"; env: WireEnvelope }
  | { kind: "delta"; env: WireEnvelope }
  | { kind: "reset" }
  | { kind: "trim"; count: number }
  | { kind: "task"; info: TaskInfo };

const keyOf = (env: WireEnvelope, number: number) =>
  `${number}:${env.seq ?? ""}:${env.at}:${env.event.type}`;

/**
 * Every logged event the page has seen, oldest first, in one array (bounded
 * by `eventsMax`; the oldest tenth is dropped when it is full), and a summary
 * of each task.
 */
export class Store {
  /** Tagged envelopes, in the order they arrived. */
  events: WireEnvelope[] = [];
  /** Events dropped from the front of `events` since the page opened. */
  dropped = 0;
  eventsMax: number;
  keys = new Set<string>();
  /** Task id -> summary. */
  tasks = new Map<string, TaskInfo>();
  /** Task number -> how many tasks have it. */
  numbers = new Map<number, number>();
  /** Reference -> task, for {@link byRef}; cleared when a task appears. */
  refs = new Map<string, TaskInfo>();
  /** Event types seen, for the Activity filter. */
  types = new Set<string>();
  /** The ids of the last task list read ({@link syncRows}). */
  listed = new Set<string>();
  listeners = new Set<(change: StoreChange) => void>();

  constructor(options: { eventsMax?: number } = {}) {
    this.eventsMax = options.eventsMax ?? 200_000;
  }

  on(fn: (change: StoreChange) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  emit(change: StoreChange): void {
    for (const fn of this.listeners) {
      try {
        fn(change);
      } catch (e) {
        console.error(e);
      }
    }
  }

  /**
   * The summary of a task, made on first sight. Tasks are keyed by id: two
   * tasks can share a number (made at the same time by two processes).
   */
  task(id: unknown, number: number): TaskInfo {
    const key = typeof id === "string" && id ? id : `#${number}`;
    let info = this.tasks.get(key);
    if (!info) {
      info = newTaskInfo(number);
      info.id = typeof id === "string" ? id : "";
      this.tasks.set(key, info);
      this.numbers.set(number, (this.numbers.get(number) ?? 0) + 1);
      this.refs.clear();
      this.emit({ kind: "task", info });
    }
    return info;
  }

  /** How a task is named in addresses and routes: its number, or its id when the number is shared. */
  refOf(info: TaskInfo | null | undefined): string {
    if (!info) return "";
    return (this.numbers.get(info.number) ?? 0) > 1 && info.id ? info.id : String(info.number);
  }

  /** The task a reference names (a number, or an id or id prefix), if the page knows it. */
  byRef(ref: string): TaskInfo | null {
    const cached = this.refs.get(ref);
    if (cached) return cached;
    for (const info of this.tasks.values()) {
      if (matchRef(info.id, info.number, ref)) {
        this.refs.set(ref, info);
        return info;
      }
    }
    return null;
  }

  /**
   * Adds one envelope of the project stream. Logged events are kept (once:
   * a repeat is ignored); ephemeral ones only update the task's live text.
   * Returns whether anything changed. `quiet` batches: the caller emits.
   */
  add(value: unknown, quiet = false): boolean {
    if (!value || typeof value !== "object") return false;
    const env = value as WireEnvelope;
    if (!env.event || typeof env.event !== "object" || typeof env.event.type !== "string") {
      return false;
    }
    const number = Number.isInteger(env.number) ? env.number : 0;
    const info = this.task(env.task, number);
    if (env.event.type === "agent_delta") {
      applyToTask(info, env);
      if (!quiet) this.emit({ kind: "delta", env });
      return true;
    }
    const key = keyOf(env, number);
    if (this.keys.has(key)) return false;
    this.keys.add(key);
    this.events.push(env);
    this.types.add(env.event.type);
    applyToTask(info, env);
    if (this.events.length > this.eventsMax) this.trim();
    if (!quiet) this.emit({ kind: "event", env });
    return true;
  }

  /** Adds many envelopes, then tells listeners once. */
  addAll(envs: readonly unknown[]): void {
    for (const env of envs) this.add(env, true);
    this.emit({ kind: "reset" });
  }

  trim(): void {
    const n = Math.ceil(this.eventsMax / 10);
    for (const env of this.events.splice(0, n)) {
      this.keys.delete(keyOf(env, Number.isInteger(env.number) ? env.number : 0));
    }
    this.dropped += n;
    this.emit({ kind: "trim", count: n });
  }

  /** Merges a row of `GET /api/tasks` (or `/api/tasks/{ref}`): it is newer than the events read before it. */
  mergeRow(value: unknown): void {
    if (!value || typeof value !== "object") return;
    const row = value as Record<string, Field>;
    const t = row.task ?? row;
    const number = Number.isInteger(row.number) ? row.number : t.number;
    if (!Number.isInteger(number)) return;
    const info = this.task(t.id, number);
    info.version++;
    info.id = str(t.id, info.id);
    info.title = str(t.title, info.title);
    info.status = str(t.status, info.status);
    if (typeof row.running === "boolean") {
      info.running = row.running;
      if (!row.running && info.runStatus === "running") info.runStatus = "stopped";
    }
    const run = row.run;
    if (run && typeof run === "object") {
      if ("pending_approval" in run) info.pendingApproval = run.pending_approval ?? null;
      if (run.current_phase) info.phase = str(run.current_phase, info.phase);
      if (run.status) info.runStatus = str(run.status, info.runStatus);
      if (run.active_ms && !info.activeMs) info.activeMs = numOr(run.active_ms, 0);
      if (run.usage && !info.tokens) info.tokens = usageTokens(run.usage);
      if (run.id || run.run) info.run = str(run.id ?? run.run, info.run);
    }
    this.emit({ kind: "task", info });
  }

  /**
   * The whole task list (`GET /api/tasks`): each row is merged (with
   * `newOnly`, only the rows of tasks the page does not know: the events of
   * the others are newer than a row read in passing, which can be a moment
   * behind them), and a task that was in the previous list and is not in
   * this one was discarded: it is forgotten with its events (the server's
   * `/api/events` forgets them too). A task not in any list yet (its first
   * events came by the stream before the list was read) is kept.
   */
  syncRows(rows: readonly unknown[], options: { newOnly?: boolean } = {}): void {
    const ids = new Set<string>();
    for (const row of rows) {
      const r = row as { task?: { id?: unknown }; id?: unknown } | null;
      const id = r?.task?.id ?? r?.id;
      if (typeof id === "string") {
        ids.add(id);
        if (options.newOnly && this.tasks.has(id)) continue;
      }
      this.mergeRow(row);
    }
    const gone = new Set<string>();
    for (const [key, info] of this.tasks) {
      if (!info.id || ids.has(info.id) || !this.listed.has(info.id)) continue;
      gone.add(info.id);
      this.tasks.delete(key);
      const n = (this.numbers.get(info.number) ?? 1) - 1;
      if (n > 0) this.numbers.set(info.number, n);
      else this.numbers.delete(info.number);
    }
    this.listed = ids;
    if (gone.size === 0) return;
    this.refs.clear();
    this.events = this.events.filter((e) => !(typeof e.task === "string" && gone.has(e.task)));
    this.keys = new Set(
      this.events.map((e) => keyOf(e, Number.isInteger(e.number) ? e.number : 0)),
    );
    this.emit({ kind: "reset" });
  }

  /**
   * Fills what the recent events did not tell of a task (an older task whose
   * events are not among them) from its history document: last phase, run
   * status, tokens, active time, last activity. Events, when there are any,
   * are newer and win.
   */
  mergeHistory(value: unknown): void {
    if (!value || typeof value !== "object") return;
    const d = value as Partial<TaskHistory>;
    if (!Number.isInteger(d.number)) return;
    const info = this.task(d.task?.id, d.number!);
    const run = Array.isArray(d.runs) ? d.runs[d.runs.length - 1] : null;
    info.version++;
    if (!info.title && d.task?.title) info.title = str(d.task.title);
    if (!info.status && d.task?.status) info.status = str(d.task.status);
    if (!info.phase && run?.phases?.length) {
      const p = run.phases[run.phases.length - 1];
      info.phase = str(p.phase);
      info.phaseFailed = p.success === false;
    }
    if (!info.runStatus && run) info.runStatus = str(run.status ?? run.state);
    if (info.pendingApproval === null && run?.pending_approval) {
      info.pendingApproval = str(run.pending_approval);
    }
    if (!info.tokens) info.tokens = usageTokens(d.totals?.usage);
    if (!info.activeMs) info.activeMs = numOr(d.totals?.active_ms, 0);
    if (!info.lastAt && d.last_activity) info.lastAt = str(d.last_activity);
    this.emit({ kind: "task", info });
  }
}
