/**
 * One `/api/stream` client. It is in one of two states:
 *
 * - a member of the fan-out (fan_out.ts), fed the live events of the shared
 *   follower, while its connection keeps up;
 * - behind: it holds a position (the byte offset of its stream in each log,
 *   and, when it resumed by cursor, that cursor) and reads the logs from
 *   there at its own pace, one bounded step at a time, up to where the
 *   fan-out stands; then it joins the fan-out again, exactly there.
 *
 * A client starts behind when it resumes (`Last-Event-ID`, `after`, `since`:
 * its position is the start of every log and the cursor), or as a member
 * when it starts from now. Nothing waits in memory for a client that is
 * behind: a step runs only when its connection has taken what was written
 * (under 16 KiB waits for it), and stops when more than
 * `queueBytesMax` wait again, keeping where it got to. At most a few steps
 * run at once (the hub's {@link Slots}); each holds one chunk of each log it
 * reads.
 *
 * Exactness: the fan-out's position is the offset after the last event of
 * each log it flushed; a step reads each log from the client's offset to
 * that one, merged by cursor, and the client joins at that flush. So no
 * event is sent twice or skipped, whether the client reads slowly, stops
 * reading for a while, or resumes.
 *
 * @module
 */
import type { Cursor } from "../contract/cursor.ts";
import { replayFeed } from "../follow/replay_feed.ts";
import type { StateDir } from "../store/state_dir.ts";
import type { Task } from "../store/tasks.ts";
import { FanOut, type FanOutMember, type MemberFilter } from "./fan_out.ts";
import { feedFrame } from "./live_frames.ts";
import type { Slots } from "./slots.ts";
import { frameText, SseStream } from "./sse.ts";

/** What a project stream client uses of the hub. */
export interface ProjectStreamHub {
  readonly state: StateDir;
  readonly fan: FanOut;
  /** Bounds the clients that read the logs at once. */
  readonly slots: Slots;
  /** Counts the times a client fell behind and caught up from the logs. */
  readonly stats: { catchUps: number };
}

/** Options of {@link ProjectStreamClient}. */
export interface ProjectStreamOptions {
  /** Which events the client takes; null: every event. */
  keeps: MemberFilter;
  /**
   * `keeps` by an event's type and cursor time (the catch-up from the logs
   * reads bytes and decodes no line). Null: every event.
   */
  keepsAt: ((task: { id: string }, type: string, sec: number, nanos: number) => boolean) | null;
  /** Event type names in quotes: lines of the logs without one are not looked at. Default: all. */
  needles?: readonly string[] | null;
  /** Heartbeat interval, in ms. Default 15000 (see {@link SseStream}). */
  heartbeatMs?: number;
  /** Bytes that may wait for the client before a step stops. Default 64 KiB. */
  queueBytesMax?: number;
  /** Bytes one step writes at most before it gives its slot to the next client. Default 1 MiB. */
  stepBytesMax?: number;
  /** A client that takes nothing of what waits for this long is closed, in ms. Default 10000. */
  stallMsMax?: number;
  /** Called once when the client is gone. */
  onClose: () => void;
}

/** One `/api/stream` client; see the module documentation. */
export class ProjectStreamClient implements FanOutMember {
  readonly sse: SseStream;
  readonly keeps: MemberFilter;
  /** While behind: the offset of the stream in each log, by the fan-out's task index. */
  #from: number[] = [];
  /** While behind after a resume by cursor: events at or before it were sent already. */
  #after: Cursor | null = null;
  /** While behind: the fan-out flush it has every item of, while the ring may still hold the next. */
  #flushed: number | null = null;
  #catchingUp = false;
  /** Fell behind again while its catch-up loop was ending: the loop goes on. */
  #again = false;
  readonly #stop = new AbortController();
  readonly #queueBytesMax: number;
  readonly #stepBytesMax: number;

  constructor(
    readonly hub: ProjectStreamHub,
    readonly options: ProjectStreamOptions,
  ) {
    this.keeps = options.keeps;
    this.#queueBytesMax = options.queueBytesMax ?? 64 * 1024;
    this.#stepBytesMax = options.stepBytesMax ?? 1024 * 1024;
    this.sse = new SseStream({
      heartbeatMs: options.heartbeatMs,
      queueBytesMax: this.#queueBytesMax,
      stallMsMax: options.stallMsMax,
      onClose: () => this.close(),
    });
  }

  /** Starts the stream: from now (null), or after `start` from the logs. */
  begin(start: Cursor | null): void {
    if (start === null) {
      this.hub.fan.join(this, this.hub.fan.flushed);
      return;
    }
    this.#from = [];
    this.#after = start;
    void this.#catchUp();
  }

