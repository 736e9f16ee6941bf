/**
 * The fan-out of the project stream: every `/api/stream` client that keeps
 * up is a member, fed by the hub with the live events of the shared
 * follower. The frames of a flush are encoded once into one byte array that
 * every member without filters is handed (a thousand clients cost a thousand
 * `enqueue` calls per flush, not a thousand encodings).
 *
 * Flushing adapts to the load: an event that arrives while the fan-out is
 * idle (nothing flushed for `flushMs`) is flushed at once; events arriving
 * sooner wait for the next flush, `flushMs` after the previous one. So one
 * client sees an append within about a millisecond, and a busy server makes
 * at most `1000 / flushMs` flushes a second.
 *
 * Positions: the fan-out knows, for every log, the byte offset just after
 * the last event it has flushed (events carry the offset after their line).
 * A member whose connection has more than `memberBytesMax` waiting at a
 * flush is not written to: it leaves, told the offsets before that flush,
 * and catches up from the logs at its own pace (project_stream.ts). A
 * client that caught up to a {@link FanOutSnapshot} joins again at the
 * snapshot's flush: what was flushed since is sent from a ring of the last
 * items. A slow client costs a position (an offset per log), not a queue.
 *
 * @module
 */
import type { Envelope } from "../contract/envelope.ts";
import type { FeedItem } from "../follow/feed.ts";
import type { Task } from "../store/tasks.ts";
import type { SseStream } from "./sse.ts";

/** Which events a member takes; null: every event. */
export type MemberFilter = ((task: { id: string }, env: Envelope) => boolean) | null;

/** A client fed by the fan-out. */
export interface FanOutMember {
  readonly sse: SseStream;
  readonly keeps: MemberFilter;
  /**
   * The member fell behind and was removed; `offsets` (by task index, see
   * {@link FanOut.snapshot}) is where its stream stands in each log, and
   * `flushed` the flush it has every item of.
   */
  fellBehind(offsets: number[], flushed: number): void;
}

/** Where the fan-out stands: its last flush, and each log's offset at it. */
export interface FanOutSnapshot {
  /** The number of logged items flushed so far. */
  flushed: number;
  /** Per task index, the offset just after the last event flushed. */
  offsets: number[];
  /** The task of each index (its latest object). */
  tasks: Task[];
}

/** An entry of a flush: a logged event, or the frame of an ephemeral one. */
type Entry =
  | { item: FeedItem }
  | { frame: string; task: { id: string }; env: Envelope };

/** Options of {@link FanOut}. */
export interface FanOutOptions {
  /** Least time between two flushes while busy, in ms. Default 10. */
  flushMs?: number;
  /**
   * Logged items remembered for clients that join after catching up. Each
   * keeps its event and frame alive (a few KB). Default 4096.
   */
  ringItems?: number;
  /**
   * Bytes that may wait for one member at a flush before it leaves (they
   * are in the response body stream; the kernel's socket buffer, a few MB on
   * loopback, is full by then). Clients that stall at different times each
   * hold different flushes, so this times the clients is the worst case of
   * what waits. Default 64 KiB.
   */
  memberBytesMax?: number;
  /** The frame of an item (the hub's shared cache). */
  frameOf: (it: FeedItem) => string;
}

const encoder = new TextEncoder();

/** Longest time between two flushes while busy, however many members, in ms. */
const FLUSH_MS_MAX = 35;
/** Members that add one millisecond to the time between two busy flushes. */
const MEMBERS_PER_FLUSH_MS = 20;

/** The fan-out. */
export class FanOut {
  #received = 0;
  #flushed = 0;
  readonly #ring: (FeedItem | undefined)[];
  #pending: Entry[] = [];
  readonly #members = new Set<FanOutMember>();
  readonly #index = new Map<string, number>();
  #tasks: Task[] = [];
  #offsets: number[] = [];
  #timer: ReturnType<typeof setTimeout> | null = null;
  #lastFlushAt = -Infinity;
  #closed = false;
  readonly #flushMs: number;
  readonly #options: FanOutOptions;
  /** Counters for `/api/health` and the bench. */
  readonly stats = { flushes: 0, left: 0 };

  constructor(options: FanOutOptions) {
    this.#options = options;
    this.#flushMs = options.flushMs ?? 10;
    this.#ring = new Array(options.ringItems ?? 4096);
  }

  get memberCount(): number {
    return this.#members.size;
  }

  /** The number of logged items flushed so far (a client that joins at it starts from now). */
  get flushed(): number {
    return this.#flushed;
  }

