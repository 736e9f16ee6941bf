/**
 * The terminal UI's data: the library's views of the project, kept current
 * by the project follower. The board and the History screen come from the
 * history view (`buildTaskHistory`, `listHistory`), the Trace tab from the
 * trace view (`buildRunTrace`, `readTraceOutput`), the Activity feed from
 * the project follower and the CLI's one-line rendering of an event. This
 * file computes nothing the CLI or the server does not compute the same
 * way: it chooses what to reload when a log grows; rows.ts lays documents
 * out as rows and lines.
 *
 * @module
 */
import type { Envelope } from "../contract/envelope.ts";
import { type Cursor, cursorOf, formatCursor } from "../contract/cursor.ts";
import type { StateDir } from "../store/state_dir.ts";
import { listTasks, readTask, type Task } from "../store/tasks.ts";
import { defaultSettings, type Settings } from "../store/settings.ts";
import { HistoryCache } from "../views/history_cache.ts";
import {
  buildTaskHistory,
  FINISHED_STATUSES,
  listHistory,
  type TaskHistory,
} from "../views/history.ts";
import { buildRunTrace, type TraceCall } from "../views/trace.ts";
import { readTraceOutput } from "../views/trace_output.ts";
import { formatCount, formatDuration } from "../views/units.ts";
import { renderEvent } from "../views/event_line.ts";
import { renderDetail } from "../views/history_text.ts";
import { TasklineError } from "../errors.ts";
import { ProjectFollower } from "../follow/project_follower.ts";
import { replayFeed } from "../follow/replay_feed.ts";
import {
  type BoardRow,
  type DocView,
  type FeedEntry,
  isReady,
  type Loadable,
  type OutputView,
  type Table,
  type Tone,
  type TraceCallRow,
  type TraceView,
} from "./model.ts";
import type { LiveModel } from "./run.ts";
import { shownStatus } from "../views/task_status.ts";

import { callRow, FeedLine, historyTable, outcomeOf } from "./rows.ts";

/** Options of {@link TuiData}. */
export interface TuiDataOptions {
  /** The project's settings (prices, trace store). Default: the defaults. */
  settings?: Settings;
  /** Most events kept in the Activity feed. Default 1000. */
  feedMax?: number;
  /** Shortest time between two reloads of the views, in ms. Default 200. */
  reloadIntervalMs?: number;
  /** Largest output of a call read from the trace store, in bytes. Default 4 MiB. */
  outputBytesMax?: number;
  /** Tasks whose logs fill the Activity backlog: the most recently active. Default 32. */
  backlogTasks?: number;
  /** Follows the project: calls `accept` with each event until `signal` aborts. */
  follow?: (data: TuiData, signal: AbortSignal) => Promise<void>;
}

const LOADING = { loading: true } as const;

/** What the follower says of a running task between reloads. */
interface LiveNote {
  /** Its newest event. */
  env: Envelope | null;
  /** `env` came live (the backlog does not overwrite it). */
  live?: boolean;
  tokens: number | null;
  activeMs: number | null;
}

/** The project as the terminal UI shows it. */
export class TuiData implements LiveModel {
  readonly state: StateDir;
  readonly settings: Settings;
  readonly #options: TuiDataOptions;
  readonly #feedMax: number;
  readonly #reloadIntervalMs: number;
  readonly #cache = new HistoryCache();
  #tasks: Task[] = [];
  #byNumber = new Map<number, Task>();
  #docs = new Map<number, TaskHistory>();
  #live = new Map<number, LiveNote>();
  #feed: FeedEntry[] = [];
  #feedKeys = new Set<string>();
  #listeners: Array<() => void> = [];
  #board: BoardRow[] = [];
  #history: Table = historyTable([]);
  #historyAll: Table = historyTable([]);
  #trace: { number: number; value: Loadable<TraceView> } | null = null;
  #traceCalls = new Map<string, TraceCall>();
  #output: { key: string; value: Loadable<OutputView> } | null = null;
  #dirty = new Set<number>();
  #relist = false;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #signal: AbortSignal = new AbortController().signal;
  #status = "loading…";
  #problem: string | null = null;
  #reloading: Promise<void> = Promise.resolve();
  #loadedNs = 0n;
  #listed = false;

