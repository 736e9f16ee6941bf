/**
 * The history view: what each task delivered and what it cost, from its
 * events only. One library function builds each document for the CLI
 * (`taskline history`), the server (`GET /api/history`,
 * `GET /api/history/{ref}`), the web UI and the terminal UI.
 *
 * API:
 * - {@link buildTaskHistory}`(state, task, opts)`: one task's
 *   {@link TaskHistory}, finished or not.
 * - {@link listHistory}`(state, { all })`: the documents of ready and done
 *   tasks (every task with `all`), most recent activity first.
 * - {@link HistoryCache} (history_cache.ts): pass one as `cache` to reuse
 *   summaries of unchanged logs; the server keeps one for its life, the CLI
 *   uses one with `disk: true`. Documents built from a cache share arrays
 *   with it: treat them as read-only (copy before sorting or editing).
 *
 * The document keeps the field names of the recorded `TaskHistory` answers
 * of existing servers (peer fixtures `real-history*.json`), with optional
 * extensions: `dir`, `running`, `unpriced_models`, and on each run
 * `current`, `legacy`, `paused_reason`, `sessions`, `calls`, `cost`.
 *
 * Rules (docs/history-and-trace.md): a run's tokens and active time are the
 * totals of its last `run_finished` (resumes included), never a sum of
 * segments; runs with events from before 0.5, and runs that did not end, have
 * lower bounds (`totals_known` false) unless `run.json` still describes the
 * run; cost only when every agent session is priced.
 *
 * @example
 * ```ts
 * const cache = new HistoryCache();
 * const docs = await listHistory(state, { all: true, settings, cache });
 * const one = await buildTaskHistory(state, task, { settings, cache });
 * ```
 *
 * @module
 */
import type { Usage } from "../contract/events.ts";
import { zeroUsage } from "../contract/events.ts";
import { isTaskRunning } from "../store/lock.ts";
import { normalizeRunState, type RunState } from "../store/run_state.ts";
import { defaultSettings, type Settings } from "../store/settings.ts";
import { readJsonFile, type StateDir } from "../store/state_dir.ts";
import { branchOf, listTasks, type Task } from "../store/tasks.ts";
import { HistoryCache } from "./history_cache.ts";
import type {
  ApprovalEntry,
  BadLog,
  CommitRecord,
  LogSummary,
  MergeRecord,
  PhaseRecord,
  QaSummary,
  RunSummary,
  ValidationEntry,
} from "./history_fold.ts";
import { costOf, type ModelUsage } from "./pricing.ts";

export type {
  ApprovalEntry,
  BadLog,
  CommitRecord,
  MergeRecord,
  PhaseRecord,
  QaSummary,
  ValidationEntry,
} from "./history_fold.ts";

/** The state of a run. */
export type RunStateName = "running" | "finished" | "interrupted";

/** One run in a {@link TaskHistory}. */
export interface RunHistory {
  run: string;
  started_at: string;
  finished_at: string | null;
  /** `running` while a process holds the task's lock, `interrupted` when it ended without `run_finished`. */
  state: RunStateName;
  status: string | null;
  success: boolean | null;
  resumes: number;
  usage: Usage;
  active_ms: number;
  /** False: `usage` and `active_ms` are lower bounds. */
  totals_known: boolean;
  phases: PhaseRecord[];
  commits: CommitRecord[];
  merged: MergeRecord | null;
  validations: ValidationEntry[];
  approvals: ApprovalEntry[];
  pending_approval: string | null;
  last_error: string | null;
  last_event_at: string;
  // Extensions.
  /** The task's current run (the run of its last `run_started`). */
  current: boolean;
  /** Some event of the run was written before 0.5. */
  legacy: boolean;
  paused_reason: string | null;
  sessions: number;
  calls: number;
  /**
   * Cost of the run: by the price table when every session of it is priced;
   * else, when its agents reported their cost (`agent_finished.cost_usd`) and
   * the currency is USD, the sum of what they reported (`cost_reported`).
   */
  cost: number | null;
  /** `cost` is what the agents reported, not a price of the table. */
  cost_reported: boolean;
}