  #indexOf(task: Task): number {
    let i = this.#index.get(task.dir);
    if (i === undefined) {
      i = this.#tasks.length;
      this.#index.set(task.dir, i);
      this.#offsets.push(0);
      this.#tasks.push(task);
    } else this.#tasks[i] = task;
    return i;
  }

  /** Logs followed from an offset on (the follower's start): their position before any event. */
  addLogs(logs: Iterable<{ task: Task; offset: number }>): void {
    for (const { task, offset } of logs) this.#offsets[this.#indexOf(task)] = offset;
  }

  /** Logged items, in the order the follower published them. */
  addItems(items: readonly FeedItem[]): void {
    for (const it of items) {
      const seq = ++this.#received;
      this.#ring[seq % this.#ring.length] = it;
      this.#pending.push({ item: it });
    }
    this.#schedule();
  }

  /** An ephemeral event, for members (it is never logged: clients behind do not get it). */
  addEphemeral(frame: string, task: { id: string }, env: Envelope): void {
    if (this.#members.size === 0) return;
    this.#pending.push({ frame, task, env });
    this.#schedule();
  }

  /** Where the fan-out stands now (copies). */
  snapshot(): FanOutSnapshot {
    return { flushed: this.#flushed, offsets: this.#offsets.slice(), tasks: this.#tasks.slice() };
  }

  /** The task index of a log (see {@link snapshot}). */
  indexOf(task: Task): number {
    return this.#indexOf(task);
  }

  /**
   * A step of catching up from the ring: the frames (for `member`) of the
   * flushed items after `from`, up to about `bytesMax`, the items, and the
   * flush they reach. Null when the ring no longer holds the item after
   * `from`: the client catches up from the logs.
   */
  ringStep(
    member: FanOutMember,
    from: number,
    bytesMax: number,
  ): { text: string; items: FeedItem[]; to: number } | null {
    if (this.#flushed - from > this.#ring.length) return null;
    let text = "";
    const items: FeedItem[] = [];
    let s = from;
    while (s < this.#flushed && text.length < bytesMax) {
      const it = this.#ring[++s % this.#ring.length]!;
      items.push(it);
      if (member.keeps === null || member.keeps(it.task, it.record.env)) {
        text += this.#options.frameOf(it);
      }
    }
    return { text, items, to: s };
  }

  /** Whether `member` is fed here. */
  has(member: FanOutMember): boolean {
    return this.#members.has(member);
  }

  /**
   * Joins `member`, whose stream has every event up to the flush `flushed`
   * of a snapshot: what was flushed since is written to it now, from the
   * ring. Returns false (nothing done) when the ring no longer holds it, or
   * it is more than `bytesMax` (default: no bound): the client catches up
   * again from the logs.
   */
  join(member: FanOutMember, flushed: number, bytesMax = Infinity): boolean {
    if (this.#closed || member.sse.closed) return false;
    if (flushed < this.#flushed) {
      if (this.#flushed - flushed > this.#ring.length) return false;
      let text = "";
      for (let s = flushed + 1; s <= this.#flushed; s++) {
        const it = this.#ring[s % this.#ring.length]!;
        if (member.keeps === null || member.keeps(it.task, it.record.env)) {
          text += this.#options.frameOf(it);
          if (text.length > bytesMax) return false;
        }
      }
      if (text !== "") member.sse.write(text);
    }
    this.#members.add(member);
    return true;
  }

  /** Removes a member (the client went away). */
  leave(member: FanOutMember): void {
    this.#members.delete(member);
  }

  /**
   * Least time between two flushes now: `flushMs`, longer with many members
   * (up to {@link FLUSH_MS_MAX} from {@link MEMBERS_PER_FLUSH_MS} members a
   * millisecond on). Each flush is a write to every member's connection, and
   * the writes, not the bytes, are what a thousand connections cost (on both
   * ends): fewer, larger writes keep every client up with the stream.
   */
  #gapMs(): number {
    const byMembers = Math.min(FLUSH_MS_MAX, this.#members.size / MEMBERS_PER_FLUSH_MS);
    return Math.max(this.#flushMs, byMembers);
  }

  #schedule() {
    if (this.#timer !== null || this.#closed) return;
    const wait = this.#lastFlushAt + this.#gapMs() - performance.now();
    if (wait <= 0) this.#flush();
    else {
      this.#timer = setTimeout(() => {
        this.#timer = null;
        this.#flush();
      }, wait);
    }
  }

  #flush() {
    const entries = this.#pending;
    this.#pending = [];
    this.#lastFlushAt = performance.now();
    this.stats.flushes++;
    // Each log's offset after this flush.
    const ends = new Map<number, number>();
    for (const e of entries) {
      if (!("item" in e)) continue;
      const end = e.item.record.end;
      if (end === undefined) continue;
      const i = this.#indexOf(e.item.task);
      ends.set(i, Math.max(ends.get(i) ?? 0, end));
    }
    if (this.#members.size > 0 && entries.length > 0) {
      const bound = this.#options.memberBytesMax ?? 64 * 1024;
      let shared: Uint8Array | null = null;
      for (const m of [...this.#members]) {
        if (m.sse.closed) {
          this.#members.delete(m);
          continue;
        }
        if (m.sse.backlogBytes > bound) {
          // Not written to: its stream stands at the offsets before this flush.
          this.#members.delete(m);
          this.stats.left++;
          m.fellBehind(this.#offsets.slice(), this.#flushed);
          continue;
        }
        let out: Uint8Array;
        if (m.keeps === null) out = shared ??= encoder.encode(this.#text(entries, null));
        else out = encoder.encode(this.#text(entries, m.keeps));
        if (out.length > 0) m.sse.writeBytes(out);
      }
    }
    for (const [i, end] of ends) this.#offsets[i] = end;
    this.#flushed = this.#received;
  }

  #text(entries: readonly Entry[], keeps: MemberFilter): string {
    let text = "";
    for (const e of entries) {
      if ("item" in e) {
        if (keeps === null || keeps(e.item.task, e.item.record.env)) {
          text += this.#options.frameOf(e.item);
        }
      } else if (keeps === null || keeps(e.task, e.env)) text += e.frame;
    }
    return text;
  }

  /** Stops flushing; members are left to the caller. */
  close(): void {
    this.#closed = true;
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    this.#members.clear();
    this.#pending = [];
  }
}
