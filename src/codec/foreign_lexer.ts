/**
 * The state of one parse of a foreign line (foreign_line.ts), and its
 * scalars: strings and numbers read at `P.i` and written at `P.o` as
 * `JSON.stringify` writes them. Module-wide state: a parse runs to its end
 * without yielding, and the grammar's functions share it.
 *
 * @module
 */

/** Keys of one line's objects kept at once for the duplicate check, at most. */
export const KEYS_MAX = 1024;
/** Bytes a line's numbers may grow by when written as JavaScript writes them, at most. */
export const GROWTH_MAX = 64;

/**
 * Classes of a byte in a string: 0 as it is (ASCII), 1 the quote, 2 a
 * backslash, 3 a control character, 4 the start of a UTF-8 sequence.
 */
const CLASS = new Uint8Array(256);
for (let b = 0; b < 32; b++) CLASS[b] = 3;
CLASS[34] = 1;
CLASS[92] = 2;
for (let b = 128; b < 256; b++) CLASS[b] = 4;

const HEX = new Uint8Array([48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 97, 98, 99, 100, 101, 102]);

/** The value of a hexadecimal digit's byte, or -1. */
const HEX_VALUE = new Int8Array(256).fill(-1);
for (let d = 0; d < 10; d++) HEX_VALUE[48 + d] = d;
for (let d = 0; d < 6; d++) HEX_VALUE[65 + d] = HEX_VALUE[97 + d] = 10 + d;

/** The short escape JSON.stringify writes for a control character (0: `\u00XX`). */
const SHORT = new Uint8Array(32);
SHORT[8] = 98; // b
SHORT[9] = 116; // t
SHORT[10] = 110; // n
SHORT[12] = 102; // f
SHORT[13] = 114; // r

/** The state of one parse (module-wide: a parse runs to its end without yielding). */
export const P = {
  m: new Uint8Array(0) as Uint8Array,
  w: new Uint8Array(0) as Uint8Array,
  i: 0,
  e: 0,
  o: 0,
  /** Key spans of the open objects: [keyS, keyE) pairs in `w`, kt entries in use. */
  keys: new Int32Array(2 * KEYS_MAX),
  kt: 0,
  growth: 0,
  /** Spans in `w` of the envelope's values (-1: absent), quotes included. */
  schemaS: -1,
  schemaE: -1,
  seqS: -1,
  seqE: -1,
  atS: -1,
  atE: -1,
  eventS: -1,
  eventE: -1,
  /** Spans of the event's type, run and success values. */
  typeS: -1,
  typeE: -1,
  runS: -1,
  runE: -1,
  successS: -1,
  /** The event's keys (spans in `w`, characters only). */
  eventKeys: new Int32Array(2 * KEYS_MAX),
  eventKeyCount: 0,
  /** Other envelope members, `"key":value` spans. */
  otherS: new Int32Array(KEYS_MAX),
  otherE: new Int32Array(KEYS_MAX),
  others: 0,
};

