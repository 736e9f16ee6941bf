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
import { concatBytes } from "../codec/lines.ts";
import type { Envelope } from "../contract/envelope.ts";
import type { FeedItem } from "../follow/feed_item.ts";
import type { Task } from "../store/tasks.ts";
import type { SseStream } from "./sse.ts";

/** What a member's filter looks at of an event: its type and time. */
export interface FilteredFacts {
  at: string;
  event: { type: string };
}

/** Which events a member takes; null: every event. */
export type MemberFilter = ((task: { id: string }, env: FilteredFacts) => boolean) | null;

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
   * Logged items remembered for clients with filters that join after
   * catching up (their type, time and task, and their frame in the bytes of
   * their flush). Default 1024. (Clients without filters catch up from the encoded flushes of the
   * last {@link FLUSHED_ITEMS_MAX} items.)
   */
  ringItems?: number;
  /**
   * Bytes that may wait for one member at a flush before it leaves (they
   * are in its connection's queue; the kernel's socket buffer, a few MB on
   * loopback, is full by then). Clients that stall at different times each
   * hold different flushes, so this times the clients is the worst case of
   * what waits. Default 64 KiB.
   */
  memberBytesMax?: number;
  /** The frame of an item (the hub's shared cache). */
  frameOf: (it: FeedItem) => string;
  /**
   * Whether a client may still join (one is open, if not yet a member):
   * while none is, flushes only move the logs' offsets; nothing is encoded
   * nor kept for the ring. Default: always.
   */
  joinable?: () => boolean;
}

const encoder = new TextEncoder();

/** The frames of the entries `keeps` takes, cut from their flush's encoding. */
function kept(
  entries: readonly Entry[],
  flush: { bytes: Uint8Array; starts: number[] },
  keeps: NonNullable<MemberFilter>,
): Uint8Array {
  const parts: Uint8Array[] = [];
  let size = 0;
  for (let k = 0; k < entries.length; k++) {
    const e = entries[k];
    const ok = "item" in e ? keeps(e.item.task, e.item.record.env) : keeps(e.task, e.env);
    if (!ok) continue;
    parts.push(flush.bytes.subarray(flush.starts[k], flush.starts[k + 1]));
    size += flush.starts[k + 1] - flush.starts[k];
  }
  return size === 0 ? new Uint8Array(0) : concatBytes(parts, size);
}

/** Most bytes of the buffer the flushes are encoded in, kept between flushes. */
const SCRATCH_BYTES_MAX = 1 << 20;
let scratch = new Uint8Array(64 * 1024);

/**
 * A flushed logged item as the ring keeps it: what filters look at, and
 * where its frame is in the bytes of its flush. Neither the decoded event
 * nor its text is kept: an item lives in the ring for a second or so, and
 * a thousand events a second of those, kept, were most of what the server
 * promoted to V8's old generation (and so of its memory).
 */
interface RingItem extends FilteredFacts {
  /** Its number among the logged items (the ring's slot is this modulo its length). */
  seq: number;
  task: Task;
  /** The log's offset after the item. */
  end: number | undefined;
  /** The encoded frames of its flush, and its frame's range in them. */
  bytes: Uint8Array;
  from: number;
  to: number;
}

/** A flush as members without filters were sent it. */
interface Flushed {
  /** The number of logged items flushed once it was written. */
  to: number;
  /** Its frames, encoded once. */
  bytes: Uint8Array;
  /** Each log's offset after it, by task index: [index, offset] pairs. */
  ends: Array<[number, number]>;
}

/**
 * Items that may wait for a flush put off because most members had not
 * taken the last one yet (see {@link FanOut}): past it, the flush is written,
 * and the members still behind leave.
 */
const POSTPONED_ITEMS_MAX = 2048;

/**
 * Logged items whose flushes stay encoded, for members without filters that
 * fell behind (a few hundred bytes an item, outside the JavaScript heap).
 */
const FLUSHED_ITEMS_MAX = 4096;

/** A member whose connection took bytes this recently still moves (see {@link FanOut}), in ms. */
const MOVING_MS = 1000;

/**
 * A flush timer this late says the server's thread (or the machine) is held
 * up: connections that took nothing meanwhile are not to blame, in ms.
 */
const LATE_MS = 50;