/** Where the changed files come from. */
export interface ChangedFilesSource {
  /** `merged`, `commits`, `trace`, or `none`. */
  kind: string;
  commit?: string;
  branch?: string;
  base?: string;
}

/** The files a task changed. */
export interface ChangedFiles {
  source: ChangedFilesSource;
  /** True when the list comes from commits or from write_file/edit_file calls. */
  approximate: boolean;
  files: { path: string; status: string }[];
}

/** The history of one task. */
export interface TaskHistory {
  task: {
    id: string;
    title: string;
    description: string;
    status: string;
    created_at: string;
    branch: string;
    [field: string]: unknown;
  };
  number: number;
  runs: RunHistory[];
  totals: {
    usage: Usage;
    active_ms: number;
    runs: number;
    commits: number;
    /** False: some run's totals are lower bounds. */
    complete: boolean;
  };
  changed_files: ChangedFiles;
  last_qa: QaSummary | null;
  validations_passed: boolean | null;
  /**
   * The task's cost: by the price table when every session is priced; else
   * the sum of its runs' costs when each run has one (`reported`: some of
   * it is what the agents reported).
   */
  cost: { amount: number; currency: string; complete: boolean; reported?: boolean } | null;
  last_activity: string | null;
  /** Problems met reading the task's files (broken log lines...). */
  errors: string[];
  // Extensions.
  /** The task's directory name. */
  dir: string;
  /** A process holds the task's lock. */
  running: boolean;
  /** Models without a price (`""`: not recorded, before 0.5); why `cost` is null. */
  unpriced_models: string[];
  /**
   * Present when the task's log is not a regular file inside `.taskline/`
   * (a FIFO, a socket, a device, a directory, a link leading out or to
   * nothing): its path, kind and a message. Its runs are then unknown.
   */
  bad_log?: BadLog;
}

/** Options of {@link buildTaskHistory} and {@link listHistory}. */
export interface HistoryOptions {
  /** Prices and currency. Default: the default settings (no prices). */
  settings?: Settings;
  /** Reuses summaries of unchanged logs. Default: a fresh in-memory cache (reads every log). */
  cache?: HistoryCache;
  signal?: AbortSignal;
}

/** Tokens counted in the tables: input plus output (as `budget_updated.tokens`). */
export function tokensOf(u: Usage): number {
  return u.input_tokens + u.output_tokens;
}

/**
 * The history of one task, finished or not.
 *
 * @example
 * ```ts
 * const doc = await buildTaskHistory(state, resolveRef("3", await listTasks(state)));
 * ```
 */
export async function buildTaskHistory(
  state: StateDir,
  task: Task,
  options: HistoryOptions = {},
): Promise<TaskHistory> {
  const cache = options.cache ?? new HistoryCache();
  const summary = await cache.summary(state, task, options.signal);
  return await compose(state, task, summary, options.settings ?? defaultSettings());
}

/** Options of {@link listHistory}. */
export interface ListHistoryOptions extends HistoryOptions {
  /** Every task, not only ready and done ones. Default false. */
  all?: boolean;
  /** The tasks to consider. Default: every task of the state directory. */
  tasks?: Task[];
  /** Logs read at once. Default 16. */
  concurrency?: number;
}

/** Task statuses the history lists without `all`: finished work. */
export const FINISHED_STATUSES: readonly string[] = ["ready", "done"];

/**
 * The history of ready and done tasks (every task with `all`), most recent
 * activity first.
 */
