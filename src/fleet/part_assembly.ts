/**
 * The parts of a line or an output larger than a message, collected until
 * the last arrives (`mirror`), in bounded memory.
 *
 * @module
 */
import type { JsMsg } from "@nats-io/jetstream";
import { concatBytes } from "../codec/lines.ts";
import type { MirrorStats } from "./mirror.ts";
import type { Reports } from "./reports.ts";

/** The parts of one line or output collected so far. */
interface Parts {
  /** The line or output they are parts of. */
  key: string;
  firstSeq: number;
  n: number;
  parts: Uint8Array[];
  got: number;
  /** Bytes of the parts held. */
  bytes: number;
  /** What it is, for a report: the subject of its first part. */
  subject: string;
}

/**
 * Most bytes of parts held while their line or output is incomplete, all
 * assemblies together. `ship` sends the parts of one line or output one
 * after the other, so one assembly a log or output is ever in flight; a
 * stream that holds parts which never complete (a hostile or broken
 * publisher) is dropped from the oldest on past this, with a report.
 */
export const PARTS_BYTES_MAX = 256 * 1024 * 1024;

/**
 * The assemblies of parts, one a slot (a log or an output).
 *
 * @example
 * ```ts
 * const whole = parts.take(msg, { slot: `ev:${dir}`, key: `ev:${dir}:${offset}`, part });
 * if (whole) write(whole);
 * ```
 */
export class PartAssembly {
  /** Per log or output (its slot), the one assembly held there. */
  readonly #parts = new Map<string, Parts>();
  #partsBytes = 0;
  readonly #stats: MirrorStats;
  readonly #reports: Reports;

  /** `stats`: counts what is dropped as unusable; `reports`: tells of it. */
  constructor(stats: MirrorStats, reports: Reports) {
    this.#stats = stats;
    this.#reports = reports;
  }

  /** Lets every assembly go, silently (a stream read again from its start). */
  clear(): void {
    this.#parts.clear();
    this.#partsBytes = 0;
  }

  /** The last stream sequence before the first part of every assembly held, at most `seq`. */
  doneSeq(seq: number): number {
    for (const p of this.#parts.values()) seq = Math.min(seq, p.firstSeq - 1);
    return seq;
  }

  /**
   * Collects the part `m`; the whole when the last arrives, else null. `slot` is
   * the log or output they belong to, `key` the line or output itself: ship
   * sends the parts of one after the other, so a slot holds one assembly,
   * and a message of another key there means the one held will never
   * complete (its `ship` died): it is let go.
   */
  take(
    m: JsMsg,
    o: { slot: string; key: string; part: { i: number; n: number } },
  ): Uint8Array | null {
    const { slot, key, part } = o;
    let p = this.#parts.get(slot);
    if (p && p.key !== key) {
      this.drop(slot, "another one came after it");
      p = undefined;
    }
    if (part.n === 1) return m.data;
    if (part.i === 0 || !p || p.n !== part.n) {
      // A first part starts over (a line sent again after a crash of ship); a
      // later part with no first before it can never complete.
      if (p) this.drop(slot, null);
      if (part.i !== 0) return null;
      p = { key, firstSeq: m.seq, n: part.n, parts: [], got: 0, bytes: 0, subject: m.subject };
      this.#parts.set(slot, p);
    }
    const old = p.parts[part.i];
    if (old === undefined) p.got++;
    else {
      p.bytes -= old.length;
      this.#partsBytes -= old.length;
    }
    p.parts[part.i] = m.data;
    p.bytes += m.data.length;
    this.#partsBytes += m.data.length;
    // Never more than PARTS_BYTES_MAX held: the oldest incomplete assemblies go first.
    for (const [s] of this.#parts) {
      if (this.#partsBytes <= PARTS_BYTES_MAX || s === slot) break;
      this.drop(s, `more than ${PARTS_BYTES_MAX / 1024 / 1024} MiB of parts were held`);
    }
    if (p.got < p.n) return null;
    this.drop(slot, null);
    return concatBytes(p.parts, p.bytes);
  }

  /** Lets a slot's assembly go (its parts' bytes freed); `why` reports it as dropped. */
  drop(slot: string, why: string | null): void {
    const p = this.#parts.get(slot);
    if (!p) return;
    this.#parts.delete(slot);
    this.#partsBytes -= p.bytes;
    if (why !== null) {
      this.#stats.unusable++;
      this.#reports.say(
        `parts:${p.subject}`,
        `parts of a message of ${p.subject} (from stream sequence ${p.firstSeq}) that never completed were dropped: ${why}`,
      );
    }
  }
}
