/**
 * The live routes: `/api/events`, `/api/stream` and `/api/tasks/{ref}/stream`,
 * all served from one follower of every task's log that the server shares
 * between its clients (each log is read once, not once per client).
 *
 * The hub wires the parts: the follower's events go to the recent index
 * (recent.ts, for `/api/events`), to the fan-out (fan_out.ts, which feeds
 * the project stream clients that keep up) and to the task stream clients
 * (task_stream.ts). A client that falls behind keeps a position and reads
 * the logs at its own pace (project_stream.ts, task_stream.ts); at most
 * `catchUpsMax` of them read at once.
 *
 * @module
 */
import { runOf } from "../contract/events.ts";
import type { Envelope, TaggedEnvelope } from "../contract/envelope.ts";
import { compareCursor, type Cursor, CURSOR_START, formatCursor } from "../contract/cursor.ts";
import { TasklineError } from "../errors.ts";
import type { FastItem } from "../follow/feed_item.ts";
import { ProjectFollower } from "../follow/project_follower.ts";
import { replayFeed } from "../follow/replay_feed.ts";
import type { TailReset } from "../follow/log_tail.ts";
import type { EventFilter } from "../follow/filter.ts";
import type { StateDir } from "../store/state_dir.ts";
import { type BadLogFile, checkLogFile } from "../store/log_file.ts";
import type { EventsQuery, LiveRoutes, StreamQuery, StreamStats } from "./live_routes.ts";
import type { Task } from "../store/tasks.ts";
import type { TaskIndex } from "./task_index.ts";
import { SSE_HEADERS } from "./sse.ts";
import { RecentIndex } from "./recent.ts";
import { FanOut, type MemberFilter } from "./fan_out.ts";
import { ephemeralFrame, feedFrame, type LiveRecord } from "./live_frames.ts";
import { ProjectStreamClient } from "./project_stream.ts";
import { TaskStreamClient } from "./task_stream.ts";
import { Slots } from "./slots.ts";

export type { LiveRecord } from "./live_frames.ts";

/** Bytes that may wait for one stream client by default (see {@link LiveHubOptions}). */
export const CLIENT_QUEUE_BYTES_MAX = 64 * 1024;

/** Options of {@link LiveHub}. */
export interface LiveHubOptions {
  /** Heartbeat comment interval of the streams, in ms. Default 15000. */
  heartbeatMs?: number;
  /**
   * Bytes that may wait for one stream client (in its connection's queue,
   * beyond what the kernel's socket buffer holds) before it falls behind and
   * reads the logs at its own pace. Default 64 KiB.
   */
  clientQueueBytesMax?: number;
  /** Clients that read the logs to catch up at the same time, at most. Default 2. */
  catchUpsMax?: number;
  /** A stream client that takes none of what waits for it for this long is closed, in ms. Default 10000. */
  stallMsMax?: number;
  /** The follower's slow poll for missed notifications, in ms. Default 1000. */
  pollIntervalMs?: number;
  /** Told once each time a log was truncated or replaced (read again from its start). */
  onReset?: (reset: TailReset) => void;
  /** Told once each time a task's log is found not to be a log (a FIFO, a link out...). */
  onBadLog?: (e: BadLogFile) => void;
  /** Least time between two flushes of the fan-out while it is busy, in ms. Default 10. */
  fanOutFlushMs?: number;
}

/** A feed filter as a fan-out member's test; null when it keeps everything. */
function memberFilter(f: EventFilter): MemberFilter {
  return f.all ? null : (task, env) => f.keeps(task, env);
}

/** The cursor just before `ns`: resuming after it gives every event at or after `ns`. */
function cursorBefore(ns: bigint): Cursor {
  return ns <= 0n ? CURSOR_START : {
    ns: ns - 1n,
    number: Number.MAX_SAFE_INTEGER,
    seq: Number.MAX_SAFE_INTEGER,
  };
}

/** A stream client as the hub holds it. */
interface Client {
  close(): void;
}

/** Event types that can change a task's row of `GET /api/tasks` (its run, status, gate). */
const ROW_TYPES = new Set([
  "run_started",
  "run_finished",
  "paused",
  "approval_requested",
  "approval_resolved",
  "phase_started",
  "phase_finished",
  "merged",
]);

/**
 * How long after such an event the rows' version changes once more: the
 * process that wrote it saves run.json just after (`run` at once, `record`
 * within 200 ms), and a client that asked in between must not keep the old
 * row behind an unchanged ETag.
 */
const ROWS_SETTLE_MS = 1000;