  close(): void {
    if (this.#stop.signal.aborted) return;
    this.#stop.abort();
    this.hub.fan.leave(this);
    this.#from = [];
    this.sse.close();
    this.options.onClose();
  }

  fellBehind(offsets: number[], flushed: number): void {
    if (this.#stop.signal.aborted) return;
    this.hub.stats.catchUps++;
    this.#from = offsets;
    this.#after = null;
    this.#flushed = flushed;
    if (this.#catchingUp) this.#again = true;
    else void this.#catchUp();
  }

  /** Reads the logs at the client's pace until it can join the fan-out. */
  async #catchUp(): Promise<void> {
    if (this.#catchingUp) return;
    this.#catchingUp = true;
    const signal = this.#stop.signal;
    try {
      while (!signal.aborted) {
        await this.sse.room(signal);
        if (signal.aborted || this.sse.closed) break;
        if (this.#flushed !== null) {
          // A client briefly behind catches up from the fan-out's ring (no disk).
          const joined = this.#ringStep();
          if (joined === true && !this.#again) break;
          this.#again = false;
          if (joined !== null) continue;
        }
        await this.hub.slots.acquire(signal);
        let joined: boolean;
        try {
          joined = await this.#step(signal);
        } finally {
          this.hub.slots.release();
        }
        if (joined && !this.#again) break;
        this.#again = false;
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
      if (this.#again && !signal.aborted) {
        this.#again = false;
        void this.#catchUp();
      }
    }
  }

  /**
   * One step from the ring: true when the client joined the fan-out, false
   * when it is not there yet, null when the ring no longer holds its place
   * (it goes on from the logs).
   */
  #ringStep(): boolean | null {
    const fan = this.hub.fan;
    const step = fan.ringStep(this, this.#flushed!, this.#queueBytesMax);
    if (step === null) {
      this.#flushed = null;
      return null;
    }
    FanOut.write(this, step.parts);
    for (const [i, end] of step.ends) if (end > (this.#from[i] ?? 0)) this.#from[i] = end;
    this.#flushed = step.to;
    if (step.to < fan.flushed || !fan.join(this, step.to)) return false;
    this.#flushed = null;
    this.#from = [];
    return true;
  }

  /**
   * One step: the logs from the client's position to where the fan-out
   * stands, while the connection takes them. True when the client caught up
   * and joined the fan-out.
   */
  async #step(signal: AbortSignal): Promise<boolean> {
    const snap = this.hub.fan.snapshot();
    const from = new Map<string, number>();
    const to = new Map<string, number>();
    const index = new Map<string, number>();
    const tasks: Task[] = [];
    for (let i = 0; i < snap.tasks.length; i++) {
      const f = this.#from[i] ?? 0;
      if (f >= snap.offsets[i]) continue;
      const t = snap.tasks[i];
      tasks.push(t);
      from.set(t.dir, f);
      to.set(t.dir, snap.offsets[i]);
      index.set(t.dir, i);
    }
    if (tasks.length > 0) {
      let written = 0;
      // Read as bytes: a line is neither decoded nor encoded again (its
      // frame is its tagged line), and lines of other types are not looked at.
      const items = replayFeed(this.hub.state, tasks, {
        from,
        to,
        after: this.#after ?? undefined,
        bytes: true,
        needles: this.options.needles,
        batchItemsMax: 128,
        signal,
      });
      const keepsAt = this.options.keepsAt;
      for await (const batch of items) {
        let text = "";
        for (const it of batch) {
          if (keepsAt === null || keepsAt(it.task, it.type, it.sec, it.nanos)) {
            text += feedFrame(it);
          }
          const i = index.get(it.task.dir)!;
          const end = it.fileEnd;
          if (end > (this.#from[i] ?? 0)) this.#from[i] = end;
        }
        if (this.sse.closed || signal.aborted) return false;
        if (text !== "") {
          this.sse.write(text);
          written += text.length;
        }
        if (this.sse.backlogBytes > this.#queueBytesMax || written > this.#stepBytesMax) {
          return false; // the rest at the next step, from where this one got to
        }
      }
    }
    // Caught up to the snapshot.
    this.#after = null;
    if (this.sse.closed || signal.aborted) return false;
    // What was flushed since the snapshot is sent from the fan-out's ring,
    // unless it is more than may wait: then one more step from the logs.
    if (this.hub.fan.join(this, snap.flushed, this.#queueBytesMax)) {
      this.#from = [];
      return true;
    }
    // The rest from the ring, a step at a time.
    this.#from = snap.offsets;
    this.#flushed = snap.flushed;
    return false;
  }
}