  constructor(state: StateDir, options: TuiDataOptions = {}) {
    this.state = state;
    this.settings = options.settings ?? defaultSettings();
    this.#options = options;
    this.#feedMax = Math.max(1, options.feedMax ?? 1000);
    this.#reloadIntervalMs = options.reloadIntervalMs ?? 200;
  }

  onChange(fn: () => void): void {
    this.#listeners.push(fn);
  }

  #changed() {
    for (const fn of this.#listeners) fn();
  }

  async start(signal: AbortSignal): Promise<void> {
    this.#signal = signal;
    // Events from a little before the documents were loaded may be missing in them.
    this.#loadedNs = BigInt(Date.now() - 2000) * 1_000_000n;
    await this.#reloadAll();
    this.#status = "live";
    this.#changed();
    try {
      const follow = this.#options.follow ?? followProject;
      await follow(this, signal);
    } catch (e) {
      if (!signal.aborted) throw e;
    } finally {
      if (this.#timer !== undefined) clearTimeout(this.#timer);
    }
  }

  /** The task list is read again at the next reload (a task made or removed). */
  #relistSoon() {
    this.#relist = true;
    this.#scheduleReload();
  }

  /**
   * A task made or removed (task new, task discard), or a file of its
   * directory changed: a rewritten `task.json` (a status changed after the
   * run's last event) tells no event, so the follower's watch of the task
   * directories tells it here.
   */
  taskMade(): void {
    this.#relistSoon();
  }

  taskRemoved(): void {
    this.#relistSoon();
  }

  taskFileChanged(task: Task, path: string): void {
    if (!path.slice(path.lastIndexOf("/") + 1).startsWith("task.json")) return;
    if (this.#tasks.some((t) => t.dir === task.dir)) {
      this.#dirty.add(task.number);
      this.#scheduleReload();
    } else this.#relistSoon();
  }

  /** Reports a problem met while following (a broken line): shown in the status. */
  problem(message: string): void {
    this.#problem = message;
    this.#changed();
  }

  /**
   * A task's log was found not to be a log while following (replaced by a
   * FIFO...): its views are read again, which show it as that task's problem.
   */
  badLog(task: Task, message: string): void {
    this.#dirty.add(task.number);
    this.problem(message);
    this.#scheduleReload();
  }

  // ------------------------------------------------------------ following

