/**
 * Reading a log line written by another serialiser (spaces after colons and
 * commas, keys in another order, non-ASCII or other characters written as
 * `\uXXXX`), as bytes: its read form is written as bytes without building
 * the line's string or objects (a number with a fraction or an exponent
 * aside: it goes through `Number` and `String`, whose writing of it is the
 * read form), and its envelope's facts (schema, seq, `at`, event type, run,
 * `success`) are read on the way.
 *
 * The read form of a line is what a full decode gives:
 * `JSON.stringify(decodeValue(JSON.parse(line)).env)`. This reader gives
 * exactly that or says no: it parses the line as JSON (well-formed UTF-8
 * included) and writes each token as `JSON.stringify` writes its value
 * (no white space; strings with the short escapes, `\u00XX` for other
 * controls, lone surrogates as `\udXXX`, every other character as itself;
 * numbers as `String(Number(lexeme))`, `null` when not finite), the
 * envelope's keys in the order schema, seq, at, event, then the others.
 * It says no, and the line is decoded in full, whenever the answer could
 * differ from that decode's, or the line is broken: a duplicate key (the
 * last value wins, at the first key's place), a key made only of digits
 * (JavaScript puts such keys first), a top-level `__proto__`, nesting
 * deeper than {@link DEPTH_MAX}, a line that gets the 0.5 defaults, a type,
 * run or `at` whose text has an escape, an envelope member named `task` or
 * `number` (the keys of the tagged form, which a tagged line must not carry
 * twice), and anything that is not valid.
 *
 * @module
 */
import { SCHEMA_VERSION } from "../contract/envelope.ts";
import { InternTable, type LightEvent, lightEventOf, textOf, TimeReader } from "./light_line.ts";
import { GROWTH_MAX, KEYS_MAX, number, P as PARSE, string } from "./foreign_lexer.ts";

/** The parse state (foreign_lexer.ts), held here once: read at every byte, never a binding to look up. */
const P = PARSE;

/** Containers open at once, at most (deeper lines are decoded in full). */
const DEPTH_MAX = 128;
/** Bytes of the output buffer when it is first needed. */
const OUT_BYTES = 1024 * 1024;

const enc = new TextEncoder();
const ASCII_OF = (t: string) => enc.encode(t);
const K_SCHEMA = ASCII_OF("schema");
const K_SEQ = ASCII_OF("seq");
const K_AT = ASCII_OF("at");
const K_EVENT = ASCII_OF("event");
const K_PROTO = ASCII_OF("__proto__");
const K_TASK = ASCII_OF("task");
const K_NUMBER = ASCII_OF("number");
const K_TYPE = ASCII_OF("type");
const K_RUN = ASCII_OF("run");
const K_SUCCESS = ASCII_OF("success");
const HEAD_SCHEMA = ASCII_OF('{"schema":');
const HEAD_SEQ = ASCII_OF(',"seq":');
const HEAD_AT = ASCII_OF(',"at":');
const HEAD_EVENT = ASCII_OF(',"event":');
const AT_DEFAULT = ASCII_OF('"1970-01-01T00:00:00Z"');

/**
 * Reads foreign lines into their read form. One instance per reader; the
 * read forms of a batch are kept in {@link out} until {@link reset}.
 *
 * @example
 * ```ts
 * const f = new ForeignLines();
 * const line = new TextEncoder().encode('{"at": "2026-01-02T03:04:05Z", "event": {"type": "log"}, "schema": 2}');
 * if (f.read(line, 0, line.length)) console.log(new TextDecoder().decode(f.out.subarray(f.start, f.end)));
 * ```
 */
export class ForeignLines {
  /**
   * Where read forms are written (a new buffer when it is full: hold on to
   * it with the offsets). Empty until a line is read: most logs are in the
   * recorder's form, and their readers never need it.
   */
  out: Uint8Array = new Uint8Array(0) as Uint8Array;
  /** Bytes of {@link out} in use. */
  outLen = 0;
  /** Of the last line {@link read} said yes to: its read form, [start, end) of {@link out}, newline included. */
  start = 0;
  end = 0;
  schema = 0;
  /** Its seq, or -1 when it has none. */
  seq = -1;
  /** Offsets in {@link out} of `at`'s characters (its value's text has no escape). */
  atStart = 0;
  atEnd = 0;
  /** Its light event (frozen and shared unless it has `success`). */
  event: LightEvent = { type: "" };
  /** Of the last {@link time} that said yes: `at` as seconds since the epoch and nanoseconds. */
  sec = 0;
  nanos = 0;
  readonly #time = new TimeReader();
  readonly #types = new InternTable();
  readonly #runs = new InternTable();

