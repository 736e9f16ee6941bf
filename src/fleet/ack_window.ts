/**
 * The acknowledgements of what `ship` publishes: a window of messages
 * published and not yet acknowledged, bounded by its owner.
 *
 * @module
 */
import type { Msg, MsgHdrs } from "@nats-io/transport-node";
import { Wakeup } from "../follow/wakeup.ts";
import type { NatsConnection } from "./nats.ts";
import type { ShippedTask } from "./shipped_task.ts";
import { ERR_WRONG_LAST_SEQ } from "./wire.ts";

/** A message published and not yet acknowledged. */
export interface Pending {
  /** When it was published (ms). */
  sent: number;
  bytes: number;
  subject: string;
  /** For the lines of a log: the task, and the bytes of its log the message holds. */
  ev?: { f: ShippedTask; start: number; end: number };
  /** Told the stream sequence it was stored at, or null (refused, lost, session ended). */
  done?: (seq: number | null) => void;
}

/**
 * Acknowledgements of pipelined publishes, on one reply subject: a stream
 * answers the publishes of one connection in the order it received them, so
 * the n-th answer is that of the n-th publish (one subject, not one a
 * message: the server matches it from its cache, and no id is parsed). An
 * answer that is not a stored (or duplicate) acknowledgement, wherever it
 * comes from, is a failure, and a missing one a timeout: either makes every
 * task start again from what the stream holds. A publish can be awaited
 * ({@link send}): it resolves to the stream sequence the message is stored
 * at, the next expectation of its subject.
 */
export class AckWindow {
  readonly #nc: NatsConnection;
  readonly #inbox: string;
  #seq = 0;
  #acked = 0;
  /** Each unacknowledged message, by id (ids increase). */
  readonly #pending = new Map<number, Pending>();
  #pendingBytes = 0;
  readonly #room = new Wakeup();
  #failure: string | null = null;
  readonly #sub: { unsubscribe(): void };
  readonly #dec = new TextDecoder();

  constructor(nc: NatsConnection) {
    this.#nc = nc;
    this.#inbox = `_INBOX.taskline.${crypto.randomUUID().replaceAll("-", "")}`;
    this.#sub = nc.subscribe(this.#inbox, { callback: (_e, m) => this.#onAck(m) });
  }

  get pending(): number {
    return this.#pending.size;
  }

  /** Bytes of data published and not yet acknowledged. */
  get pendingBytes(): number {
    return this.#pendingBytes;
  }

  /** Why the session ends; null while it goes on. */
  get failure(): string | null {
    return this.#failure;
  }

  /** Ends the session (the first reason is kept): every awaited publish resolves to null. */
  fail(why: string): void {
    this.#failure ??= why;
    for (const p of this.#pending.values()) {
      const done = p.done;
      p.done = undefined;
      done?.(null);
    }
    this.#room.wake();
  }

  /** Publishes; `ev` names the lines of a log that the message holds. */
  publish(
    subject: string,
    data: Uint8Array,
    h: MsgHdrs,
    ev?: Pending["ev"],
    done?: Pending["done"],
  ): void {
    const id = this.#seq++;
    this.#pending.set(id, { sent: Date.now(), bytes: data.length, subject, ev, done });
    this.#pendingBytes += data.length;
    this.#nc.publish(subject, data, { reply: this.#inbox, headers: h });
  }

  /**
   * Publishes and waits for the acknowledgement: the stream sequence the
   * message is stored at (of the first copy, for a duplicate); null when it
   * was refused or the session ended.
   */
  send(subject: string, data: Uint8Array, h: MsgHdrs, ev?: Pending["ev"]): Promise<number | null> {
    if (this.#failure !== null) return Promise.resolve(null);
    return new Promise((resolve) => this.publish(subject, data, h, ev, resolve));
  }

  /** The log lines of every message not acknowledged, in the order published. */
  unacknowledged(): NonNullable<Pending["ev"]>[] {
    const out: NonNullable<Pending["ev"]>[] = [];
    for (const p of this.#pending.values()) if (p.ev) out.push(p.ev);
    return out;
  }

  #onAck(m: Msg) {
    const id = this.#acked++;
    const p = this.#pending.get(id);
    if (p === undefined) return;
    this.#pending.delete(id);
    this.#pendingBytes -= p.bytes;
    const d = m.data;
    // {"stream":"...","seq":N[,"duplicate":true]}: stored (or already there).
    const ok = d.length > 10 && d[0] === 123 && d[2] === 115 && d[3] === 116;
    if (ok) {
      if (p.done) {
        let seq: unknown = null;
        try {
          seq = JSON.parse(this.#dec.decode(d)).seq;
        } catch { /* not an acknowledgement after all */ }
        const done = p.done;
        p.done = undefined;
        if (typeof seq === "number" && seq > 0) done(seq);
        else {
          done(null);
          this.fail(`an acknowledgement without a sequence (${this.#dec.decode(d).slice(0, 200)})`);
        }
      }
    } else {
      const text = this.#dec.decode(d).slice(0, 200);
      const status = m.headers?.code ? `status ${m.headers.code}` : "";
      p.done?.(null);
      p.done = undefined;
      this.fail(
        text.includes(`"err_code":${ERR_WRONG_LAST_SEQ}`)
          ? `${p.subject} holds a message stored by another writer, a ship killed before? (${text})`
          : `a publish was refused (${text || status || "empty answer"})`,
      );
    }
    this.#room.wake();
  }

  /**
   * Waits until fewer than `max` messages and `maxBytes` bytes are
   * unacknowledged (or a failure).
   */
  async waitRoom(
    max: number,
    maxBytes: number,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<void> {
    while (
      (this.#pending.size >= max || this.#pendingBytes >= maxBytes) && this.#failure === null
    ) {
      this.checkTimeout(timeoutMs);
      await this.#room.wait(100, signal);
    }
  }

  /** Waits until every message is acknowledged, a failure, or a timeout. */
  async settle(timeoutMs: number, signal?: AbortSignal): Promise<void> {
    while (this.#pending.size > 0 && this.#failure === null) {
      this.checkTimeout(timeoutMs);
      await this.#room.wait(100, signal);
    }
  }

  /** Makes an acknowledgement older than `timeoutMs` a failure. */
  checkTimeout(timeoutMs: number): void {
    const oldest = this.#pending.values().next().value?.sent;
    if (oldest !== undefined && Date.now() - oldest > timeoutMs && this.#failure === null) {
      this.fail(`no acknowledgement in ${timeoutMs} ms`);
    }
  }

  close(): void {
    this.fail("the session ended");
    this.#sub.unsubscribe();
  }
}
