/**
 * The live routes: `/api/events`, `/api/stream` and `/api/tasks/{ref}/stream`,
 * all served from one follower of every task's log that the server shares
 * between its clients (each log is read once, not once per client).
 *
 * A stream client goes through two states: catching up from disk (from its
 * cursor or seq), then live, fed by the shared follower. While it catches up
 * it keeps what the follower delivers in a bounded buffer; what the disk
 * already gave is recognised (per task, by the byte offset of its line, or
 * by seq for a task stream) and not sent twice. A client whose connection
 * cannot keep up is never buffered without bound: past its queue it goes
 * back to catching up from disk, from the last event it was sent.
 *
 * @module
 */
import { encodeEnvelope } from "../codec/encode.ts";
import { runOf } from "../contract/events.ts";
import { type Envelope, tag, type TaggedEnvelope } from "../contract/envelope.ts";
import {
  compareCursor,
  type Cursor,
  CURSOR_START,
  formatCursor,
  parseCursor,
} from "../contract/cursor.ts";
import { TasklineError } from "../errors.ts";
import { openReplay } from "../follow/replay.ts";
import { type FastItem, type FeedItem, ProjectFollower, replayFeed } from "../follow/feed.ts";
import type { TailReset } from "../follow/tail.ts";
import { EventFilter, parseSince } from "../follow/filter.ts";
import { readFormText, taggedText } from "../codec/read_form.ts";
import type { StateDir } from "../store/state_dir.ts";
import { type BadLogFile, checkLogFile } from "../store/log_file.ts";
import type { Task } from "../store/tasks.ts";
import type { LiveRoutes, RouteContext } from "./handler.ts";
import { checkParams, seqParam, typesParam } from "./handler.ts";
import { frameText, SSE_HEADERS, SseStream } from "./sse.ts";
import type { TaskIndex } from "./task_index.ts";
import { RecentIndex } from "./recent.ts";
import { FanOut, type FanOutMember } from "./fan_out.ts";

/** Options of {@link LiveHub}. */
export interface LiveHubOptions {
  /** Heartbeat comment interval of the streams, in ms. Default 15000. */
  heartbeatMs?: number;
  /** Bytes that may wait for one stream client before it catches up from disk. Default 128 KiB. */
  clientQueueBytesMax?: number;
  /** Events a catching-up task stream keeps from the follower before it reads disk again. Default 10000. */
  catchUpBufferMax?: number;
  /** Events the shared follower may hold for one subscriber. Default 4000. */
  followerQueueItemsMax?: number;
  /** The follower's slow poll for missed notifications, in ms. Default 1000. */
  pollIntervalMs?: number;
  /** Told once each time a log was truncated or replaced (read again from its start). */
  onReset?: (reset: TailReset) => void;
  /** Told once each time a task's log is found not to be a log (a FIFO, a link out...). */
  onBadLog?: (e: BadLogFile) => void;
  /** Most time an event waits to be written to fan-out clients, in ms. Default 10. */
  fanOutFlushMs?: number;
  /**
   * Bytes that may wait for one fan-out client before it catches up from
   * disk. The batches are shared by every client, so this costs memory once,
   * not once per client. Default 4 MiB.
   */
  fanOutBytesMax?: number;
}

/** An event as the hub hands it to clients. */
export interface LiveRecord {
  /** The task's id and number. */
  task: { id: string; number: number };
  env: Envelope;
  /** The log line (absent for ephemeral events). */
  text?: string;
  upgraded: boolean;
}

/** A subscriber of the hub. */
interface LiveClient {
  /** Takes logged events from the hub (task streams); project streams take only ephemeral ones. */
  readonly wantsLogged: boolean;
  offer(records: readonly LiveRecord[]): void;
  close(): void;
}

/** Frames of ephemeral events, built once for every client. */
const ephemeralFrames = new WeakMap<LiveRecord, string>();

function ephemeralFrame(r: LiveRecord): string {
  let f = ephemeralFrames.get(r);
  if (f === undefined) {
    f = frameText({ event: r.env.event.type, data: JSON.stringify(tag(r.env, r.task)) });
    ephemeralFrames.set(r, f);
  }
  return f;
}