/** The live side of the server. */
export class LiveHub implements LiveRoutes {
  /** See {@link LiveRoutes.rowsVersion}. */
  rowsVersion = 0;
  #rowsSettle: ReturnType<typeof setTimeout> | null = null;
  readonly state: StateDir;
  readonly follower: ProjectFollower;
  /** The last events of every task, for `/api/events`. */
  readonly recent: RecentIndex;
  /** Feeds the project stream clients that keep up. */
  readonly fan: FanOut;
  /** Bounds the clients that read the logs at once to catch up. */
  readonly slots: Slots;
  /** Counters for tests and the bench: clients that fell behind and caught up from the logs. */
  readonly stats = { catchUps: 0, stalls: 0 };
  readonly #clients = new Set<Client>();
  readonly #taskClients = new Set<TaskStreamClient>();
  /** Per task id, the run and seq of the last logged event published. */
  readonly #published = new Map<string, { run: string; seq: number }>();
  #closed = false;
  #started = false;
  readonly #options: LiveHubOptions;
  readonly #stop = new AbortController();

  constructor(state: StateDir, options: LiveHubOptions = {}) {
    this.state = state;
    this.#options = options;
    this.follower = new ProjectFollower(state, {
      pollIntervalMs: options.pollIntervalMs,
      onReset: options.onReset,
      onBadLog: options.onBadLog,
      // The streams of a discarded task are told and closed, and its events
      // leave the recent index (GET /api/events).
      onRemoved: (task) => {
        this.recent.remove(task);
        for (const c of this.#taskClients) {
          if (c.task.id === task.id) c.end(`Task #${task.number} was discarded`);
        }
      },
    });
    this.recent = new RecentIndex(state);
    this.fan = new FanOut({
      frameOf: feedFrame,
      joinable: () => this.#clients.size > 0,
      flushMs: options.fanOutFlushMs,
      memberBytesMax: options.clientQueueBytesMax ?? CLIENT_QUEUE_BYTES_MAX,
    });
    this.slots = new Slots(options.catchUpsMax ?? 2);
  }

  /** Open stream clients. */
  get clientCount(): number {
    return this.#clients.size;
  }

  streamStats(): StreamStats {
    return {
      clients: this.#clients.size,
      catch_ups: this.stats.catchUps,
      fan_out: this.fan.memberCount,
      flushes: this.fan.stats.flushes,
      postponed: this.fan.stats.postponed,
      stalls: this.stats.stalls,
    };
  }

  /** The run and seq of the last logged event published of a task (task streams go live on it). */
  published(taskId: string): { run: string; seq: number } | undefined {
    return this.#published.get(taskId);
  }