  /**
   * Starts a new batch: the read forms given so far may be overwritten by
   * the next {@link read} (until then, the last line's read form and facts
   * stay valid).
   */
  reset(): void {
    this.outLen = 0;
  }

  /**
   * Whether the line in bytes [s, e) of `m` (without its newline) is valid
   * and its read form is known for sure; it is then at
   * [{@link start}, {@link end}) of {@link out}, and its facts are in this
   * object's fields.
   */
  read(m: Uint8Array, s: number, e: number): boolean {
    const len = e - s;
    // The read form is at most GROWTH_MAX + the envelope's keys and defaults
    // longer than the line; the values are parsed into a scratch area after it.
    const room = 2 * len + 2 * GROWTH_MAX + 512;
    if (this.outLen === 0 && this.out.length > 4 * OUT_BYTES && room <= OUT_BYTES) {
      // A buffer grown for a long line is not kept for the lines after it.
      this.out = new Uint8Array(OUT_BYTES);
    } else if (this.outLen + room > this.out.length) {
      // The read forms given so far stay in the old buffer.
      this.out = new Uint8Array(Math.max(2 * this.out.length, OUT_BYTES, room));
      this.outLen = 0;
    }
    const w = this.out;
    const scratch = this.outLen + len + GROWTH_MAX + 256;
    P.m = m;
    P.w = w;
    P.i = s;
    P.e = e;
    P.o = scratch;
    P.kt = 0;
    P.growth = 0;
    if (!envelope()) return false;
    // Assemble the read form at outLen.
    if (P.typeS < 0 || !plainString(w, P.typeS, P.typeE)) return false;
    const type = this.#types.get(w, P.typeS + 1, P.typeE - 1);
    if (type.text === "") return false;
    let schema = 1;
    if (P.schemaS >= 0) {
      schema = integerOf(w, P.schemaS, P.schemaE);
      if (schema < 1) return false;
    }
    let seq = -1;
    if (P.seqS >= 0) {
      seq = integerOf(w, P.seqS, P.seqE);
      if (seq < 0) return false;
    }
    if (P.atS >= 0 && w[P.atS] !== 34) return false;
    // A line written before 0.5 gets the 0.5 defaults: decoded in full.
    if (schema <= SCHEMA_VERSION) {
      for (const name of type.added) if (!hasEventKey(w, name)) return false;
    }
    let run: string | null = null;
    if (P.runS >= 0 && w[P.runS] === 34) {
      if (!plainString(w, P.runS, P.runE)) return false;
      run = this.#runs.get(w, P.runS + 1, P.runE - 1).text;
    }
    let success: boolean | undefined = undefined;
    if (P.successS >= 0) {
      const b = w[P.successS];
      if (b === 116) success = true;
      else if (b === 102) success = false;
    }
    let o = this.outLen;
    const start = o;
    o = put(w, o, HEAD_SCHEMA);
    if (P.schemaS >= 0) o = copy(w, o, P.schemaS, P.schemaE);
    else w[o++] = 49;
    if (seq >= 0) {
      o = put(w, o, HEAD_SEQ);
      o = copy(w, o, P.seqS, P.seqE);
    }
    o = put(w, o, HEAD_AT);
    let atStart: number;
    if (P.atS >= 0) {
      if (!plainString(w, P.atS, P.atE)) return false;
      atStart = o + 1;
      o = copy(w, o, P.atS, P.atE);
    } else {
      atStart = o + 1;
      o = put(w, o, AT_DEFAULT);
    }
    const atEnd = o - 1;
    o = put(w, o, HEAD_EVENT);
    o = copy(w, o, P.eventS, P.eventE);
    for (let k = 0; k < P.others; k++) {
      w[o++] = 44; // ,
      o = copy(w, o, P.otherS[k], P.otherE[k]);
    }
    w[o++] = 125; // }
    w[o++] = 10;
    this.outLen = o;
    this.start = start;
    this.end = o;
    this.schema = schema;
    this.seq = seq;
    this.atStart = atStart;
    this.atEnd = atEnd;
    this.event = lightEventOf(type, run, success);
    return true;
  }

  /** `at` of the last line read, as text. */
  at(): string {
    return textOf(this.out, this.atStart, this.atEnd);
  }

  /**
   * `at` of the last line read as a time, in {@link sec} and {@link nanos},
   * read from its bytes: as TimeReader.read answers (null: read it as text).
   */
  time(): boolean | null {
    const t = this.#time;
    const yes = t.read(this.out, this.atStart, this.atEnd);
    if (yes === true) {
      this.sec = t.sec;
      this.nanos = t.nanos;
    }
    return yes;
  }
}