/** Whether a feed item passes a filter (by its bytes' facts when it was read as bytes). */
function keepsItem(f: EventFilter, it: FeedItem): boolean {
  const fast = it as Partial<FastItem>;
  return fast.sec !== undefined
    ? f.keepsAt(it.task, fast.type!, fast.sec, fast.nanos!)
    : f.keeps(it.task, it.record.env);
}

/** Frames of feed items are built once and shared by every client. */
const frameCache = new WeakMap<FeedItem, string>();

function feedFrame(it: FeedItem): string {
  let f = frameCache.get(it);
  if (f === undefined) {
    // An item read as bytes has its type and tagged line without a decode.
    const fast = it as Partial<FastItem>;
    f = frameText({
      id: it.cursorText,
      event: fast.type ?? it.record.env.event.type,
      data: fast.taggedText ? fast.taggedText() : taggedText(it.record, it.task),
    });
    frameCache.set(it, f);
  }
  return f;
}

const encoder = new TextEncoder();

/** Encoded batches, keyed by their first item: the same batch is encoded once for every client. */
const batchCache = new WeakMap<FeedItem, { last: FeedItem; length: number; bytes: Uint8Array }>();

/**
 * The frames of a batch of items, as bytes. Clients without filters that
 * keep up get the same batches from the follower (items are published in
 * one order to every subscriber): the bytes are shared between them.
 */
function batchBytes(items: readonly FeedItem[]): Uint8Array {
  const first = items[0], last = items[items.length - 1];
  const hit = batchCache.get(first);
  if (hit && hit.last === last && hit.length === items.length) return hit.bytes;
  let text = "";
  for (const it of items) text += feedFrame(it);
  const bytes = encoder.encode(text);
  batchCache.set(first, { last, length: items.length, bytes });
  return bytes;
}

/** The cursor just before `ns`: resuming after it gives every event at or after `ns`. */
function cursorBefore(ns: bigint): Cursor {
  return ns <= 0n ? CURSOR_START : {
    ns: ns - 1n,
    number: Number.MAX_SAFE_INTEGER,
    seq: Number.MAX_SAFE_INTEGER,
  };
}

/** The live side of the server. */
export class LiveHub implements LiveRoutes {
  readonly state: StateDir;
  /** The handler's task cache (set by serve.ts). */
  tasks: TaskIndex | null = null;
  readonly follower: ProjectFollower;
  /** The last events of every task, for `/api/events`. */
  readonly recent: RecentIndex;
  /** Project stream clients without filters that caught up are fed from here. */
  readonly fan: FanOut;
  /** Counters for tests and the bench: clients that fell behind and read again from disk. */
  readonly stats = { catchUps: 0 };
  #clients = new Set<LiveClient>();
  #closed = false;
  #started = false;
  readonly #options: LiveHubOptions;
  readonly #stop = new AbortController();

  constructor(state: StateDir, options: LiveHubOptions = {}) {
    this.state = state;
    this.#options = options;
    this.follower = new ProjectFollower(state, {
      queueItemsMax: options.followerQueueItemsMax ?? 4000,
      pollIntervalMs: options.pollIntervalMs,
      onReset: options.onReset,
      onBadLog: options.onBadLog,
      // The streams of a discarded task are told and closed.
      onRemoved: (task) => {
        for (const c of this.#clients) {
          if (c instanceof TaskStreamClient && c.task.id === task.id) {
            c.end(`Task #${task.number} was discarded`);
          }
        }
      },
    });
    this.recent = new RecentIndex(state);
    this.fan = new FanOut({
      frameOf: feedFrame,
      memberBytesMax: options.fanOutBytesMax,
      flushMs: options.fanOutFlushMs,
    });
  }

  /** Open stream clients. */
  get clientCount(): number {
    return this.#clients.size;
  }

  streamStats(): { clients: number; catch_ups: number; fan_out: number } {
    return {
      clients: this.#clients.size,
      catch_ups: this.stats.catchUps,
      fan_out: this.fan.memberCount,
    };
  }

