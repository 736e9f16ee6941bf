/**
 * The fan-out of the project stream: clients without filters that have
 * caught up stop reading their own follower subscription and are fed by the
 * hub instead, which encodes each batch of frames once and hands the same
 * bytes to every member, at most once per `flushMs`. With a thousand clients
 * this is a thousand `enqueue` calls per flush, not a thousand subscriptions
 * each waking, framing and encoding every event.
 *
 * Exactness of the switch: the follower publishes the same `FeedItem`
 * objects, in one order, to every subscriber. The hub numbers the items it
 * receives; a client whose own subscription has delivered up to item k (found
 * by identity) joins at k: it is sent what the hub has flushed after k, then
 * every later flush. Nothing is lost or repeated. A member whose connection
 * falls behind leaves, and catches up from disk after the last cursor it was
 * sent.
 *
 * @module
 */
import { compareCursor, type Cursor } from "../contract/cursor.ts";
import type { FeedItem } from "../follow/feed.ts";
import type { SseStream } from "./sse.ts";

/** A client fed by the fan-out. */
export interface FanOutMember {
  readonly sse: SseStream;
  /** The highest cursor sent to the client; the fan-out raises it as it sends. */
  last: Cursor | null;
  /** Called when the client fell behind and was removed: it catches up from disk. */
  left(): void;
}

/** An entry of a flush: a logged event, or the frame of an ephemeral one. */
type Entry = { item: FeedItem; seq: number } | { frame: string };

/** Options of {@link FanOut}. */
export interface FanOutOptions {
  /** Most time between an event's arrival and its flush, in ms. Default 10. */
  flushMs?: number;
  /**
   * Items remembered for clients that join (by identity). A joining
   * client's own subscription is fed the same items at the same time, so it
   * is a batch or two behind at most; one further behind tries again after
   * its next batch. Each item held keeps its event and frame alive (a few
   * KB: 20,000 of them were 50 MB of a server's memory). Default 2048.
   */
  ringItems?: number;
  /**
   * Bytes that may wait for one member. The bytes of a flush are one array
   * shared by every member: what waits costs memory once, not per member.
   * Default 4 MiB.
   */
  memberBytesMax?: number;
  /** Frames of an item (shared cache of the hub). */
  frameOf: (it: FeedItem) => string;
}

const encoder = new TextEncoder();

/** The fan-out. */
export class FanOut {
  #received = 0;
  #flushed = 0;
  readonly #seqOf = new Map<FeedItem, number>();
  readonly #ring: (FeedItem | undefined)[];
  #pending: Entry[] = [];
  /** Members, with the seq after which they start (set until their first flush). */
  readonly #members = new Map<FanOutMember, number | null>();
  #timer: ReturnType<typeof setTimeout> | null = null;
  #closed = false;
  readonly #options: FanOutOptions;

  constructor(options: FanOutOptions) {
    this.#options = options;
    this.#ring = new Array(options.ringItems ?? 2048);
  }

  get memberCount(): number {
    return this.#members.size;
  }

  /** Logged items, in the order the follower published them. */
  addItems(items: readonly FeedItem[]): void {
    const ring = this.#ring;
    for (const it of items) {
      const seq = ++this.#received;
      const slot = seq % ring.length;
      const old = ring[slot];
      if (old !== undefined) this.#seqOf.delete(old);
      ring[slot] = it;
      this.#seqOf.set(it, seq);
      this.#pending.push({ item: it, seq });
    }
    this.#schedule();
  }

  /** The frame of an ephemeral event, for members (others get it from the hub directly). */
  addEphemeral(frame: string): void {
    if (this.#members.size === 0) return;
    this.#pending.push({ frame });
    this.#schedule();
  }

  /** Whether `member` is fed here. */
  has(member: FanOutMember): boolean {
    return this.#members.has(member);
  }

  /**
   * Joins `member`, whose own subscription delivered up to `lastItem`.
   * Returns false (nothing done) when that item is not known here (yet, or
   * any more): the client goes on with its own subscription.
   */
  join(member: FanOutMember, lastItem: FeedItem): boolean {
    if (this.#closed) return false;
    const k = this.#seqOf.get(lastItem);
    if (k === undefined) return false;
    if (k < this.#flushed) {
      // Flushed already, after k: send it now from the ring.
      const from = Math.max(k + 1, this.#received - this.#ring.length + 1);
      if (from !== k + 1) return false;
      let text = "";
      let high: Cursor | null = null;
      for (let s = k + 1; s <= this.#flushed; s++) {
        const it = this.#ring[s % this.#ring.length]!;
        text += this.#options.frameOf(it);
        if (high === null || compareCursor(it.cursor, high) > 0) high = it.cursor;
      }
      if (!member.sse.push(text)) return false;
      if (high !== null) raise(member, high);
      this.#members.set(member, null);
    } else {
      // Not flushed yet: the next flush starts after k for this member.
      this.#members.set(member, k);
    }
    return true;
  }

  /** Removes a member (the client went away). */
  leave(member: FanOutMember): void {
    this.#members.delete(member);
  }

  #schedule() {
    if (this.#timer !== null || this.#closed) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#flush();
    }, this.#options.flushMs ?? 10);
  }

  #flush() {
    const entries = this.#pending;
    this.#pending = [];
    const upTo = this.#received;
    this.#flushed = upTo;
    if (entries.length === 0 || this.#members.size === 0) return;
    // (Without members the entries are dropped: a client that joins later
    // is sent what it lacks from the ring.)
    let text = "";
    let max: Cursor | null = null;
    for (const e of entries) {
      if ("frame" in e) text += e.frame;
      else {
        text += this.#options.frameOf(e.item);
        if (max === null || compareCursor(e.item.cursor, max) > 0) max = e.item.cursor;
      }
    }
    const bytes = encoder.encode(text);
    const bound = this.#options.memberBytesMax ?? 4 * 1024 * 1024;
    for (const [m, after] of this.#members) {
      let out: Uint8Array = bytes;
      let high = max;
      if (after !== null) {
        // The first flush of a member that joined ahead of the fan-out.
        let t = "";
        high = null;
        for (const e of entries) {
          if ("frame" in e) t += e.frame;
          else if (e.seq > after) {
            t += this.#options.frameOf(e.item);
            if (high === null || compareCursor(e.item.cursor, high) > 0) high = e.item.cursor;
          }
        }
        out = encoder.encode(t);
        this.#members.set(m, null);
      }
      if (m.sse.closed) {
        this.#members.delete(m);
        continue;
      }
      if (m.sse.backlogBytes + out.length > bound) {
        this.#members.delete(m);
        m.left();
        continue;
      }
      if (out.length > 0) m.sse.writeBytes(out);
      if (high !== null) raise(m, high);
    }
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

function raise(m: FanOutMember, c: Cursor) {
  if (m.last === null || compareCursor(c, m.last) > 0) m.last = c;
}