export async function listHistory(
  state: StateDir,
  options: ListHistoryOptions = {},
): Promise<TaskHistory[]> {
  const tasks = (options.tasks ?? await listTasks(state)).filter((t) =>
    options.all || FINISHED_STATUSES.includes(t.record.status)
  );
  const cache = options.cache ?? new HistoryCache();
  const settings = options.settings ?? defaultSettings();
  const out: TaskHistory[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      options.signal?.throwIfAborted();
      const summary = await cache.summary(state, tasks[i], options.signal);
      out[i] = await compose(state, tasks[i], summary, settings);
    }
  };
  const n = Math.max(1, Math.min(options.concurrency ?? 16, tasks.length));
  await Promise.all(Array.from({ length: n }, worker));
  const when = (d: TaskHistory) => {
    const ms = Date.parse(d.last_activity ?? d.task.created_at);
    return Number.isFinite(ms) ? ms : 0;
  };
  out.sort((a, b) => when(b) - when(a) || b.number - a.number);
  return out;
}

async function loadRunJson(state: StateDir, dir: string): Promise<RunState | null> {
  try {
    const v = await readJsonFile(state.runJsonPath(dir));
    if (v === null || typeof v !== "object" || Array.isArray(v)) return null;
    // run.json as 0.4 wrote it may lack the totals: absent is not zero here.
    if (!("usage" in v) && !("active_ms" in v)) return null;
    return normalizeRunState(v);
  } catch {
    return null;
  }
}

/** Whether run.json still describes `run` (older run.json files name no run: the current one). */
function describes(rj: RunState, run: string, current: string | null): boolean {
  return rj.run !== "" ? rj.run === run : run === current;
}

async function compose(
  state: StateDir,
  task: Task,
  summary: LogSummary,
  settings: Settings,
): Promise<TaskHistory> {
  const errors = [...summary.errors];
  const current = summary.current_run;
  const currentSum = summary.runs.find((r) => r.run === current);
  // The lock only matters when the current run has not ended.
  const running = currentSum !== undefined && !currentSum.ended &&
    await isTaskRunning(state, task.dir);
  let runJson: RunState | null | undefined;
  const runs: RunHistory[] = [];
  for (const s of summary.runs) {
    const r = runOf(s, current, running, settings);
    if (!r.totals_known && s.ended && s.legacy) {
      if (runJson === undefined) runJson = await loadRunJson(state, task.dir);
      if (runJson && describes(runJson, s.run, current)) {
        r.usage = { ...runJson.usage };
        r.active_ms = runJson.active_ms;
        r.totals_known = true;
      }
    }
    runs.push(r);
  }
  const totals = {
    usage: zeroUsage(),
    active_ms: 0,
    runs: runs.length,
    commits: 0,
    complete: true,
  };
  const models: ModelUsage[] = [];
  for (const r of runs) {
    const u = totals.usage;
    u.input_tokens += r.usage.input_tokens;
    u.output_tokens += r.usage.output_tokens;
    u.cache_read_tokens += r.usage.cache_read_tokens;
    u.cache_write_tokens += r.usage.cache_write_tokens;
    totals.active_ms += r.active_ms;
    totals.commits += r.commits.length;
    if (!r.totals_known) totals.complete = false;
  }
  for (const s of summary.runs) models.push(...s.models);
  const cost = costOf(models, settings.pricing);
  // Unpriced by the table: the runs' costs, some reported by their agents, when every run has one.
  const byRuns = cost.amount === null && runs.length > 0 && runs.some((r) => r.cost_reported) &&
      runs.every((r) => r.cost !== null)
    ? runs.reduce((sum, r) => sum + (r.cost ?? 0), 0)
    : null;
  const rec = task.record;
  const taskDoc: TaskHistory["task"] = {
    id: rec.id,
    title: rec.title,
    description: typeof rec.description === "string" ? rec.description : "",
    status: rec.status,
    created_at: rec.created_at,
    branch: branchOf(task),
  };
  for (const [k, v] of Object.entries(rec)) if (!(k in taskDoc) && k !== "number") taskDoc[k] = v;
  return {
    task: taskDoc,
    number: task.number,
    runs,
    totals,
    changed_files: changedFiles(summary),
    last_qa: summary.last_qa,
    validations_passed: validationsPassed(summary.runs),
    cost: cost.amount !== null
      ? { amount: round6(cost.amount), currency: settings.pricing_currency, complete: true }
      : byRuns !== null
      ? { amount: round6(byRuns), currency: "USD", complete: true, reported: true }
      : null,
    last_activity: summary.last_activity,
    errors,
    dir: task.dir,
    running,
    unpriced_models: cost.unpriced,
    ...(summary.bad_log ? { bad_log: summary.bad_log } : {}),
  };
}