/** Longest time between two flushes while busy, however many members, in ms. */
const FLUSH_MS_MAX = 35;
/** Members that add one millisecond to the time between two busy flushes. */
const MEMBERS_PER_FLUSH_MS = 20;

/** The fan-out. */
export class FanOut {
  #received = 0;
  #flushed = 0;
  readonly #ring: (RingItem | undefined)[];
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
  readonly stats = { flushes: 0, left: 0, postponed: 0 };
  /**
   * The shared bytes of each recent flush that had logged items, by the
   * number of items flushed before it: a member that fell behind with the
   * others catches up with the very bytes they were sent.
   */
  readonly #flushRing = new Map<number, Flushed>();
  /** What each member's connection had taken when last seen, and when that last moved (see {@link #mostBehind}). */
  readonly #taken = new WeakMap<FanOutMember, { bytes: number; at: number }>();
  /** How late the last timed flush ran, in ms: the server's own delay. */
  #lateMs = 0;

  constructor(options: FanOutOptions) {
    this.#options = options;
    this.#flushMs = options.flushMs ?? 10;
    this.#ring = new Array(options.ringItems ?? 1024);
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
    for (const it of items) this.#pending.push({ item: it });
    this.#received += items.length;
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

  /**
   * A step of catching up from the ring: the frames (for `member`) of the
   * flushed items after `from`, up to about `bytesMax` (a member without
   * filters gets whole flushes, the bytes every member was sent), each
   * log's offset after them (by task index), and the flush they reach. Null when the ring no longer holds the item after
   * `from`: the client catches up from the logs.
   */
  ringStep(
    member: FanOutMember,
    from: number,
    bytesMax: number,
  ): { parts: Uint8Array[]; size: number; ends: Map<number, number>; to: number } | null {
    const parts: Uint8Array[] = [];
    let size = 0;
    // The frames kept of the items since the last whole flush: ranges of their flushes' bytes.
    let picked: Uint8Array[] = [];
    let pickedSize = 0;
    const takePicked = () => {
      if (pickedSize > 0) parts.push(concatBytes(picked, pickedSize));
      size += pickedSize;
      picked = [];
      pickedSize = 0;
    };
    const ends = new Map<number, number>();
    const ring = this.#ring;
    let s = from;
    while (s < this.#flushed && size + pickedSize < bytesMax) {
      // A member without filters is sent the flushes it missed as they were encoded for all.
      const flushed = member.keeps === null ? this.#flushRing.get(s) : undefined;
      if (flushed !== undefined) {
        takePicked();
        size += flushed.bytes.length;
        parts.push(flushed.bytes);
        for (const [i, end] of flushed.ends) ends.set(i, Math.max(ends.get(i) ?? 0, end));
        s = flushed.to;
        continue;
      }
      // Gone from the ring (or never kept: no client was open): the client catches up from the logs.
      const it = ring[(s + 1) % ring.length];
      if (it === undefined || it.seq !== s + 1) return null;
      s++;
      if (it.end !== undefined) {
        const i = this.#indexOf(it.task);
        ends.set(i, Math.max(ends.get(i) ?? 0, it.end));
      }
      if (member.keeps === null || member.keeps(it.task, it)) {
        picked.push(it.bytes.subarray(it.from, it.to));
        pickedSize += it.to - it.from;
      }
    }
    takePicked();
    return { parts, size, ends, to: s };
  }

  /** Writes what {@link ringStep} gave, in order. */
  static write(member: FanOutMember, parts: readonly Uint8Array[]): void {
    for (const p of parts) member.sse.writeBytes(p);
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
      const step = this.ringStep(member, flushed, Infinity);
      if (step === null || step.size > bytesMax) return false;
      FanOut.write(member, step.parts);
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
    const now = performance.now();
    const wait = this.#lastFlushAt + this.#gapMs() - now;
    if (wait <= 0) {
      this.#lateMs = 0;
      this.#flush();
    } else this.#flushIn(wait, now);
  }

  /** Flushes `ms` after `now`, and notes how late the timer was (see {@link #mostBehind}). */
  #flushIn(ms: number, now: number) {
    const due = now + ms;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#lateMs = performance.now() - due;
      this.#flush();
    }, ms);
  }

  /**
   * Whether most members are behind while they still take bytes: what the
   * server handed their connections is still waiting, and yet their
   * connections move. So the server or the machine is behind, not these
   * clients: the next flush waits and grows, rather than queue more behind
   * what waits. A member that took nothing for {@link MOVING_MS} is stalled
   * on its own (a client that does not read) and does not count.
   */
  #mostBehind(now: number): boolean {
    let behind = 0, open = 0;
    for (const m of this.#members) {
      if (m.sse.closed) continue;
      open++;
      const taken = m.sse.takenBytes;
      let seen = this.#taken.get(m);
      // Seen for the first time: it moves once it takes something.
      if (seen === undefined) this.#taken.set(m, seen = { bytes: taken, at: -Infinity });
      else if (taken !== seen.bytes) {
        seen.bytes = taken;
        seen.at = now;
      }
      // A server held up (its timer late) has not written: no connection is to blame.
      const moving = now - seen.at < MOVING_MS || this.#lateMs >= LATE_MS;
      if (m.sse.backlogBytes > 0 && moving) behind++;
    }
    return behind * 2 > open;
  }

  #flush() {
    const now = performance.now();
    if (this.#pending.length <= POSTPONED_ITEMS_MAX && this.#mostBehind(now)) {
      this.stats.postponed++;
      this.#lastFlushAt = now;
      this.#flushIn(this.#gapMs(), now);
      return;
    }
    const entries = this.#pending;
    this.#pending = [];
    this.#lastFlushAt = now;
    this.stats.flushes++;
    // Each log's offset after this flush.
    const ends = new Map<number, number>();
    let logged = 0;
    for (const e of entries) {
      if (!("item" in e)) continue;
      logged++;
      const end = e.item.record.end;
      if (end === undefined) continue;
      const i = this.#indexOf(e.item.task);
      ends.set(i, Math.max(ends.get(i) ?? 0, end));
    }
    // The frames of every entry, encoded once: what members without filters are sent, what
    // members with filters are cut from, and (logged items only) what the ring keeps of them.
    const wanted = this.#members.size > 0 || (this.#options.joinable?.() ?? true);
    const shared = entries.length > 0 && wanted ? this.#encode(entries) : null;
    if (this.#members.size > 0 && shared !== null) {
      const bound = this.#options.memberBytesMax ?? 64 * 1024;
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
        const out = m.keeps === null ? shared.bytes : kept(entries, shared, m.keeps);
        if (out.length > 0) m.sse.writeBytes(out);
      }
    }
    for (const [i, end] of ends) this.#offsets[i] = end;
    if (shared !== null && logged > 0) {
      const { bytes, starts } = shared;
      let seq = this.#flushed;
      for (let k = 0; k < entries.length; k++) {
        const e = entries[k];
        if (!("item" in e)) continue;
        const { task, record } = e.item;
        this.#ring[++seq % this.#ring.length] = {
          seq,
          task,
          at: record.env.at,
          event: { type: record.env.event.type },
          end: record.end,
          bytes,
          from: starts[k],
          to: starts[k + 1],
        };
      }
      this.#flushRing.set(this.#flushed, { to: this.#received, bytes, ends: [...ends] });
      for (const from of this.#flushRing.keys()) {
        if (this.#received - from <= FLUSHED_ITEMS_MAX) break;
        this.#flushRing.delete(from);
      }
    }
    this.#flushed = this.#received;
  }

  /**
   * The frames of `entries` encoded in one byte array, and where each
   * entry's frame starts in it (`starts[k]` to `starts[k + 1]`).
   */
  #encode(entries: readonly Entry[]): { bytes: Uint8Array; starts: number[] } {
    const frames = entries.map((e) => "item" in e ? this.#options.frameOf(e.item) : e.frame);
    let chars = 0;
    for (const f of frames) chars += f.length;
    // UTF-8 takes at most 3 bytes for a UTF-16 unit.
    const room = chars * 3;
    const buf = room <= SCRATCH_BYTES_MAX
      ? (scratch.length >= room ? scratch : (scratch = new Uint8Array(room)))
      : new Uint8Array(room);
    const starts = new Array<number>(frames.length + 1);
    let at = 0;
    for (let k = 0; k < frames.length; k++) {
      starts[k] = at;
      at += encoder.encodeInto(frames[k], buf.subarray(at)).written;
    }
    starts[frames.length] = at;
    return { bytes: buf.slice(0, at), starts };
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