/** Writes `b` at `o`; the offset after it. */
function put(w: Uint8Array, o: number, b: Uint8Array): number {
  for (let k = 0; k < b.length; k++) w[o + k] = b[k];
  return o + b.length;
}

/** Copies bytes [s, e) of `w` to `o` (no overlap); the offset after them. */
function copy(w: Uint8Array, o: number, s: number, e: number): number {
  if (e - s > 64) {
    w.copyWithin(o, s, e);
    return o + e - s;
  }
  for (let k = s; k < e; k++) w[o++] = w[k];
  return o;
}

/** Whether the string at [s, e) of `w` (quotes included) has no escape. */
function plainString(w: Uint8Array, s: number, e: number): boolean {
  for (let k = s + 1; k < e - 1; k++) if (w[k] === 92) return false;
  return true;
}

/** The value of the integer written at [s, e) (as JSON.stringify writes it), or -1. */
function integerOf(w: Uint8Array, s: number, e: number): number {
  if (e - s > 16) return -1;
  let v = 0;
  for (let k = s; k < e; k++) {
    const d = w[k] - 48;
    if (d < 0 || d > 9) return -1;
    v = v * 10 + d;
  }
  return e > s && v <= Number.MAX_SAFE_INTEGER ? v : -1;
}

function hasEventKey(w: Uint8Array, name: Uint8Array): boolean {
  const keys = P.eventKeys;
  for (let k = 0; k < 2 * P.eventKeyCount; k += 2) {
    if (keys[k + 1] - keys[k] === name.length && equalAt(w, keys[k], name)) return true;
  }
  return false;
}

function equalAt(w: Uint8Array, at: number, b: Uint8Array): boolean {
  for (let k = 0; k < b.length; k++) if (w[at + k] !== b[k]) return false;
  return true;
}

/** Skips white space. */
function ws(): void {
  const m = P.m, e = P.e;
  let i = P.i;
  for (; i < e; i++) {
    const b = m[i];
    if (b !== 32 && b !== 9 && b !== 13 && b !== 10) break;
  }
  P.i = i;
}

/** The envelope: the outermost object, its members' spans noted. */
function envelope(): boolean {
  P.schemaS =
    P.seqS =
    P.atS =
    P.eventS =
    P.typeS =
    P.runS =
    P.successS =
      -1;
  P.eventKeyCount = 0;
  P.others = 0;
  ws();
  const m = P.m, w = P.w;
  if (P.i >= P.e || m[P.i] !== 123) return false;
  P.i++;
  ws();
  if (P.i < P.e && m[P.i] === 125) return false; // no event
  for (;;) {
    if (P.i >= P.e || m[P.i] !== 34) return false;
    const keyS = P.o + 1;
    if (!string()) return false;
    const keyE = P.o - 1;
    if (!newKey(keyS, keyE, 0)) return false;
    ws();
    if (P.i >= P.e || m[P.i] !== 58) return false;
    P.i++;
    w[P.o++] = 58; // so that an other member is `"key":value` in one span
    ws();
    const klen = keyE - keyS;
    if (klen === 5 && equalAt(w, keyS, K_EVENT)) {
      if (P.i >= P.e || m[P.i] !== 123) return false; // not an object: broken
      P.eventS = P.o;
      if (!object(1, true)) return false;
      P.eventE = P.o;
    } else {
      const valS = P.o;
      if (!value(1)) return false;
      if (klen === 6 && equalAt(w, keyS, K_SCHEMA)) {
        P.schemaS = valS;
        P.schemaE = P.o;
      } else if (klen === 3 && equalAt(w, keyS, K_SEQ)) {
        P.seqS = valS;
        P.seqE = P.o;
      } else if (klen === 2 && equalAt(w, keyS, K_AT)) {
        P.atS = valS;
        P.atE = P.o;
      } else {
        // decodeValue assigns other members to a new object: `__proto__` would set its prototype.
        if (klen === 9 && equalAt(w, keyS, K_PROTO)) return false;
        // The tagged form's own keys: a tagged line must not carry them twice (read_form.ts).
        if (klen === 4 && equalAt(w, keyS, K_TASK)) return false;
        if (klen === 6 && equalAt(w, keyS, K_NUMBER)) return false;
        if (P.others >= KEYS_MAX) return false;
        // `"key":value`: the key's quote to the value's end.
        P.otherS[P.others] = keyS - 1;
        P.otherE[P.others] = P.o;
        P.others++;
      }
    }
    ws();
    if (P.i >= P.e) return false;
    const b = m[P.i++];
    if (b === 44) {
      ws();
      continue;
    }
    if (b !== 125) return false;
    break;
  }
  if (P.eventS < 0) return false;
  ws();
  return P.i === P.e;
}