function round6(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

function runOf(
  s: RunSummary,
  current: string | null,
  lockHeld: boolean,
  settings: Settings,
): RunHistory {
  const state: RunStateName = s.ended
    ? "finished"
    : s.run === current && lockHeld
    ? "running"
    : "interrupted";
  const priced = costOf(s.models, settings.pricing).amount;
  // Reported costs are US dollars: taskline converts no currency.
  const reported = priced === null && s.reported_cost !== null &&
      settings.pricing_currency === "USD"
    ? s.reported_cost
    : null;
  const cost = priced ?? reported;
  return {
    run: s.run,
    started_at: s.started_at,
    finished_at: s.finished_at,
    state,
    status: s.ended ? s.status : null,
    success: s.ended ? s.success : null,
    resumes: s.resumes,
    usage: { ...s.usage },
    active_ms: s.active_ms,
    totals_known: s.totals_known,
    phases: s.phases,
    commits: s.commits,
    merged: s.merged,
    validations: s.validations,
    approvals: s.approvals,
    pending_approval: s.pending_approval,
    last_error: s.last_error,
    last_event_at: s.last_event_at,
    current: s.run === current,
    legacy: s.legacy,
    paused_reason: s.paused_reason,
    sessions: s.sessions,
    calls: s.calls,
    cost: cost === null ? null : round6(cost),
    cost_reported: reported !== null,
  };
}

/** Changed files: the merge, else the commits, else write_file/edit_file calls. */
function changedFiles(summary: LogSummary): ChangedFiles {
  const committed = new Set<string>();
  let merged: MergeRecord | null = null;
  for (const r of summary.runs) {
    for (const c of r.commits) for (const f of c.files) committed.add(f);
    if (r.merged) merged = r.merged;
  }
  const list = (paths: Iterable<string>) =>
    [...new Set(paths)].sort().map((path) => ({ path, status: "unknown" }));
  if (merged) {
    // The merge names no files: the branch's commits say what it brought in.
    const fromTrace = committed.size === 0;
    return {
      source: { kind: "merged", commit: merged.commit, branch: merged.branch, base: merged.base },
      approximate: fromTrace,
      files: list(fromTrace ? summary.trace_files : committed),
    };
  }
  if (committed.size > 0) {
    return { source: { kind: "commits" }, approximate: true, files: list(committed) };
  }
  if (summary.trace_files.length > 0) {
    return { source: { kind: "trace" }, approximate: true, files: list(summary.trace_files) };
  }
  return { source: { kind: "none" }, approximate: false, files: [] };
}

/** Whether the latest result of each validation command of the last run that ran any passed. */
function validationsPassed(runs: RunSummary[]): boolean | null {
  for (let i = runs.length - 1; i >= 0; i--) {
    const v = runs[i].validations;
    if (v.length === 0) continue;
    return [...latestValidations(v).values()].every((p) => p);
  }
  return null;
}

/**
 * Whether each validation command (with its integration flag) passed the
 * last time it ran, in the order the commands first ran.
 */
export function latestValidations(
  results: readonly { integration: boolean; command: string; passed: boolean }[],
): Map<string, boolean> {
  const latest = new Map<string, boolean>();
  for (const x of results) latest.set(`${x.integration}|${x.command}`, x.passed);
  return latest;
}