  /**
   * Takes events of the follower: into the feed (at most `feedMax`, oldest
   * dropped), and their tasks marked for a reload of their views.
   */
  accept(items: { env: Envelope; task: Task }[]): void {
    if (items.length === 0) return;
    for (const { env, task } of items) {
      const c = cursorOf(env, task.number);
      const key = c ? formatCursor(c) : `${task.number}-${env.at}-${env.seq ?? 0}`;
      if (this.#feedKeys.has(key)) continue;
      this.#feedKeys.add(key);
      this.#feed.push(new FeedLine(key, task.number, env));
      this.#note(task.number, env, true);
      if (!this.#byNumber.has(task.number)) {
        this.#relist = true;
        this.#dirty.add(task.number);
      } else if (c === null || c.ns >= this.#loadedNs) {
        // Events the documents loaded at start did not see yet.
        this.#dirty.add(task.number);
      }
    }
    if (this.#feed.length > this.#feedMax) {
      for (const gone of this.#feed.splice(0, this.#feed.length - this.#feedMax)) {
        this.#feedKeys.delete(gone.key);
      }
    }
    if (this.#dirty.size > 0 || this.#relist) this.#scheduleReload();
    this.#changed();
  }

  /**
   * Fills Activity with what was logged before the UI opened: the last
   * `feedMax` events of the `backlogTasks` most recently active tasks,
   * merged by cursor (replayFeed), put before the live events. Reading every
   * log of a large project would cost seconds and memory for lines that
   * scroll away at once.
   */
  async fillBacklog(signal: AbortSignal): Promise<void> {
    const recent = [...this.#docs.values()]
      .filter((d) => d.last_activity !== null)
      .sort((a, b) => Date.parse(b.last_activity!) - Date.parse(a.last_activity!))
      .slice(0, this.#options.backlogTasks ?? 32)
      .map((d) => this.#byNumber.get(d.number))
      .filter((t): t is Task => t !== undefined);
    const ring: FeedLine[] = [];
    for await (
      const items of replayFeed(this.state, recent, {
        chunkBytes: 16 * 1024,
        lookaheadItems: 64,
        signal,
      })
    ) {
      for (const it of items) {
        ring.push(new FeedLine(it.cursorText, it.task.number, it.record.env));
        this.#note(it.task.number, it.record.env, false);
      }
      if (ring.length > 2 * this.#feedMax) ring.splice(0, ring.length - this.#feedMax);
    }
    const older = ring.slice(-this.#feedMax).filter((l) => !this.#feedKeys.has(l.key));
    for (const l of older) this.#feedKeys.add(l.key);
    this.#feed = [...older, ...this.#feed];
    if (this.#feed.length > this.#feedMax) {
      for (const gone of this.#feed.splice(0, this.#feed.length - this.#feedMax)) {
        this.#feedKeys.delete(gone.key);
      }
    }
    this.#board = this.#tasks.map((t) => this.#boardRow(t, this.#docs.get(t.number)));
    this.#changed();
  }

  /** Keeps the newest event and budget of a task for its progress on the board. */
  #note(number: number, env: Envelope, live: boolean) {
    let note = this.#live.get(number);
    if (!note) this.#live.set(number, note = { env: null, tokens: null, activeMs: null });
    if (note.live && !live) return; // the backlog is older than what came live
    note.env = env;
    note.live = live;
    const e = env.event as { type: string; tokens?: unknown; active_ms?: unknown };
    if (e.type === "budget_updated") {
      if (typeof e.tokens === "number") note.tokens = e.tokens;
      if (typeof e.active_ms === "number") note.activeMs = e.active_ms;
    }
    if (e.type === "run_started") {
      note.tokens = null;
      note.activeMs = null;
    }
  }

  #scheduleReload() {
    if (this.#timer !== undefined || this.#signal.aborted) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      const dirty = new Set(this.#dirty);
      const relist = this.#relist;
      this.#dirty.clear();
      this.#relist = false;
      this.#reloading = this.#reloading
        .then(() => this.#reload(dirty, relist))
        .then(() => this.#changed(), (e) => this.#fail(e));
    }, this.#reloadIntervalMs);
  }

  #fail(e: unknown) {
    if (this.#signal.aborted) return;
    this.problem((e as Error)?.message ?? String(e));
  }

  async #reloadAll(): Promise<void> {
    const tasks = await this.#listTasks();
    // The board lists the tasks at once; their runs follow when the logs are read.
    this.#rebuild();
    this.#changed();
    const docs = await listHistory(this.state, {
      all: true,
      tasks,
      settings: this.settings,
      cache: this.#cache,
      signal: this.#signal,
    });
    this.#docs = new Map(docs.map((d) => [d.number, d]));
    this.#rebuild();
    if (this.#trace && !isReady(this.#trace.value)) await this.#loadTrace(this.#trace.number);
  }

  async #listTasks(): Promise<Task[]> {
    const tasks = await listTasks(this.state, {
      onProblem: (p) => this.#problem = `${p.dir}: ${p.reason}`,
    });
    this.#tasks = tasks;
    this.#byNumber = new Map(tasks.map((t) => [t.number, t]));
    this.#listed = true;
    return tasks;
  }

  /** Reloads the documents of the tasks in `dirty` (and the task list when `relist`). */
  async #reload(dirty: Set<number>, relist: boolean): Promise<void> {
    if (relist) {
      await this.#listTasks();
      for (const t of this.#tasks) if (!this.#docs.has(t.number)) dirty.add(t.number);
      for (const n of this.#docs.keys()) if (!this.#byNumber.has(n)) this.#docs.delete(n);
    } else {
      // A run changes its task's status in task.json too: read it again.
      for (const n of dirty) await this.#rereadTask(n);
    }
    for (const n of dirty) {
      const task = this.#byNumber.get(n);
      if (!task) continue;
      this.#docs.set(
        n,
        await buildTaskHistory(this.state, task, {
          settings: this.settings,
          cache: this.#cache,
          signal: this.#signal,
        }),
      );
    }
    this.#rebuild();
    if (this.#trace && dirty.has(this.#trace.number)) await this.#loadTrace(this.#trace.number);
  }

  async #rereadTask(n: number): Promise<void> {
    const old = this.#byNumber.get(n);
    if (!old) return;
    let fresh: Task;
    try {
      fresh = await readTask(this.state, old.dir);
    } catch {
      return; // being rewritten or removed: the next event or listing tells
    }
    if (fresh.number !== n) return;
    this.#byNumber.set(n, fresh);
    this.#tasks = this.#tasks.map((t) => (t.number === n ? fresh : t));
  }

  #rebuild() {
    this.#board = this.#tasks.map((t) => this.#boardRow(t, this.#docs.get(t.number)));
    const all = [...this.#docs.values()].filter((d) => this.#byNumber.has(d.number));
    // The order of listHistory: most recent activity first.
    const when = (d: TaskHistory) => {
      const ms = Date.parse(d.last_activity ?? d.task.created_at);
      return Number.isFinite(ms) ? ms : 0;
    };
    all.sort((a, b) => when(b) - when(a) || b.number - a.number);
    this.#historyAll = historyTable(all);
    this.#history = historyTable(all.filter((d) => FINISHED_STATUSES.includes(d.task.status)));
  }

  #boardRow(t: Task, doc: TaskHistory | undefined): BoardRow {
    const run = doc?.runs.find((r) => r.current) ?? doc?.runs.at(-1) ?? null;
    const running = doc?.running === true;
    const live = this.#live.get(t.number);
    const open = run?.phases.findLast((p) => p.finished_at === null);
    const last = run?.phases.at(-1);
    const phase = running && open ? open.phase : last ? last.phase : "";
    const approval = run?.state !== "running" ? run?.pending_approval ?? "" : "";
    let progress = "";
    let tone: Tone = "none";
    if (running && run) {
      tone = "run";
      const parts: string[] = [];
      if (live?.tokens != null) parts.push(`${formatCount(live.tokens)} tok`);
      if (live?.activeMs != null) parts.push(formatDuration(live.activeMs));
      parts.push(`${run.calls} calls`);
      if (live?.env) {
        // The newest event without its time: "→ coder calls bash cargo test".
        parts.push(
          renderEvent(live.env, { color: false, textCharsMax: 200 }).replace(/^\S+\s+/, ""),
        );
      }
      progress = parts.join(" · ");
    } else if (doc?.bad_log) {
      // The task's log is not a log (a FIFO, a link out...): its problem, on its row.
      progress = doc.bad_log.message;
      tone = "fail";
    } else if (run) {
      ({ progress, tone } = outcomeOf(run));
    } else {
      progress = doc ? "no run yet" : "…";
    }
    if (approval) tone = "wait";
    return {
      number: t.number,
      title: t.record.title,
      status: shownStatus(t.record.status, running),
      phase,
      approval,
      progress,
      tone,
    };
  }

  // ------------------------------------------------------------ the model

  board(): BoardRow[] {
    return this.#board;
  }

  feed(): readonly FeedEntry[] {
    return this.#feed;
  }

  history(all = false): Table {
    return all ? this.#historyAll : this.#history;
  }

  detail(number: number): Loadable<DocView> {
    const doc = this.#docs.get(number);
    if (!doc) return this.#byNumber.has(number) ? LOADING : { error: `no task #${number}` };
    // The same text as `taskline history <TASK>`.
    const [title, ...lines] = renderDetail(doc, Date.now()).replace(/\n$/, "").split("\n");
    return { title, lines };
  }

  trace(number: number): Loadable<TraceView> {
    if (this.#trace?.number !== number) {
      this.#trace = { number, value: LOADING };
      this.#output = null;
      this.#loadTrace(number).then(() => this.#changed(), (e) => this.#fail(e));
    }
    return this.#trace.value;
  }

  async #loadTrace(number: number): Promise<void> {
    const task = this.#byNumber.get(number);
    if (!task) {
      // Before the first listing the task is not known yet: start() loads it then.
      if (this.#listed) this.#trace = { number, value: { error: `no task #${number}` } };
      return;
    }
    try {
      const trace = await buildRunTrace(this.state, task, { signal: this.#signal });
      if (this.#trace?.number !== number) return; // another task was opened meanwhile
      this.#traceCalls = new Map();
      const calls = trace.calls.map((c, i) => {
        const row = callRow(c, i);
        this.#traceCalls.set(row.key, c);
        return row;
      });
      const doc = this.#docs.get(number);
      const notes: string[] = [];
      if (trace.paired_by_order) {
        notes.push("Calls recorded before 0.5 are paired by order: only previews were kept.");
      }
      for (const e of trace.errors.slice(0, 3)) notes.push(`log: ${e}`);
      this.#trace = {
        number,
        value: {
          title: `Trace of #${number} ${doc?.task.title ?? task.record.title} · run ${
            trace.run?.slice(0, 8) ?? "-"
          } · ${calls.length} call${calls.length === 1 ? "" : "s"}`,
          calls,
          notes,
        },
      };
      // A call that had no result yet may have returned: read its output again.
      const shown = this.#output?.value;
      if (shown && "note" in shown && shown.note === "no result yet") this.#output = null;
    } catch (e) {
      if (this.#trace?.number === number) {
        this.#trace = { number, value: { error: (e as Error).message } };
      }
    }
  }

  output(number: number, call: TraceCallRow): Loadable<OutputView> {
    const key = `${number}:${call.key}`;
    if (this.#output?.key === key) return this.#output.value;
    this.#output = { key, value: LOADING };
    this.#loadOutput(number, call, key).then(() => this.#changed(), (e) => this.#fail(e));
    return this.#output.value;
  }

  async #loadOutput(number: number, row: TraceCallRow, key: string): Promise<void> {
    const task = this.#byNumber.get(number);
    const c = this.#traceCalls.get(row.key);
    let value: Loadable<OutputView>;
    if (!task || !c) value = { text: row.preview, note: "preview" };
    else if (c.returned_at === null) value = { text: "", note: "no result yet" };
    else if (c.output_file === null || !/^[0-9a-f]{12}$/i.test(c.call) || /^0+$/.test(c.call)) {
      value = {
        text: c.preview,
        note: `preview only (${
          formatCount(c.output_chars)
        } chars; the complete output was not kept)`,
      };
    } else {
      try {
        const out = await readTraceOutput(this.state, task, c.call, {
          run: c.run,
          bytesMax: this.#options.outputBytesMax ?? 4 * 1024 * 1024,
        });
        value = out === null
          ? { text: c.preview, note: "preview only (the kept output is missing)" }
          : {
            text: out.text,
            note: out.cut
              ? `cut to the first ${formatCount(out.cut.kept)} of ${
                formatCount(out.cut.total)
              } chars`
              : `complete, ${formatCount(c.output_chars)} chars`,
          };
      } catch (e) {
        value = { text: c.preview, note: `preview only (${(e as Error).message})` };
      }
    }
    if (this.#output?.key === key) this.#output = { key, value };
  }

  status(): string {
    const n = this.#tasks.length;
    const running = [...this.#docs.values()].filter((d) => d.running).length;
    const base = `${this.#status} · ${n} task${n === 1 ? "" : "s"}${
      running ? ` · ${running} running` : ""
    }`;
    return this.#problem ? `${base} · ${this.#problem}` : base;
  }
}

/**
 * Follows every task's log with the project follower, as `taskline events
 * --follow` does (live from now), and meanwhile fills the Activity backlog
 * from the logs of the most recently active tasks. A subscription that fell
 * behind is taken up again after the last event it gave.
 */
export async function followProject(data: TuiData, signal: AbortSignal): Promise<void> {
  const follower = new ProjectFollower(data.state, {
    onProblem: (p) => data.problem(`${p.path}: line ${p.line}: skipped a broken line`),
    onBadLog: (e, task) => data.badLog(task, e.message),
    onFound: (_task, initial) => {
      if (!initial) data.taskMade();
    },
    onRemoved: () => data.taskRemoved(),
    onChanged: (task, path) => data.taskFileChanged(task, path),
  });
  try {
    await follower.start();
    const live = (async () => {
      let after: Cursor | null = null;
      while (!signal.aborted) {
        try {
          for await (const items of follower.subscribe({ after, signal })) {
            if (items.length === 0) continue;
            after = items[items.length - 1].cursor;
            data.accept(items.map((it) => ({ env: it.record.env, task: it.task })));
          }
          return;
        } catch (e) {
          if (signal.aborted) return;
          if (!(e instanceof TasklineError && e.code === "io")) throw e;
          data.problem("the feed fell behind; caught up again");
        }
      }
    })();
    // The backlog is a nicety: a log it cannot read leaves a note, not a dead UI.
    const backlog = data.fillBacklog(signal).catch((e) => {
      if (!signal.aborted) data.problem(`Activity backlog: ${(e as Error)?.message ?? e}`);
    });
    await Promise.all([live, backlog]);
  } finally {
    follower.close();
  }
}