  /** Starts the shared follower, and the hub's own subscription that feeds task streams. */
  async start(): Promise<void> {
    if (this.#started) return;
    this.#started = true;
    await this.follower.start();
    this.recent.existing(this.follower.tasks());
    const signal = this.#stop.signal;
    void (async () => {
      // Task streams take their live events from here; from now on, and again
      // after the last cursor when this subscription ever falls behind.
      let after: Cursor | null = null;
      while (!signal.aborted) {
        try {
          for await (const items of this.follower.subscribe({ after, signal })) {
            const records: LiveRecord[] = [];
            for (const it of items) {
              records.push({
                task: it.task,
                env: it.record.env,
                text: it.record.text,
                upgraded: it.record.upgraded,
              });
              if (after === null || compareCursor(it.cursor, after) > 0) after = it.cursor;
            }
            this.recent.add(items);
            this.fan.addItems(items);
            this.publish(records);
          }
          return; // the follower was closed
        } catch {
          if (signal.aborted) return;
          after ??= cursorBefore(BigInt(Date.now()) * 1_000_000n);
        }
      }
    })();
    // Load the tails of the logs in the background, so the first /api/events is warm.
    void this.recent.warm().catch(() => {});
  }

  /** Closes every stream and stops the follower. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#stop.abort();
    this.fan.close();
    for (const c of [...this.#clients]) c.close();
    this.#clients.clear();
    this.follower.close();
    await Promise.resolve();
  }

  /** Delivers records to every client. */
  publish(records: readonly LiveRecord[]): void {
    if (records.length === 0) return;
    const logged = records.every((r) => r.text !== undefined);
    for (const c of this.#clients) {
      if (logged && !c.wantsLogged) continue;
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
    this.fan.addEphemeral(ephemeralFrame(record));
    this.publish([record]);
  }

  #add(c: LiveClient): () => void {
    if (this.#closed) {
      c.close();
      return () => {};
    }
    this.#clients.add(c);
    return () => this.#clients.delete(c);
  }

  /** The filters of `/api/events` and `/api/stream`. */
  async #feedFilter(url: URL, ctx: RouteContext): Promise<EventFilter> {
    const types = typesParam(url);
    const since = url.searchParams.get("since");
    let sinceNs: bigint | null = null;
    if (since !== null) {
      try {
        sinceNs = parseSince(since);
      } catch (e) {
        throw new TasklineError("bad-request", (e as Error).message.replace(/^--since/, "since"));
      }
    }
    const refs = url.searchParams.getAll("task").flatMap((v) => v.split(",")).map((s) => s.trim())
      .filter((s) => s !== "");
    let tasks: Set<string> | null = null;
    if (refs.length > 0) {
      tasks = new Set();
      for (const ref of refs) tasks.add((await ctx.tasks.resolve(ref)).id);
    }
    return new EventFilter({ types, tasks, sinceNs });
  }

  // -- /api/events ---------------------------------------------------------------