/** A string at P.i (its quote), written at P.o as JSON.stringify writes it. */
export function string(): boolean {
  const m = P.m, w = P.w, e = P.e;
  let i = P.i + 1, o = P.o;
  w[o++] = 34;
  for (;;) {
    // A run of plain characters: found first, then copied (in one go when long).
    let j = i;
    while (j < e && CLASS[m[j]] === 0) j++;
    if (j - i >= 48) {
      w.set(m.subarray(i, j), o);
      o += j - i;
    } else for (let k = i; k < j; k++) w[o++] = m[k];
    i = j;
    if (i >= e) return false;
    const b = m[i];
    const c = CLASS[b];
    if (c === 1) {
      w[o++] = 34;
      P.i = i + 1;
      P.o = o;
      return true;
    }
    if (c === 3) return false; // a raw control character
    if (c === 4) {
      // Well-formed UTF-8: no overlong form, no surrogate, nothing past U+10FFFF.
      if (b < 0xc2) return false;
      if (b < 0xe0) {
        if (i + 1 >= e || (m[i + 1] & 0xc0) !== 0x80) return false;
        w[o] = b;
        w[o + 1] = m[i + 1];
        o += 2;
        i += 2;
        continue;
      }
      if (b < 0xf0) {
        if (i + 2 >= e) return false;
        const b1 = m[i + 1], b2 = m[i + 2];
        if ((b1 & 0xc0) !== 0x80 || (b2 & 0xc0) !== 0x80) return false;
        if (b === 0xe0 && b1 < 0xa0) return false;
        if (b === 0xed && b1 >= 0xa0) return false;
        w[o] = b;
        w[o + 1] = b1;
        w[o + 2] = b2;
        o += 3;
        i += 3;
        continue;
      }
      if (b > 0xf4 || i + 3 >= e) return false;
      const b1 = m[i + 1], b2 = m[i + 2], b3 = m[i + 3];
      if ((b1 & 0xc0) !== 0x80 || (b2 & 0xc0) !== 0x80 || (b3 & 0xc0) !== 0x80) return false;
      if (b === 0xf0 && b1 < 0x90) return false;
      if (b === 0xf4 && b1 >= 0x90) return false;
      w[o] = b;
      w[o + 1] = b1;
      w[o + 2] = b2;
      w[o + 3] = b3;
      o += 4;
      i += 4;
      continue;
    }
    // An escape.
    if (i + 1 >= e) return false;
    const x = m[i + 1];
    if (x !== 117) {
      // \" \\ \/ \b \f \n \r \t
      if (x === 34 || x === 92) {
        w[o] = 92;
        w[o + 1] = x;
        o += 2;
      } else if (x === 47) w[o++] = 47;
      else if (x === 98 || x === 102 || x === 110 || x === 114 || x === 116) {
        w[o] = 92;
        w[o + 1] = x;
        o += 2;
      } else return false;
      i += 2;
      continue;
    }
    let u = hex4(m, i + 2, e);
    if (u < 0) return false;
    i += 6;
    if (u >= 0xd800 && u <= 0xdbff) {
      // A pair of escaped surrogates is one character; a lone one stays escaped.
      if (i + 5 < e && m[i] === 92 && m[i + 1] === 117) {
        const lo = hex4(m, i + 2, e);
        if (lo >= 0xdc00 && lo <= 0xdfff) {
          u = 0x10000 + ((u - 0xd800) << 10) + (lo - 0xdc00);
          i += 6;
          w[o] = 0xf0 | (u >> 18);
          w[o + 1] = 0x80 | ((u >> 12) & 63);
          w[o + 2] = 0x80 | ((u >> 6) & 63);
          w[o + 3] = 0x80 | (u & 63);
          o += 4;
          continue;
        }
      }
      o = escapeUnit(w, o, u);
      continue;
    }
    if (u >= 0xdc00 && u <= 0xdfff) {
      o = escapeUnit(w, o, u);
      continue;
    }
    if (u < 0x20) {
      const s = SHORT[u];
      if (s !== 0) {
        w[o] = 92;
        w[o + 1] = s;
        o += 2;
      } else o = escapeUnit(w, o, u);
    } else if (u === 34 || u === 92) {
      w[o] = 92;
      w[o + 1] = u;
      o += 2;
    } else if (u < 0x80) w[o++] = u;
    else if (u < 0x800) {
      w[o] = 0xc0 | (u >> 6);
      w[o + 1] = 0x80 | (u & 63);
      o += 2;
    } else {
      w[o] = 0xe0 | (u >> 12);
      w[o + 1] = 0x80 | ((u >> 6) & 63);
      w[o + 2] = 0x80 | (u & 63);
      o += 3;
    }
  }
}

/** The code unit of the 4 hexadecimal digits at `at`, or -1. */
function hex4(m: Uint8Array, at: number, e: number): number {
  if (at + 4 > e) return -1;
  const a = HEX_VALUE[m[at]],
    b = HEX_VALUE[m[at + 1]],
    c = HEX_VALUE[m[at + 2]],
    d = HEX_VALUE[m[at + 3]];
  if ((a | b | c | d) < 0) return -1;
  return (a << 12) | (b << 8) | (c << 4) | d;
}

/** `\uXXXX` in lower case, as JSON.stringify writes a control character or a lone surrogate. */
function escapeUnit(w: Uint8Array, o: number, u: number): number {
  w[o] = 92;
  w[o + 1] = 117;
  w[o + 2] = HEX[u >> 12];
  w[o + 3] = HEX[(u >> 8) & 15];
  w[o + 4] = HEX[(u >> 4) & 15];
  w[o + 5] = HEX[u & 15];
  return o + 6;
}

/** A number at P.i, written as JSON.stringify writes its value. */
export function number(): boolean {
  const m = P.m, w = P.w, e = P.e;
  const s = P.i;
  let i = s;
  const neg = m[i] === 45;
  if (neg) i++;
  if (i >= e) return false;
  if (m[i] === 48) i++;
  else if (m[i] >= 49 && m[i] <= 57) {
    while (i < e && m[i] >= 48 && m[i] <= 57) i++;
  } else return false;
  const intEnd = i;
  let plain = true;
  if (i < e && m[i] === 46) {
    plain = false;
    i++;
    const d = i;
    while (i < e && m[i] >= 48 && m[i] <= 57) i++;
    if (i === d) return false;
  }
  if (i < e && (m[i] === 101 || m[i] === 69)) {
    plain = false;
    i++;
    if (i < e && (m[i] === 43 || m[i] === 45)) i++;
    const d = i;
    while (i < e && m[i] >= 48 && m[i] <= 57) i++;
    if (i === d) return false;
  }
  P.i = i;
  let o = P.o;
  const digits = intEnd - s - (neg ? 1 : 0);
  if (plain && digits <= 15) {
    // An integer that a double holds exactly: as written, but -0 is 0.
    if (neg && digits === 1 && m[s + 1] === 48) w[o++] = 48;
    else for (let k = s; k < i; k++) w[o++] = m[k];
    P.o = o;
    return true;
  }
  let lexeme = "";
  for (let k = s; k < i; k++) lexeme += String.fromCharCode(m[k]);
  const n = Number(lexeme);
  const text = Number.isFinite(n) ? String(n) : "null";
  if (text.length > i - s) {
    P.growth += text.length - (i - s);
    if (P.growth > GROWTH_MAX) return false;
  }
  for (let k = 0; k < text.length; k++) w[o++] = text.charCodeAt(k);
  P.o = o;
  return true;
}
