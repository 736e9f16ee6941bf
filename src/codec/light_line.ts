/**
 * Reading a log line in place, as bytes: whether it is its own read form
 * (valid JSON written as `JSON.stringify` writes it, well-formed UTF-8, the
 * envelope's keys `schema`, `seq`, `at`, `event` in that order, no 0.5
 * default missing), and if so its schema, seq, `at`, event type, run and
 * `success`, read from the bytes without building the line's string or
 * objects. Such a line is printed by `--json` as its own bytes; any other
 * line is decoded in full (`JSON.parse`), which is what gives the same
 * answer for it.
 *
 * The bytes live in the check's memory (see json_check.ts): a reader reads
 * its file there and hands {@link LightLines.read} memory offsets.
 *
 * @module
 */
import { DEFAULTS_0_5 } from "../contract/fields.ts";
import { JsonChecker } from "./json_check.ts";

const strict = new TextDecoder("utf-8", { fatal: true });

/** What the envelope of a line in its own read form starts with. */
const SCHEMA_KEY = bytesOf('{"schema":');
const SEQ_KEY = bytesOf(',"seq":');
const AT_KEY = bytesOf(',"at":"');
const EVENT_KEY = bytesOf(',"event":{');

function bytesOf(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/** The light event of a line read in place: what the follow rules and the filters look at. */
export interface LightEvent {
  type: string;
  run?: string;
  success?: boolean;
}

/** 10 ** (9 - digits): a fraction of `digits` digits as nanoseconds. */
const NANOS_SCALE = [1e9, 1e8, 1e7, 1e6, 1e5, 1e4, 1e3, 100, 10, 1];

/** One known string (an event type, a run id) and its bytes. */
interface Interned {
  bytes: Uint8Array;
  text: string;
  /** Names of the fields 0.5 added to the type, as bytes (for types). */
  added: Uint8Array[];
  /** Light events of this type by run (shared by the lines that have them; frozen). */
  events: Map<string | null, LightEvent>;
}

const ADDED_0_5 = new Map(
  [...DEFAULTS_0_5].map(([type, fields]) => [type, fields.map(([name]) => bytesOf(name))]),
);

/** Distinct strings kept by one table, at most (then it starts over). */
const INTERNED_MAX = 4096;

/** Strings by their bytes: a line's type and run are usually ones seen before. */
export class InternTable {
  readonly #byHash = new Map<number, Interned[]>();
  #count = 0;

  /** The entry of bytes [s, e) of `mem`: found, or made and kept. */
  get(mem: Uint8Array, s: number, e: number): Interned {
    const len = e - s;
    // FNV-1a of the bytes.
    let h = 0x811c9dc5 ^ len;
    for (let i = s; i < e; i++) h = Math.imul(h ^ mem[i], 16777619);
    let list = this.#byHash.get(h);
    if (list !== undefined) {
      outer: for (const it of list) {
        const b = it.bytes;
        if (b.length !== len) continue;
        for (let i = 0; i < len; i++) if (b[i] !== mem[s + i]) continue outer;
        return it;
      }
    }
    const text = strict.decode(mem.subarray(s, e));
    const it: Interned = {
      bytes: mem.slice(s, e),
      text,
      added: ADDED_0_5.get(text) ?? [],
      events: new Map(),
    };
    if (this.#count >= INTERNED_MAX) {
      this.#byHash.clear();
      this.#count = 0;
      list = undefined;
    }
    if (list === undefined) this.#byHash.set(h, list = []);
    list.push(it);
    this.#count++;
    return it;
  }
}

/**
 * Reads lines in place. One instance per reader (it owns a check and its
 * memory).
 *
 * @example
 * ```ts
 * const light = new LightLines();
 * const n = new TextEncoder().encodeInto(line, light.checker.room).written;
 * const at = light.checker.room.byteOffset;
 * if (light.read(at, at + n)) console.log(light.seq, light.type, light.at());
 * ```
 */
export class LightLines {
  readonly checker: JsonChecker = new JsonChecker();
  /** Of the last line {@link read} said yes to: */
  schema = 0;
  seq = 0;
  /** Memory offsets of `at`'s characters. */
  atStart = 0;
  atEnd = 0;
  type = "";
  #type: Interned | null = null;
  run: string | null = null;
  /** The event's `success`, when it is a boolean (as a full decode's light envelope has it). */
  success: boolean | undefined = undefined;
  /** Of the last {@link time} that said yes: `at` as seconds since the epoch and nanoseconds. */
  sec = 0;
  nanos = 0;
  readonly #time = new TimeReader();
  readonly #types = new InternTable();
  readonly #runs = new InternTable();
  /** The check's `same` of the last check, and the type and run strings the check keeps. */
  #same = 0;
  #keptType: Interned | null = null;
  #keptRun: string | null = null;

  /**
   * After a check that said yes: the strings of the "type" and "run" values
   * the check now keeps (it compares the next line's with them), when they
   * changed.
   */
  #keep(c: JsonChecker) {
    const same = this.#same = c.same;
    const m = c.memory;
    if ((same & 3) === 2) {
      const tv = c.typeValueAt;
      this.#keptType = this.#types.get(m, tv + 1, stringEnd(m, tv + 1));
    }
    if ((same >> 2) === 2) {
      const rv = c.runValueAt;
      this.#keptRun = this.#runs.get(m, rv + 1, stringEnd(m, rv + 1)).text;
    }
  }

  /**
   * Whether the line at memory offsets [s, e) is its own read form with a
   * seq; its facts are then in this object's fields.
   */
  read(s: number, e: number): boolean {
    const c = this.checker;
    const keys = c.check(s, e);
    if (keys < 0) return false;
    this.#keep(c);
    if (c.outerKeys !== 4) return false;
    const m = c.memory;
    if (!startsWith(m, s, SCHEMA_KEY)) return false;
    let i = s + SCHEMA_KEY.length;
    // Integers of at most 15 digits (the check said so): exact as numbers.
    let schema = 0;
    const schemaAt = i;
    for (let d = m[i]; d >= 48 && d <= 57; d = m[++i]) schema = schema * 10 + d - 48;
    if (i === schemaAt || schema < 1 || !startsWith(m, i, SEQ_KEY)) return false;
    i += SEQ_KEY.length;
    const seqAt = i;
    let seq = 0;
    for (let d = m[i]; d >= 48 && d <= 57; d = m[++i]) seq = seq * 10 + d - 48;
    if (i === seqAt || !startsWith(m, i, AT_KEY)) return false;
    i += AT_KEY.length;
    const atStart = i;
    while (m[i] !== 34) {
      if (m[i] === 92) return false; // an escape: its text is not its value
      i++;
    }
    if (!startsWith(m, i + 1, EVENT_KEY)) return false;
    // The event's type and run, where the check found them: most lines
    // have those of the line before (see JsonChecker.same).
    const tv = c.typeValueAt;
    if (tv === 0 || m[tv] !== 34) return false;
    const same = this.#same;
    let type: Interned;
    if ((same & 3) === 1 && this.#keptType !== null) type = this.#keptType;
    else {
      const typeEnd = stringEnd(m, tv + 1);
      if (typeEnd < 0 || typeEnd === tv + 1) return false;
      type = this.#types.get(m, tv + 1, typeEnd);
    }
    if (type.text === "") return false;
    let run: string | null = null;
    const rv = c.runValueAt;
    if (rv !== 0 && m[rv] === 34) {
      if ((same >> 2) === 1 && this.#keptRun !== null) run = this.#keptRun;
      else {
        const runEnd = stringEnd(m, rv + 1);
        if (runEnd < 0) return false;
        run = this.#runs.get(m, rv + 1, runEnd).text;
      }
    }
    // `success` of any type (run_finished, phase_finished, an unknown one).
    let success: boolean | undefined = undefined;
    const sv = valueAt(c, m, keys, SUCCESS_KEY);
    if (sv >= 0 && m[sv] === 116) success = true;
    else if (sv >= 0 && m[sv] === 102) success = false;
    // An event of 0.4 gets the 0.5 defaults: decoded in full.
    if (schema <= 2) {
      for (const name of type.added) if (valueAt(c, m, keys, name) < 0) return false;
    }
    this.schema = schema;
    this.seq = seq;
    this.atStart = atStart;
    this.atEnd = i;
    this.type = type.text;
    this.#type = type;
    this.run = run;
    this.success = success;
    return true;
  }

  /**
   * `at` of the last line read as a time, in {@link sec} and {@link nanos}:
   * true when it is `YYYY-MM-DDTHH:MM:SS[.fraction]Z` and a real date, null
   * when it is written otherwise (read it as text), false when it is no
   * time. The same answer as parseTimeNs.
   */
  time(): boolean | null {
    const t = this.#time;
    const yes = t.read(this.checker.memory, this.atStart, this.atEnd);
    if (yes === true) {
      this.sec = t.sec;
      this.nanos = t.nanos;
    }
    return yes;
  }

  /** `at` of the last line read, as text. */
  at(): string {
    return textOf(this.checker.memory, this.atStart, this.atEnd);
  }

  /** The light event of the last line read (see {@link lightEventOf}). */
  event(): LightEvent {
    return lightEventOf(this.#type!, this.run, this.success);
  }
}

/**
 * The light event of a line of type `type` (an entry of an
 * {@link InternTable}): without `success`, frozen and shared by the lines of
 * one type and run; with it, a new one.
 */
export function lightEventOf(
  type: Interned,
  run: string | null,
  success: boolean | undefined,
): LightEvent {
  if (success === undefined) {
    const events = type.events;
    let ev = events.get(run);
    if (ev === undefined) {
      ev = run === null ? { type: type.text } : { type: type.text, run };
      Object.freeze(ev);
      if (events.size < INTERNED_MAX) events.set(run, ev);
    }
    return ev;
  }
  const ev: LightEvent = { type: type.text };
  if (run !== null) ev.run = run;
  ev.success = success;
  return ev;
}

/** The text of bytes [s, e) of `m`, which are well-formed UTF-8. */
export function textOf(m: Uint8Array, s: number, e: number): string {
  let t = "";
  for (let i = s; i < e; i++) {
    if (m[i] >= 128) return strict.decode(m.subarray(s, e));
    t += String.fromCharCode(m[i]);
  }
  return t;
}

const SUCCESS_KEY = bytesOf("success");

/**
 * A time read from its bytes, without a string: `at` written
 * `YYYY-MM-DDTHH:MM:SS[.fraction]Z` as seconds since the epoch and
 * nanoseconds. One per reader: it keeps the last second it read (the lines
 * of a log share most of theirs).
 *
 * @example
 * ```ts
 * const t = new TimeReader();
 * const b = new TextEncoder().encode("2026-01-02T03:04:05.5Z");
 * if (t.read(b, 0, b.length)) console.log(t.sec, t.nanos); // 1767323045 500000000
 * ```
 */
export class TimeReader {
  /** Of the last {@link read} that said yes: seconds since the epoch and nanoseconds. */
  sec = 0;
  nanos = 0;
  /** The last second read: its 19 bytes (`2026-01-02T03:04:05`) and seconds. */
  readonly #lastSecond = new Uint8Array(19);
  #lastSec = NaN;

  /**
   * The time written in bytes [s, e) of `m`: true when it is
   * `YYYY-MM-DDTHH:MM:SS[.fraction]Z` and a real date (in {@link sec} and
   * {@link nanos}), null when it is written otherwise (read it as text),
   * false when it is no time. The same answer as parseTimeNs.
   */
  read(m: Uint8Array, s: number, e: number): boolean | null {
    const len = e - s;
    if (len < 20 || m[e - 1] !== 90) return null;
    let frac = 0, digits = 0;
    if (len > 20) {
      if (m[s + 19] !== 46 || len > 30) return null;
      for (let i = s + 20; i < e - 1; i++) {
        const d = m[i] - 48;
        if (d < 0 || d > 9) return null;
        frac = frac * 10 + d;
        digits++;
      }
      if (digits === 0) return null;
    }
    const last = this.#lastSecond;
    let same = this.#lastSec === this.#lastSec; // not NaN
    for (let i = 0; same && i < 19; i++) same = last[i] === m[s + i];
    if (!same) {
      const sec = secondsOf(m, s);
      if (sec === null) return null;
      if (Number.isNaN(sec)) return false;
      last.set(m.subarray(s, s + 19));
      this.#lastSec = sec;
    }
    this.sec = this.#lastSec;
    this.nanos = digits === 0 ? 0 : frac * NANOS_SCALE[digits];
    return true;
  }
}

/**
 * Seconds since the epoch of `YYYY-MM-DDTHH:MM:SS` at `s`: null when it is
 * written otherwise, NaN when it is no date (as parseTimeNs says).
 */
function secondsOf(m: Uint8Array, s: number): number | null {
  const n = (at: number, count: number) => {
    let v = 0;
    for (let i = at; i < at + count; i++) {
      const d = m[s + i] - 48;
      if (d < 0 || d > 9) return -1;
      v = v * 10 + d;
    }
    return v;
  };
  if (m[s + 4] !== 45 || m[s + 7] !== 45 || m[s + 10] !== 84 || m[s + 13] !== 58) return null;
  if (m[s + 16] !== 58) return null;
  const y = n(0, 4), mo = n(5, 2), d = n(8, 2), h = n(11, 2), mi = n(14, 2), sec = n(17, 2);
  if (y < 0 || mo < 0 || d < 0 || h < 0 || mi < 0 || sec < 0) return null;
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || sec > 60) return NaN;
  const ms = Date.UTC(y, mo - 1, d, h, mi, sec);
  // Date.UTC rolls 30 February over to March: such a date is not a date.
  if (!Number.isFinite(ms) || new Date(Date.UTC(y, mo - 1, d)).getUTCDate() !== d) return NaN;
  return ms / 1000;
}

function startsWith(m: Uint8Array, at: number, b: Uint8Array): boolean {
  for (let k = 0; k < b.length; k++) if (m[at + k] !== b[k]) return false;
  return true;
}

/** The offset of the closing quote of a string whose characters start at `at`; -1 with an escape. */
function stringEnd(m: Uint8Array, at: number): number {
  let i = at;
  for (let b = m[i]; b !== 34; b = m[++i]) if (b === 92) return -1;
  return i;
}

/** Where the value of the depth-2 key `name` of the last check starts, or -1. */
function valueAt(c: JsonChecker, m: Uint8Array, keys: number, name: Uint8Array): number {
  for (let k = 0; k < keys; k++) {
    const ks = c.keyStart(k);
    if (c.keyEnd(k) - ks === name.length && startsWith(m, ks, name)) return c.keyEnd(k) + 2;
  }
  return -1;
}