/**
 * A new key [keyS, keyE) of the object whose keys start at `base` in the
 * key stack: false when it is made only of digits or repeats one.
 */
function newKey(keyS: number, keyE: number, base: number): boolean {
  const w = P.w;
  const len = keyE - keyS;
  let digits = len > 0;
  for (let k = keyS; digits && k < keyE; k++) digits = w[k] >= 48 && w[k] <= 57;
  if (digits) return false;
  const keys = P.keys;
  for (let k = base; k < P.kt; k += 2) {
    const s = keys[k];
    if (keys[k + 1] - s !== len) continue;
    let same = true;
    for (let j = 0; j < len; j++) {
      if (w[s + j] !== w[keyS + j]) {
        same = false;
        break;
      }
    }
    if (same) return false;
  }
  if (P.kt >= 2 * KEYS_MAX) return false;
  keys[P.kt] = keyS;
  keys[P.kt + 1] = keyE;
  P.kt += 2;
  return true;
}

/** Any value at P.i (after white space), written at P.o. */
function value(depth: number): boolean {
  if (P.i >= P.e) return false;
  const b = P.m[P.i];
  if (b === 34) return string();
  if (b === 123) return object(depth, false);
  if (b === 91) return array(depth);
  if (b === 116) return literal(TRUE);
  if (b === 102) return literal(FALSE);
  if (b === 110) return literal(NULL);
  return number();
}

const TRUE = ASCII_OF("true");
const FALSE = ASCII_OF("false");
const NULL = ASCII_OF("null");

function literal(lit: Uint8Array): boolean {
  const m = P.m, w = P.w;
  if (P.i + lit.length > P.e) return false;
  for (let k = 0; k < lit.length; k++) {
    if (m[P.i + k] !== lit[k]) return false;
    w[P.o + k] = lit[k];
  }
  P.i += lit.length;
  P.o += lit.length;
  return true;
}

function object(depth: number, isEvent: boolean): boolean {
  if (depth >= DEPTH_MAX) return false;
  const m = P.m, w = P.w;
  P.i++; // {
  w[P.o++] = 123;
  const base = P.kt;
  ws();
  if (P.i < P.e && m[P.i] === 125) {
    P.i++;
    w[P.o++] = 125;
    return true;
  }
  for (;;) {
    if (P.i >= P.e || m[P.i] !== 34) return false;
    const keyS = P.o + 1;
    if (!string()) return false;
    const keyE = P.o - 1;
    if (!newKey(keyS, keyE, base)) return false;
    ws();
    if (P.i >= P.e || m[P.i] !== 58) return false;
    P.i++;
    w[P.o++] = 58;
    ws();
    const valS = P.o;
    if (!value(depth + 1)) return false;
    if (isEvent) {
      const klen = keyE - keyS;
      if (klen === 4 && equalAt(w, keyS, K_TYPE)) {
        if (w[valS] !== 34) return false; // not a string: broken
        P.typeS = valS;
        P.typeE = P.o;
      } else if (klen === 3 && equalAt(w, keyS, K_RUN)) {
        P.runS = valS;
        P.runE = P.o;
      } else if (klen === 7 && equalAt(w, keyS, K_SUCCESS)) {
        P.successS = valS;
      }
    }
    ws();
    if (P.i >= P.e) return false;
    const b = m[P.i++];
    if (b === 44) {
      w[P.o++] = 44;
      ws();
      continue;
    }
    if (b !== 125) return false;
    w[P.o++] = 125;
    break;
  }
  if (isEvent) {
    const n = (P.kt - base) >> 1;
    P.eventKeys.set(P.keys.subarray(base, P.kt));
    P.eventKeyCount = n;
  }
  P.kt = base;
  return true;
}

function array(depth: number): boolean {
  if (depth >= DEPTH_MAX) return false;
  const m = P.m, w = P.w;
  P.i++; // [
  w[P.o++] = 91;
  ws();
  if (P.i < P.e && m[P.i] === 93) {
    P.i++;
    w[P.o++] = 93;
    return true;
  }
  for (;;) {
    if (!value(depth + 1)) return false;
    ws();
    if (P.i >= P.e) return false;
    const b = m[P.i++];
    if (b === 44) {
      w[P.o++] = 44;
      ws();
      continue;
    }
    if (b !== 93) return false;
    w[P.o++] = 93;
    return true;
  }
}