  /**
   * `GET /api/events?after=&since=&type=&task=&limit=`: the last `limit`
   * matching tagged envelopes, oldest first; `X-Taskline-Cursor` is the
   * cursor of the last event read before filtering.
   */
  async events(_req: Request, url: URL, ctx: RouteContext): Promise<Response> {
    checkParams(url, ["after", "since", "type", "task", "limit"]);
    const limitText = url.searchParams.get("limit");
    let limit = 500;
    if (limitText !== null) {
      if (!/^\d{1,6}$/.test(limitText) || Number(limitText) < 1 || Number(limitText) > 10_000) {
        throw new TasklineError(
          "bad-request",
          `Parameter limit takes an integer from 1 to 10000, not "${limitText.slice(0, 40)}"`,
        );
      }
      limit = Number(limitText);
    }
    const afterText = url.searchParams.get("after");
    const after = afterText === null ? null : parseCursor(afterText);
    const filter = await this.#feedFilter(url, ctx);
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
    const all = await ctx.tasks.tasks({ fresh: true });
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
  async stream(req: Request, url: URL, ctx: RouteContext): Promise<Response> {
    checkParams(url, ["after", "since", "type", "task"]);
    const filter = await this.#feedFilter(url, ctx);
    const lastId = req.headers.get("last-event-id");
    const afterText = url.searchParams.get("after");
    let start: Cursor | null = null;
    if (lastId !== null && lastId.trim() !== "") start = parseCursor(lastId.trim());
    else if (afterText !== null) start = parseCursor(afterText);
    else if (filter.sinceNs !== null) start = cursorBefore(filter.sinceNs);
    if (!this.#started) throw new TasklineError("bad-state", "The live feed is not running");
    const client = new ProjectStreamClient(this, start, filter, {
      heartbeatMs: this.#options.heartbeatMs,
      queueBytesMax: this.#options.clientQueueBytesMax,
    });
    client.remove = this.#add(client);
    client.begin();
    return new Response(client.sse.readable, { headers: SSE_HEADERS });
  }

  // -- /api/tasks/{ref}/stream ------------------------------------------------

  /** `GET /api/tasks/{ref}/stream?after=<seq>`: the task's run, live; ids are seq. */
  async taskStream(req: Request, url: URL, ctx: RouteContext): Promise<Response> {
    checkParams(url, ["after"]);
    let after = seqParam(url, "after") ?? 0;
    const lastId = req.headers.get("last-event-id");
    if (lastId !== null && lastId.trim() !== "") {
      if (!/^\d{1,15}$/.test(lastId.trim())) {
        throw new TasklineError(
          "bad-request",
          `Last-Event-ID of a task stream is a seq, not "${lastId.slice(0, 40)}"`,
        );
      }
      after = Number(lastId.trim());
    }
    const task = await ctx.tasks.resolve(ctx.params.ref);
    if (!this.#started) throw new TasklineError("bad-state", "The live feed is not running");
    // A log that is not a log is answered at once (problem+json), not streamed.
    await checkLogFile(this.state.logPath(task.dir));
    const client = new TaskStreamClient(this.state, task, after, {
      heartbeatMs: this.#options.heartbeatMs,
      queueBytesMax: this.#options.clientQueueBytesMax,
      bufferMax: this.#options.catchUpBufferMax,
    });
    client.remove = this.#add(client);
    client.begin();
    return new Response(client.sse.readable, { headers: SSE_HEADERS });
  }
}

/**
 * One `/api/stream` client: a subscription of the shared follower (which
 * replays from disk after its cursor, then gives live events), and the
 * ephemeral events of the live channel. A client without filters that has
 * caught up leaves its subscription for the hub's fan-out (fan_out.ts). When
 * the connection is slow, the client stops taking from its subscription (or
 * is dropped by the fan-out); past the bound it subscribes again after the
 * last cursor it was sent, reading from disk.
 */
class ProjectStreamClient implements LiveClient, FanOutMember {
  readonly wantsLogged = false;
  readonly sse: SseStream;
  remove: () => void = () => {};
  /** The highest cursor sent (delivery rule 4: live events may come out of order). */
  last: Cursor | null;
  readonly #stop = new AbortController();
  readonly #queueBytesMax: number;
  readonly #unfiltered: boolean;
  #leftFanOut: (() => void) | null = null;

  constructor(
    readonly hub: LiveHub,
    after: Cursor | null,
    readonly filter: EventFilter,
    options: { heartbeatMs?: number; queueBytesMax?: number },
  ) {
    this.last = after;
    this.#queueBytesMax = options.queueBytesMax ?? 128 * 1024;
    this.#unfiltered = filter.all;
    this.sse = new SseStream({
      heartbeatMs: options.heartbeatMs,
      queueBytesMax: this.#queueBytesMax,
      onClose: () => this.close(),
    });
  }

  close(): void {
    if (this.#stop.signal.aborted) return;
    this.#stop.abort();
    this.hub.fan.leave(this);
    this.remove();
    this.sse.close();
    this.#leftFanOut?.();
  }

  /** The fan-out dropped this client (too slow). */
  left(): void {
    this.#leftFanOut?.();
  }

  /** Ephemeral events: sent when there is room, dropped otherwise (they are live only). */
  offer(records: readonly LiveRecord[]): void {
    if (this.hub.fan.has(this)) return; // the fan-out sends them in order with the rest
    let text = "";
    for (const r of records) {
      if (r.text !== undefined || !this.filter.keeps(r.task, r.env)) continue;
      text += ephemeralFrame(r);
    }
    if (text !== "") this.sse.push(text);
  }

  /** Reads the own subscription; returns true when the client joined the fan-out. */
  async #subscription(signal: AbortSignal): Promise<boolean> {
    const unfiltered = this.#unfiltered;
    const sub = this.hub.follower.subscribe({
      after: this.last,
      prefilter: this.filter.prefilter,
      needles: this.filter.needles,
      signal,
    });
    for await (const items of sub) {
      if (items.length === 0) continue;
      let text = "";
      let high = this.last;
      for (const it of items) {
        if (high === null || compareCursor(it.cursor, high) > 0) high = it.cursor;
        if (!unfiltered && keepsItem(this.filter, it)) text += feedFrame(it);
      }
      if (unfiltered || text !== "") {
        await paced(this.sse, this.#queueBytesMax, signal);
        if (this.sse.closed || signal.aborted) return false;
        if (unfiltered) this.sse.writeBytes(batchBytes(items));
        else this.sse.write(text);
      }
      this.last = high;
      if (unfiltered && this.hub.fan.join(this, items[items.length - 1])) return true;
    }
    return false; // the follower was closed: the server is stopping
  }

  begin(): void {
    const signal = this.#stop.signal;
    const subscribedAt = BigInt(Date.now()) * 1_000_000n;
    void (async () => {
      while (!signal.aborted) {
        try {
          const left = new Promise<void>((resolve) => this.#leftFanOut = resolve);
          if (!(await this.#subscription(signal))) break;
          await left; // fed by the fan-out until it drops this client, or the client goes
          this.#leftFanOut = null;
          if (signal.aborted) break;
        } catch (e) {
          if (signal.aborted) break;
          if (!(e instanceof TasklineError && e.code === "fell-behind")) {
            this.sse.write(frameText({
              event: "error",
              data: JSON.stringify({ error: (e as Error).message }),
            }));
            break;
          }
        }
        // Fell behind: read again from disk, after the last cursor sent.
        this.hub.stats.catchUps++;
        this.last ??= cursorBefore(subscribedAt);
      }
      this.close();
    })();
  }
}

/** Sleeps `ms`, or less when `signal` aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}

/** Waits until the client's backlog is below half its bound (disk catch-up paces itself). */
async function paced(sse: SseStream, bytesMax: number, signal: AbortSignal): Promise<void> {
  while (!sse.closed && !signal.aborted && sse.backlogBytes > bytesMax / 2) {
    await sleep(10, signal);
  }
}

/**
 * One `/api/tasks/{ref}/stream` client: the events of one run of one task
 * (the current run, or the first run when the task has none yet), with the
 * run's ephemeral events, staying open across pauses and resumes.
 */
class TaskStreamClient implements LiveClient {
  readonly wantsLogged = true;
  readonly sse: SseStream;
  remove: () => void = () => {};
  #run: string | null = null;
  #lastSeq: number;
  /** Null while live; the records kept while catching up from disk. */
  #buffer: LiveRecord[] | null = [];
  #overflow = false;
  #wake: (() => void) | null = null;
  readonly #stop = new AbortController();
  readonly #queueBytesMax: number;
  readonly #bufferMax: number;

  constructor(
    readonly state: StateDir,
    readonly task: Task,
    after: number,
    options: { heartbeatMs?: number; queueBytesMax?: number; bufferMax?: number },
  ) {
    this.#lastSeq = after;
    this.#queueBytesMax = options.queueBytesMax ?? 128 * 1024;
    this.#bufferMax = options.bufferMax ?? 10_000;
    this.sse = new SseStream({
      heartbeatMs: options.heartbeatMs,
      queueBytesMax: this.#queueBytesMax,
      onClose: () => this.close(),
    });
  }

  /** Tells the client why its stream ends (an `error` event), and closes it. */
  end(message: string): void {
    if (this.#stop.signal.aborted) return;
    this.sse.push(frameText({ event: "error", data: JSON.stringify({ error: message }) }));
    this.close();
  }

  close(): void {
    if (this.#stop.signal.aborted) return;
    this.#stop.abort();
    this.remove();
    this.#buffer = null;
    this.#wake?.();
    this.sse.close();
  }

  #frame(env: Envelope, line: string): string {
    return frameText({
      id: env.seq === undefined ? undefined : String(env.seq),
      event: env.event.type,
      data: line,
    });
  }

  offer(records: readonly LiveRecord[]): void {
    if (this.#stop.signal.aborted) return;
    const mine = records.filter((r) => r.task.id === this.task.id);
    if (mine.length === 0) return;
    if (this.#buffer !== null) {
      if (this.#buffer.length + mine.length > this.#bufferMax) {
        this.#overflow = true;
        this.#buffer = [];
      } else this.#buffer.push(...mine);
      return;
    }
    this.#sendLive(mine);
  }

  /** Sends live records; when the client is too far behind, catches up from disk instead. */
  #sendLive(records: readonly LiveRecord[]) {
    const [run, lastSeq] = [this.#run, this.#lastSeq];
    let text = "";
    for (const r of records) text += this.#render(r);
    if (text !== "" && !this.sse.push(text)) {
      // Nothing of it was sent: the catch-up starts from where the client is.
      [this.#run, this.#lastSeq] = [run, lastSeq];
      this.#fallBack();
    }
  }

  /** The frame of a live record, advancing the seq; "" when it is not for this client. */
  #render(r: LiveRecord): string {
    const env = r.env;
    if (this.#run === null && env.event.type === "run_started" && env.seq !== undefined) {
      this.#run = runOf(env.event);
    }
    if (this.#run === null || runOf(env.event) !== this.#run) return "";
    if (env.seq === undefined) {
      return r.text === undefined ? this.#frame(env, encodeEnvelope(env)) : "";
    }
    if (env.schema < 2 || env.seq <= this.#lastSeq) return "";
    this.#lastSeq = env.seq;
    return this.#frame(env, readFormText(r));
  }

  /** The client is too slow: catch up from disk from the last seq sent. */
  #fallBack() {
    if (this.#buffer !== null) return;
    this.#buffer = [];
    this.#wake?.();
  }

  /** Runs the client: catch up from disk, go live, and catch up again when told. */
  begin(): void {
    void (async () => {
      const signal = this.#stop.signal;
      try {
        while (!signal.aborted) {
          await this.#catchUp(signal);
          if (signal.aborted) break;
          // Go live: what the follower gave meanwhile, past what the disk gave.
          const kept = this.#buffer ?? [];
          const overflow = this.#overflow;
          this.#overflow = false;
          if (overflow) {
            this.#buffer = [];
            continue;
          }
          this.#buffer = null;
          this.#sendLive(kept);
          // Wait until told to catch up again (or closed).
          while (!signal.aborted && this.#buffer === null) {
            await new Promise<void>((resolve) => this.#wake = resolve);
            this.#wake = null;
          }
        }
      } catch (e) {
        if (!signal.aborted) {
          this.sse.push(frameText({
            event: "error",
            data: JSON.stringify({ error: (e as Error).message }),
          }));
        }
        this.close();
      }
    })();
  }

  async #catchUp(signal: AbortSignal): Promise<void> {
    const replay = await openReplay(this.state, this.task, {
      after: this.#lastSeq,
      run: this.#run ?? undefined,
      signal,
    });
    if (this.#run === null) this.#run = replay.run;
    for await (const batch of replay.batches) {
      let text = "";
      for (const r of batch.records) {
        if (r.env.seq === undefined || r.env.seq <= this.#lastSeq) continue;
        this.#lastSeq = r.env.seq;
        text += this.#frame(r.env, readFormText(r));
      }
      if (text === "") continue;
      await paced(this.sse, this.#queueBytesMax, signal);
      if (this.sse.closed || signal.aborted) return;
      this.sse.write(text);
    }
  }
}