  /** Starts the shared follower, and the hub's subscription that feeds every client. */
  async start(): Promise<void> {
    if (this.#started) return;
    this.#started = true;
    await this.follower.start();
    this.recent.existing(this.follower.tasks());
    this.fan.addLogs(this.follower.published());
    const signal = this.#stop.signal;
    // The hub is the follower's one subscriber, and never loses an event: the
    // follower waits for it (it takes each batch at once).
    const sub = this.follower.subscribe({ lossless: true, signal });
    void (async () => {
      try {
        for await (const items of sub) {
          // Task streams' records, made only when a task stream is open.
          const records: LiveRecord[] = [];
          const toTasks = this.#taskClients.size > 0;
          for (const it of items) {
            const env = it.record.env;
            if (toTasks) {
              records.push({
                task: it.task,
                env,
                text: it.record.text,
                upgraded: it.record.upgraded,
              });
            }
            const run = runOf(env.event);
            if (run !== null && env.seq !== undefined) {
              this.#published.set(it.task.id, { run, seq: env.seq });
            }
            if (ROW_TYPES.has(env.event.type)) this.#rowsChanged();
          }
          this.recent.add(items);
          this.fan.addItems(items);
          this.#publishToTasks(records);
        }
      } catch { /* the hub was closed */ }
    })();
    // Load the tails of the logs in the background, so the first /api/events
    // is warm: one at a time with a pause between, so that live events are
    // not held up meanwhile (a request meanwhile loads the rest at once).
    void this.recent.warm(1, 2).catch(() => {});
  }

  /** A row may have changed now, and again once its run.json is saved: see {@link ROWS_SETTLE_MS}. */
  #rowsChanged(): void {
    this.rowsVersion++;
    if (this.#rowsSettle !== null) clearTimeout(this.#rowsSettle);
    this.#rowsSettle = setTimeout(() => {
      this.#rowsSettle = null;
      this.rowsVersion++;
    }, ROWS_SETTLE_MS);
  }

  /** Closes every stream and stops the follower. */
  async close(): Promise<void> {
    if (this.#rowsSettle !== null) clearTimeout(this.#rowsSettle);
    this.#rowsSettle = null;
    if (this.#closed) return;
    this.#closed = true;
    this.#stop.abort();
    this.fan.close();
    for (const c of [...this.#clients]) c.close();
    this.#clients.clear();
    this.follower.close();
    await Promise.resolve();
  }

  #publishToTasks(records: readonly LiveRecord[]): void {
    if (records.length === 0) return;
    for (const c of this.#taskClients) {
      try {
        c.offer(records);
      } catch { /* one client's failure is its own */ }
    }
  }

  /** Delivers an ephemeral event received on the live channel. */
  publishEphemeral(tagged: TaggedEnvelope): void {
    const { task, number, ...env } = tagged;
    const record: LiveRecord = {
      task: { id: task, number },
      env: env as Envelope,
      upgraded: false,
    };
    this.fan.addEphemeral(ephemeralFrame(record), record.task, record.env);
    this.#publishToTasks([record]);
  }

  // -- /api/events ---------------------------------------------------------------

  /**
   * `GET /api/events?after=&since=&type=&task=&limit=`: the last `limit`
   * matching tagged envelopes, oldest first; `X-Taskline-Cursor` is the
   * cursor of the last event read before filtering.
   */
  async events(query: EventsQuery, taskIndex: TaskIndex): Promise<Response> {
    const { limit, after, filter } = query;
    let start: Cursor | undefined = after ?? undefined;
    if (filter.sinceNs !== null) {
      const s = cursorBefore(filter.sinceNs);
      if (start === undefined || compareCursor(s, start) > 0) start = s;
    }
    const headers = {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
    };
    if (this.#started) {
      const answer = await this.recent.query(
        limit,
        start ?? null,
        (_task, type) => filter.types === null || filter.types.has(type),
        filter.tasks,
      );
      if (answer !== null) {
        return new Response(`[${answer.items.join(",")}]`, {
          headers: {
            ...headers,
            "x-taskline-cursor": answer.last ?? (start ? formatCursor(start) : "0-0-0"),
          },
        });
      }
    }
    // The windows would grow too large: replay from disk, keeping the last `limit` matches.
    const all = await taskIndex.tasks({ fresh: true });
    const tasks = filter.tasks ? all.filter((t) => filter.tasks!.has(t.id)) : all;
    const ring: string[] = new Array(limit);
    let count = 0;
    let last: string | null = null;
    for await (
      const items of replayFeed(this.state, tasks, {
        after: start,
        bytes: true,
        needles: filter.needles,
      })
    ) {
      for (const it of items as FastItem[]) {
        if (!filter.keepsAt(it.task, it.type, it.sec, it.nanos)) continue;
        ring[count % limit] = it.taggedText();
        count++;
      }
      if (items.length > 0) last = items[items.length - 1].cursorText;
    }
    const n = Math.min(count, limit);
    const parts: string[] = [];
    for (let i = count - n; i < count; i++) parts.push(ring[i % limit]);
    return new Response(`[${parts.join(",")}]`, {
      headers: {
        ...headers,
        "x-taskline-cursor": last ?? (start ? formatCursor(start) : "0-0-0"),
      },
    });
  }

  // -- /api/stream -------------------------------------------------------------------

  /**
   * `GET /api/stream?after=&since=&type=&task=`: the project's events, live.
   * `Last-Event-ID` beats `after`, which beats `since`; with none the stream
   * starts from now.
   */
  stream(query: StreamQuery): Promise<Response> {
    const { filter, lastEventId, after } = query;
    let start: Cursor | null = null;
    if (lastEventId !== null) start = lastEventId;
    else if (after !== null) start = after;
    else if (filter.sinceNs !== null) start = cursorBefore(filter.sinceNs);
    if (!this.#started) throw new TasklineError("bad-state", "The live feed is not running");
    if (this.#closed) throw new TasklineError("bad-state", "The live feed is stopping");
    const client: ProjectStreamClient = new ProjectStreamClient(this, {
      keeps: memberFilter(filter),
      keepsAt: filter.all
        ? null
        : (task, type, sec, nanos) => filter.keepsAt(task, type, sec, nanos),
      needles: filter.needles,
      heartbeatMs: this.#options.heartbeatMs,
      queueBytesMax: this.#options.clientQueueBytesMax ?? CLIENT_QUEUE_BYTES_MAX,
      stallMsMax: this.#options.stallMsMax,
      onClose: () => {
        this.#clients.delete(client);
        if (client.sse.stalled) this.stats.stalls++;
      },
    });
    this.#clients.add(client);
    client.begin(start);
    return Promise.resolve(new Response(client.sse.readable, { headers: SSE_HEADERS }));
  }

  // -- /api/tasks/{ref}/stream ------------------------------------------------

  /** `GET /api/tasks/{ref}/stream?after=<seq>`: the task's run, live; ids are seq. */
  async taskStream(task: Task, after: number): Promise<Response> {
    if (!this.#started) throw new TasklineError("bad-state", "The live feed is not running");
    if (this.#closed) throw new TasklineError("bad-state", "The live feed is stopping");
    // A log that is not a log is answered at once (problem+json), not streamed.
    await checkLogFile(this.state.logPath(task.dir));
    const client: TaskStreamClient = new TaskStreamClient(this, task, after, {
      heartbeatMs: this.#options.heartbeatMs,
      queueBytesMax: this.#options.clientQueueBytesMax ?? CLIENT_QUEUE_BYTES_MAX,
      stallMsMax: this.#options.stallMsMax,
      onClose: () => {
        this.#clients.delete(client);
        this.#taskClients.delete(client);
        if (client.sse.stalled) this.stats.stalls++;
      },
    });
    this.#clients.add(client);
    this.#taskClients.add(client);
    client.begin();
    return new Response(client.sse.readable, { headers: SSE_HEADERS });
  }
}
