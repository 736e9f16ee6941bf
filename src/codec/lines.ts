/**
 * Splitting a byte stream into complete lines, in bounded memory.
 *
 * A last line without its newline is being written: it is held back until
 * its newline arrives. A line longer than `lineBytesMax` is not kept: it
 * comes out as {@link OVERSIZED_LINE} so that the reader reports it and goes
 * on. A line whose bytes are not well-formed UTF-8 comes out as
 * {@link INVALID_UTF8_LINE}: a broken line, never text with replacement
 * characters.
 *
 * @module
 */
import { INVALID_UTF8_LINE, OVERSIZED_LINE } from "./decode.ts";

/** Lines of one chunk. */
export interface LineBatch {
  /** Complete lines, without their newline (a trailing `\r` is kept). */
  lines: string[];
  /** Byte offset just after the last complete line. */
  end: number;
}

/** Options of {@link LineSplitter}. */
export interface LineSplitterOptions {
  /** Byte offset of the first byte pushed. Default 0. */
  offset?: number;
  /** Longest line kept, in bytes. Default 64 MiB. */
  lineBytesMax?: number;
}

const NL = 10;
const strict = new TextDecoder("utf-8", { fatal: true });

/** The text of a line's bytes, or {@link INVALID_UTF8_LINE} when they are not UTF-8. */
export function lineText(bytes: Uint8Array): string {
  try {
    return strict.decode(bytes);
  } catch {
    return INVALID_UTF8_LINE;
  }
}

/**
 * The index of the first byte of `bytes[from, to)` that is not ASCII (0x80 or
 * above), or `to`: four bytes at a time.
 */
function nonAsciiAt(bytes: Uint8Array, from: number, to: number): number {
  let i = from;
  const base = bytes.byteOffset;
  while (i < to && ((base + i) & 3) !== 0) {
    if (bytes[i] >= 0x80) return i;
    i++;
  }
  if (i >= to) return to;
  const words = new Uint32Array(bytes.buffer, base + i, (to - i) >> 2);
  let w = 0;
  while (w < words.length && (words[w] & 0x80808080) === 0) w++;
  i += w << 2;
  while (i < to) {
    if (bytes[i] >= 0x80) return i;
    i++;
  }
  return to;
}

/**
 * The lines of bytes that end at a newline (the last excluded), each byte
 * decoded once. A line of ASCII comes out as a one-byte string even when other
 * lines of the chunk are not ASCII: a string decoded from bytes holding one
 * non-ASCII character is a two-byte string, and so is every part of it, which
 * is slower to search, parse and encode again. So the bytes are searched for
 * the lines that are not ASCII first (a word at a time); each run of ASCII
 * lines between them is one decode and one split, and each other line is
 * decoded on its own (a line that is not UTF-8 is the only one broken).
 */
function splitLines(bytes: Uint8Array): string[] {
  const out: string[] = [];
  const len = bytes.length;
  // The start of the current run of ASCII lines.
  let run = 0;
  for (;;) {
    const hi = nonAsciiAt(bytes, run, len);
    if (hi === len) break;
    const ls = bytes.lastIndexOf(NL, hi) + 1;
    let le = bytes.indexOf(NL, hi);
    if (le < 0) le = len;
    if (ls > run) pushAscii(bytes.subarray(run, ls - 1), out);
    out.push(lineText(bytes.subarray(ls, le)));
    if (le === len) return out;
    run = le + 1;
  }
  pushAscii(bytes.subarray(run, len), out);
  return out;
}

/** Pushes the lines of ASCII `bytes` (one-byte strings) onto `out`. */
function pushAscii(bytes: Uint8Array, out: string[]): void {
  const lines = strict.decode(bytes).split("\n");
  for (let j = 0; j < lines.length; j++) out.push(lines[j]);
}

/**
 * Push bytes in, get complete lines out.
 *
 * @example
 * ```ts
 * const s = new LineSplitter();
 * s.push(new TextEncoder().encode('{"a":1}\n{"b"')); // lines: ['{"a":1}']
 * s.push(new TextEncoder().encode(':2}\n'));          // lines: ['{"b":2}']
 * ```
 */
export class LineSplitter {
  #pending: Uint8Array[] = [];
  #pendingBytes = 0;
  #oversized = false;
  #end: number;
  readonly #lineBytesMax: number;

  constructor(options: LineSplitterOptions = {}) {
    this.#end = options.offset ?? 0;
    this.#lineBytesMax = options.lineBytesMax ?? 64 * 1024 * 1024;
  }

  /** Byte offset just after the last complete line. */
  get offset(): number {
    return this.#end;
  }

  /** Bytes held back: the start of a line whose newline has not come yet. */
  get pendingBytes(): number {
    return this.#pendingBytes;
  }

  /** Adds bytes; returns the lines they completed. */
  push(chunk: Uint8Array): LineBatch {
    const lines: string[] = [];
    let start = 0;
    let nl = chunk.indexOf(NL);
    if (nl >= 0 && (this.#pendingBytes > 0 || this.#oversized)) {
      // Finish the held-back line.
      if (this.#oversized || this.#pendingBytes + nl > this.#lineBytesMax) {
        lines.push(OVERSIZED_LINE);
      } else {
        this.#pending.push(chunk.subarray(0, nl));
        lines.push(lineText(concatBytes(this.#pending, this.#pendingBytes + nl)));
      }
      this.#end += this.#pendingBytes + nl + 1;
      this.#pending = [];
      this.#pendingBytes = 0;
      this.#oversized = false;
      start = nl + 1;
      nl = chunk.indexOf(NL, start);
    }
    if (nl >= 0) {
      // Every complete line of the chunk at once: one decode, one split.
      const last = chunk.lastIndexOf(NL);
      const parts = splitLines(chunk.subarray(start, last));
      const max = this.#lineBytesMax;
      if (last - start <= max) {
        for (const p of parts) lines.push(p);
      } else {
        // Some line may be too long; only long strings need their bytes counted.
        for (const p of parts) {
          lines.push(p.length * 3 > max && byteLength(p) > max ? OVERSIZED_LINE : p);
        }
      }
      this.#end += last + 1 - start;
      start = last + 1;
    }
    if (start < chunk.length) {
      const rest = chunk.length - start;
      if (this.#oversized || this.#pendingBytes + rest > this.#lineBytesMax) {
        this.#oversized = true;
        this.#pendingBytes += rest;
        this.#pending = [];
      } else {
        // Copy: the caller may reuse its buffer.
        this.#pending.push(chunk.slice(start));
        this.#pendingBytes += rest;
      }
    }
    return { lines, end: this.#end };
  }
}

/**
 * `parts` (of `total` bytes in all, counted when not given) as one array
 * (the part itself when there is one).
 */
export function concatBytes(
  parts: readonly Uint8Array[],
  total = parts.reduce((n, p) => n + p.byteLength, 0),
): Uint8Array {
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function byteLength(s: string): number {
  return new TextEncoder().encode(s).length;
}
