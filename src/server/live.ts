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
import { tag, type TaggedEnvelope } from "../contract/envelope.ts";
import { TasklineError } from "../errors.ts";
import { openReplay } from "../follow/replay.ts";
import type { StateDir } from "../store/state_dir.ts";
import type { Task } from "../store/tasks.ts";
import type { LiveRoutes, RouteContext } from "./handler.ts";
import { checkParams, seqParam } from "./handler.ts";
import { frameText, SSE_HEADERS, SseStream } from "./sse.ts";
import type { TaskIndex } from "./task_index.ts";

/** Options of {@link LiveHub}. */
export interface LiveHubOptions {
  /** Heartbeat comment interval of the streams, in ms. Default 15000. */
  heartbeatMs?: number;
  /** Bytes that may wait for one stream client before it catches up from disk. Default 1 MiB. */
  clientQueueBytesMax?: number;
  /** Events a catching-up client keeps from the live follower before it reads disk again. Default 10000. */
  catchUpBufferMax?: number;
}

/** An event the shared follower delivers: tagged, with where its line ends in its log. */
export interface LiveRecord {
  tagged: TaggedEnvelope;
  /** The event cursor text; null for an ephemeral event. */
  cursor: string | null;
  /** The task's directory. */
  dir: string;
  /** Byte offset just after the event's line; 0 for ephemeral events. */
  end: number;
}

/** A subscriber of the hub. */
interface LiveClient {
  offer(records: readonly LiveRecord[]): void;
  close(): void;
}

/** The live side of the server. */
export class LiveHub implements LiveRoutes {
  readonly state: StateDir;
  /** The handler's task cache (set by serve.ts). */
  tasks: TaskIndex | null = null;
  #clients = new Set<LiveClient>();
  #closed = false;
  readonly #options: LiveHubOptions;
  readonly #stop = new AbortController();

  constructor(state: StateDir, options: LiveHubOptions = {}) {
    this.state = state;
    this.#options = options;
  }

  /** Open stream clients. */
  get clientCount(): number {
    return this.#clients.size;
  }

  /** Starts the shared follower. */
  async start(): Promise<void> {
    // The project follower is wired here (see the project stream).
  }

  /** Closes every stream and stops the follower. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#stop.abort();
    for (const c of [...this.#clients]) c.close();
    this.#clients.clear();
    await Promise.resolve();
  }

  /** Delivers records the follower read (or an ephemeral event) to every client. */
  publish(records: readonly LiveRecord[]): void {
    if (records.length === 0) return;
    for (const c of this.#clients) {
      try {
        c.offer(records);
      } catch { /* one client's failure is its own */ }
    }
  }

  /** Delivers an ephemeral event received on the live channel. */
  publishEphemeral(tagged: TaggedEnvelope): void {
    this.publish([{ tagged, cursor: null, dir: "", end: 0 }]);
  }

  #add(c: LiveClient): () => void {
    if (this.#closed) {
      c.close();
      return () => {};
    }
    this.#clients.add(c);
    return () => this.#clients.delete(c);
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
    const client = new TaskStreamClient(this.state, task, after, {
      heartbeatMs: this.#options.heartbeatMs,
      queueBytesMax: this.#options.clientQueueBytesMax,
      bufferMax: this.#options.catchUpBufferMax,
    });
    client.remove = this.#add(client);
    req.signal.addEventListener("abort", () => client.close(), { once: true });
    client.begin();
    return new Response(client.sse.readable, { headers: SSE_HEADERS });
  }

  // -- /api/events and /api/stream -------------------------------------------

  events(req: Request, _url: URL, _ctx: RouteContext): Promise<Response> {
    return Promise.resolve(
      new Response(JSON.stringify({ error: "not yet" }), { status: 501, headers: {} }),
    ).then((r) => (void req, r));
  }

  stream(req: Request, _url: URL, _ctx: RouteContext): Promise<Response> {
    return Promise.resolve(
      new Response(JSON.stringify({ error: "not yet" }), { status: 501, headers: {} }),
    ).then((r) => (void req, r));
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
    this.#queueBytesMax = options.queueBytesMax ?? 1024 * 1024;
    this.#bufferMax = options.bufferMax ?? 10_000;
    this.sse = new SseStream({
      heartbeatMs: options.heartbeatMs,
      queueBytesMax: this.#queueBytesMax,
      onClose: () => this.close(),
    });
  }

  close(): void {
    if (this.#stop.signal.aborted) return;
    this.#stop.abort();
    this.remove();
    this.#buffer = null;
    this.#wake?.();
    this.sse.close();
  }

  #frame(env: TaggedEnvelope | { seq?: number; event: { type: string } }, line: string): string {
    return frameText({
      id: env.seq === undefined ? undefined : String(env.seq),
      event: env.event.type,
      data: line,
    });
  }

  offer(records: readonly LiveRecord[]): void {
    if (this.#stop.signal.aborted) return;
    const mine = records.filter((r) => r.tagged.task === this.task.id);
    if (mine.length === 0) return;
    if (this.#buffer !== null) {
      if (this.#buffer.length + mine.length > this.#bufferMax) {
        this.#overflow = true;
        this.#buffer = [];
      } else this.#buffer.push(...mine);
      return;
    }
    let text = "";
    for (const r of mine) text += this.#render(r);
    if (text !== "" && !this.sse.push(text)) this.#fallBack();
  }

  /** The frame of a live record, advancing the seq; "" when it is not for this client. */
  #render(r: LiveRecord): string {
    const env = r.tagged;
    if (this.#run === null && env.event.type === "run_started" && env.seq !== undefined) {
      this.#run = runOf(env.event);
    }
    if (this.#run === null || runOf(env.event) !== this.#run) return "";
    const { task: _t, number: _n, ...plain } = env;
    if (env.seq === undefined) {
      return this.#frame(env, JSON.stringify(plain));
    }
    if (env.seq <= this.#lastSeq) return "";
    this.#lastSeq = env.seq;
    return this.#frame(env, encodeEnvelope(plain as typeof env));
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
          let text = "";
          for (const r of kept) text += this.#render(r);
          if (text !== "" && !this.sse.push(text)) this.#fallBack();
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
        text += this.#frame(r.env, encodeEnvelope(r.env));
      }
      if (text === "") continue;
      await paced(this.sse, this.#queueBytesMax, signal);
      if (this.sse.closed || signal.aborted) return;
      this.sse.write(text);
    }
  }
}

/** Tags an envelope of a task (for tests and the follower adapter). */
export function tagOf(task: Task, env: Parameters<typeof tag>[0]): TaggedEnvelope {
  return tag(env, { id: task.id, number: task.number });
}
