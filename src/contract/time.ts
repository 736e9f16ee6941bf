/**
 * Timestamps of the contract: RFC 3339 text read as exact nanoseconds since
 * the epoch, and the writer's clock that never goes backwards.
 *
 * @module
 */

const RFC3339 =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?([Zz]|[+-]\d{2}:\d{2})$/;

/**
 * Reads an RFC 3339 timestamp as nanoseconds since the epoch, exactly (any
 * offset, up to nine fractional digits). Returns null when `at` is not one.
 *
 * @example
 * ```ts
 * parseTimeNs("1970-01-01T00:00:01.5Z"); // 1_500_000_000n
 * ```
 */
export function parseTimeNs(at: string): bigint | null {
  // Events come many to a second: the second and zone of the last call,
  // read once, serve the next ones (only the fraction is read again).
  const fracAt = at.length > 20 && at.charCodeAt(19) === 46 ? 20 : -1;
  if (fracAt > 0 && at.startsWith(lastSecond) && lastSecond !== "") {
    let end = fracAt;
    let frac = 0;
    for (
      let c = at.charCodeAt(end);
      c >= 48 && c <= 57 && end < fracAt + 9;
      c = at.charCodeAt(++end)
    ) {
      frac = frac * 10 + c - 48;
    }
    if (end > fracAt && at.slice(end) === lastZone) {
      return lastBaseNs + BigInt(frac * 10 ** (9 - (end - fracAt)));
    }
  }
  const ns = parseTimeNsUncached(at);
  if (ns !== null && fracAt > 0) {
    const m = /^\.\d{1,9}/.exec(at.slice(19));
    if (m) {
      lastSecond = at.slice(0, 19);
      lastZone = at.slice(19 + m[0].length);
      lastBaseNs = ns - BigInt(Number(m[0].slice(1).padEnd(9, "0")));
    }
  }
  return ns;
}

let lastSecond = "";
let lastZone = "";
let lastBaseNs = 0n;

/**
 * {@link parseTimeNs} without the memory of the last second read (for tests).
 *
 * @example
 * ```ts
 * parseTimeNsUncached("1970-01-01T00:00:01.5Z"); // 1_500_000_000n
 * ```
 */
export function parseTimeNsUncached(at: string): bigint | null {
  const m = RFC3339.exec(at);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  const month = Number(mo), day = Number(d), hour = Number(h), minute = Number(mi);
  const second = Number(s);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) {
    return null;
  }
  const ms = Date.UTC(Number(y), month - 1, day, hour, minute, second);
  if (!Number.isFinite(ms)) return null;
  // Date.UTC rolls 30 February over to March: such a date is not a date.
  if (new Date(Date.UTC(Number(y), month - 1, day)).getUTCDate() !== day) return null;
  let ns = BigInt(ms) * 1_000_000n;
  if (frac) ns += BigInt(frac.padEnd(9, "0"));
  if (zone !== "Z" && zone !== "z") {
    const sign = zone[0] === "-" ? -1n : 1n;
    const offMin = BigInt(Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));
    ns -= sign * offMin * 60_000_000_000n;
  }
  return ns;
}

/** Formats nanoseconds since the epoch as UTC RFC 3339 with microseconds. */
export function formatTimeNs(ns: bigint): string {
  const ms = ns / 1_000_000n;
  const iso = new Date(Number(ms)).toISOString(); // 2026-01-02T03:04:05.678Z
  const micros = (((ns % 1_000_000_000n) + 1_000_000_000n) % 1_000_000_000n) / 1000n;
  return `${iso.slice(0, 19)}.${micros.toString().padStart(6, "0")}Z`;
}

/**
 * A clock for stamping events: UTC with microseconds, strictly increasing
 * within the process even when the system clock steps back.
 */
export class MonotonicClock {
  /** Microseconds since the epoch of the last stamp (a safe integer until the year 2255). */
  #lastUs = 0;
  /** The second of the last stamp, and its text up to the fraction (one Date a second). */
  #second = NaN;
  #prefix = "";

  #nextUs(sameMoment = false): number {
    if (sameMoment && this.#lastUs > 0) return ++this.#lastUs;
    const wall = Math.round((performance.timeOrigin + performance.now()) * 1000);
    const us = wall > this.#lastUs ? wall : this.#lastUs + 1;
    this.#lastUs = us;
    return us;
  }

  /** The next timestamp, in nanoseconds since the epoch. */
  nowNs(): bigint {
    return BigInt(this.#nextUs()) * 1000n;
  }

  /**
   * The next timestamp as RFC 3339 text (as {@link formatTimeNs} writes it).
   * `sameMoment`: the event is written together with the one stamped just
   * before (one write of a batch): its stamp is that one's plus a
   * microsecond, without reading the system clock again.
   */
  now(sameMoment = false): string {
    const us = this.#nextUs(sameMoment);
    const second = Math.floor(us / 1_000_000);
    if (second !== this.#second) {
      this.#second = second;
      this.#prefix = new Date(second * 1000).toISOString().slice(0, 19) + ".";
    }
    return `${this.#prefix}${String(us - second * 1_000_000).padStart(6, "0")}Z`;
  }
}

/** The clock every recorder of this process shares. */
export const processClock: MonotonicClock = new MonotonicClock();
