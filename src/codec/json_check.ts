/**
 * A check of one log line without parsing it into objects (a small
 * WebAssembly module, json_check.wat): whether the line is valid JSON
 * written exactly as `JSON.stringify` writes its value (well-formed UTF-8,
 * no white space, the short escapes, integers of at most 15 digits, no key made only
 * of digits), and where the keys of its objects at depth 2 are. A filtered
 * `--json` replay uses it to print a matching line as it is, at a third of
 * the cost of `JSON.parse` and `JSON.stringify`. A line it is not sure of
 * is decoded in full, so the check only ever has to be right when it says
 * yes. A key twice in one object, at any depth, is a no (JSON.parse keeps
 * the last value); so is an object deeper than the envelope's event with
 * more than 64 keys, a bound on the comparisons this costs.
 *
 * @module
 */
import { JSON_CHECK_WASM } from "./json_check_wasm.ts";

let compiled: WebAssembly.Module | null = null;
// Compiled on other threads as soon as this module loads: a command that
// opens files before its first check (the CLI's replays) finds it ready,
// instead of compiling it on its own thread at the first check.
WebAssembly.compile(JSON_CHECK_WASM).then((m) => compiled ??= m, () => {});

/** Bytes the module keeps for itself at the start of its memory (results, stack, table). */
const RESERVED_BYTES = 16 * 1024;

/**
 * One instance of the check, with its own memory: the bytes to check are
 * put in {@link JsonChecker.room} (or read into it) and checked in place.
 *
 * @example
 * ```ts
 * const c = new JsonChecker();
 * const n = new TextEncoder().encodeInto('{"a":{"b":1}}', c.room).written;
 * c.check(c.room.byteOffset, c.room.byteOffset + n); // 1: one key at depth 2
 * ```
 */
export class JsonChecker {
  /**
   * Where bytes to check go: the module's memory after what it keeps for
   * itself. A new view after {@link grow}.
   */
  room: Uint8Array;
  /** The whole memory of the module (offsets are memory offsets). A new view after {@link grow}. */
  memory: Uint8Array;
  /** The caller's string of the "type" value the module keeps (see {@link same}). */
  typeText = "";
  /** The caller's string of the "run" value the module keeps (see {@link same}). */
  runText = "";
  readonly #check: (start: number, end: number) => number;
  readonly #keys1: () => number;
  readonly #same: () => number;
  readonly #mem: WebAssembly.Memory;
  /** The first newline in [p, e), or -1. */
  readonly eol: (p: number, e: number) => number;
  /** The start of the line that holds byte p: after the last newline in [s, p), or s. */
  readonly sol: (s: number, p: number) => number;
  /** Where the `len` (3 or more) bytes at memory offset `n` first are in [p, e), or -1. */
  readonly find: (p: number, e: number, n: number, len: number) => number;
  /** Copies `len` bytes of memory from `src` to `dst`. */
  readonly copy: (dst: number, src: number, len: number) => void;
  #results: Int32Array;

  constructor() {
    compiled ??= new WebAssembly.Module(JSON_CHECK_WASM);
    const exports = new WebAssembly.Instance(compiled).exports as {
      memory: WebAssembly.Memory;
      check: (start: number, end: number) => number;
      keys1: () => number;
      same: () => number;
      eol: (p: number, e: number) => number;
      sol: (s: number, p: number) => number;
      find: (p: number, e: number, n: number, len: number) => number;
      copy: (dst: number, src: number, len: number) => void;
    };
    this.#mem = exports.memory;
    this.memory = new Uint8Array(this.#mem.buffer);
    this.room = new Uint8Array(this.#mem.buffer, RESERVED_BYTES);
    this.#check = exports.check;
    this.#keys1 = exports.keys1;
    this.#same = exports.same;
    this.eol = exports.eol;
    this.sol = exports.sol;
    this.find = exports.find;
    this.copy = exports.copy;
    this.#results = new Int32Array(exports.memory.buffer, 0, 1024);
  }

  /** Memory offset of the first byte of {@link room}. */
  static readonly ROOM_AT = RESERVED_BYTES;

  /** Grows the memory to at least `bytes`; {@link room} and {@link memory} are new views. */
  grow(bytes: number): void {
    const have = this.#mem.buffer.byteLength;
    if (bytes <= have) return;
    this.#mem.grow(Math.ceil((bytes - have) / 65536));
    this.memory = new Uint8Array(this.#mem.buffer);
    this.room = new Uint8Array(this.#mem.buffer, RESERVED_BYTES);
    this.#results = new Int32Array(this.#mem.buffer, 0, 1024);
  }

  /**
   * Checks the bytes at memory offsets [start, end) (offsets within the
   * module's memory: `room.byteOffset` and on). Returns the number of keys
   * of the objects at depth 2 when the bytes are valid JSON in
   * `JSON.stringify`'s form, or -1 when the check is not sure of that.
   */
  check(start: number, end: number): number {
    return this.#check(start, end);
  }

  /** Keys of the outermost object in the last check that said yes. */
  get outerKeys(): number {
    return this.#keys1();
  }

  /**
   * Of the last check that said yes, whether the values of the depth-2 keys
   * "type" (bits 0-1) and "run" (bits 2-3) are plain strings equal to those
   * of the check before it that had them: 1 equal, 2 changed (the module
   * now keeps the new one), 0 neither. A reader keeps the string of each
   * value in {@link typeText} and {@link runText} when it changes, and reuses
   * it while it is equal.
   */
  get same(): number {
    return this.#same();
  }

  /** Memory offset where the value of the depth-2 key "type" starts, or 0 (last check). */
  get typeValueAt(): number {
    return this.#results[0];
  }

  /** Memory offset where the value of the depth-2 key "run" starts, or 0 (last check). */
  get runValueAt(): number {
    return this.#results[1];
  }

  /** Memory offset of the first character of depth-2 key `i` of the last check. */
  keyStart(i: number): number {
    return this.#results[2 + 2 * i];
  }

  /** Memory offset just after the last character of depth-2 key `i` of the last check. */
  keyEnd(i: number): number {
    return this.#results[3 + 2 * i];
  }
}
