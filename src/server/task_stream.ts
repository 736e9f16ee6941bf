/**
 * One `/api/tasks/{ref}/stream` client: the events of the task's current
 * run (or of the first run when the task has none yet), with the run's
 * ephemeral events, staying open across pauses and resumes. When a new run
 * of the task starts, the stream goes on with it from its start (ids are
 * seqs: they start again at 1).
 *
 * Its position is the run and the last seq it was sent. It is live (the hub
 * hands it each record of the task as the follower reads it) while its
 * connection keeps up; when a record does not fit in what may wait for it,
 * it is behind: it keeps only its position and reads the task's log after
 * that seq at its own pace, one bounded step at a time (a step runs when the
 * connection has taken what was written). When a step reaches the end of
 * the log and the hub has published nothing of the run past the client's
 * seq, it goes live again in the same turn. Seqs make it exact: a record
 * whose seq the client has is never sent again, and none is skipped.
 *
 * @module
 */
import { encodeEnvelope } from "../codec/encode.ts";
import { readFormText } from "../codec/read_form.ts";
import type { Envelope } from "../contract/envelope.ts";
import { runOf } from "../contract/events.ts";
import { openReplay } from "../follow/replay.ts";
import type { StateDir } from "../store/state_dir.ts";
import type { Task } from "../store/tasks.ts";
import type { LiveRecord } from "./live_frames.ts";
import type { Slots } from "./slots.ts";
import { frameText, SseStream } from "./sse.ts";

/** What a task stream client uses of the hub. */
export interface TaskStreamHub {
  readonly state: StateDir;
  readonly slots: Slots;
  readonly stats: { catchUps: number };
  /** The run and seq of the last logged event the hub published of a task, if any. */
  published(taskId: string): { run: string; seq: number } | undefined;
}

/** Options of {@link TaskStreamClient}. */
export interface TaskStreamOptions {
  /** Heartbeat interval, in ms. Default 15000. */
  heartbeatMs?: number;
  /** Bytes that may wait for the client before it is behind. Default 64 KiB. */
  queueBytesMax?: number;
  /** Bytes one step writes at most before it gives its slot to the next client. Default 1 MiB. */
  stepBytesMax?: number;
  /** A client that takes nothing of what waits for this long is closed, in ms. Default 10000. */
  stallMsMax?: number;
  /** Called once when the client is gone. */
  onClose: () => void;
}

/** One task stream client; see the module documentation. */
export class TaskStreamClient {
  readonly sse: SseStream;
  #run: string | null = null;
  #lastSeq: number;
  #behind = true;
  #catchingUp = false;
  readonly #stop = new AbortController();
  readonly #queueBytesMax: number;
  readonly #stepBytesMax: number;

  constructor(
    readonly hub: TaskStreamHub,
    readonly task: Task,
    after: number,
    readonly options: TaskStreamOptions,
  ) {
    this.#lastSeq = after;
    this.#queueBytesMax = options.queueBytesMax ?? 64 * 1024;
    this.#stepBytesMax = options.stepBytesMax ?? 1024 * 1024;
    this.sse = new SseStream({
      heartbeatMs: options.heartbeatMs,
      queueBytesMax: this.#queueBytesMax,
      stallMsMax: options.stallMsMax,
      onClose: () => this.close(),
    });
  }

  /** Starts the stream: the log after the seq, then live. */
  begin(): void {
    void this.#catchUp();
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
    this.sse.close();
    this.options.onClose();
  }

  #frame(env: Envelope, line: string): string {
    return frameText({
      id: env.seq === undefined ? undefined : String(env.seq),
      event: env.event.type,
      data: line,
    });
  }

  /** Live records of the hub (any task's: the client takes its own). */
  offer(records: readonly LiveRecord[]): void {
    if (this.#behind || this.#stop.signal.aborted) return;
    const [run, lastSeq] = [this.#run, this.#lastSeq];
    let text = "";
    for (const r of records) if (r.task.id === this.task.id) text += this.#render(r);
    if (text === "" || this.sse.push(text)) return;
    // It does not fit: nothing of it was sent. Catch up from the log from here.
    [this.#run, this.#lastSeq] = [run, lastSeq];
    this.#behind = true;
    this.hub.stats.catchUps++;
    void this.#catchUp();
  }

  /** The frame of a live record, advancing the seq; "" when it is not for this client. */
  #render(r: LiveRecord): string {
    const env = r.env;
    if (env.event.type === "run_started" && env.seq !== undefined) {
      const run = runOf(env.event);
      if (this.#run === null) this.#run = run;
      else if (run !== null && run !== this.#run) {
        // A new run of the task: followed from its start.
        this.#run = run;
        this.#lastSeq = 0;
      }
    }
    if (this.#run === null || runOf(env.event) !== this.#run) return "";
    if (env.seq === undefined) {
      return r.text === undefined ? this.#frame(env, encodeEnvelope(env)) : "";
    }
    if (env.schema < 2 || env.seq <= this.#lastSeq) return "";
    this.#lastSeq = env.seq;
    return this.#frame(env, readFormText(r));
  }

  /** Reads the log at the client's pace until it is live again. */
  async #catchUp(): Promise<void> {
    if (this.#catchingUp) return;
    this.#catchingUp = true;
    const signal = this.#stop.signal;
    try {
      while (!signal.aborted && this.#behind) {
        await this.sse.room(signal);
        if (signal.aborted || this.sse.closed) break;
        await this.hub.slots.acquire(signal);
        try {
          if (!(await this.#step(signal))) continue;
        } finally {
          this.hub.slots.release();
        }
        // At the end of the log: live, unless the hub has published more of the run meanwhile,
        // or a new run of the task (the last published is the newest): read from its start.
        const p = this.hub.published(this.task.id);
        if (p !== undefined && this.#run !== null && p.run !== this.#run) {
          this.#run = p.run;
          this.#lastSeq = 0;
          continue;
        }
        const more = p !== undefined && (this.#run === null || p.seq > this.#lastSeq);
        if (!more) this.#behind = false;
      }
    } catch (e) {
      if (!signal.aborted) {
        this.sse.write(frameText({
          event: "error",
          data: JSON.stringify({ error: (e as Error).message }),
        }));
        this.close();
      }
    } finally {
      this.#catchingUp = false;
    }
  }

  /** One step of reading the log after the last seq sent; true when it reached the end. */
  async #step(signal: AbortSignal): Promise<boolean> {
    const replay = await openReplay(this.hub.state, this.task, {
      after: this.#lastSeq,
      run: this.#run ?? undefined,
      signal,
    });
    if (this.#run === null) this.#run = replay.run;
    let written = 0;
    for await (const batch of replay.batches) {
      let text = "";
      for (const r of batch.records) {
        if (r.env.seq === undefined || r.env.seq <= this.#lastSeq) continue;
        this.#lastSeq = r.env.seq;
        text += this.#frame(r.env, readFormText(r));
      }
      if (this.sse.closed || signal.aborted) return false;
      if (text === "") continue;
      this.sse.write(text);
      written += text.length;
      if (this.sse.backlogBytes > this.#queueBytesMax || written > this.#stepBytesMax) {
        // Leaving the generator closes the log; the next step seeks to the seq again.
        return false;
      }
    }
    return true;
  }
}
