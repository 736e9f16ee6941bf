/**
 * Reading a log as bytes: the complete lines from a byte offset on, exactly
 * as they are on disk (ship sends them byte for byte; a line still being
 * written, without its newline, is left for later).
 *
 * @module
 */
import { openLogFileSync } from "../store/log_file.ts";

/** What {@link readCompleteLinesSync} gives. */
export interface RawChunk {
  /** The file's size when read. */
  size: number;
  /** Bytes from `from`, ending just after a newline (empty: no complete line yet). */
  bytes: Uint8Array;
}

/** Options of {@link readCompleteLinesSync}. */
export interface ReadLinesOptions {
  /** Bytes read at a time. Default 1 MiB. */
  chunkBytes?: number;
  /** Longest line, in bytes; a longer one is read whole up to this. Default 64 MiB. */
  lineBytesMax?: number;
}

/**
 * The complete lines of `path` from byte `from` on, at most about
 * `chunkBytes` of them (a single longer line is read whole). Null when the
 * file does not exist. A path that is not a regular file inside the state
 * directory (a FIFO, a device, a link out) is never opened: it throws
 * `BadLogFile` (src/store/log_file.ts), so nothing can block. Synchronous: a
 * local read of a chunk costs a third of the CPU of an asynchronous one, and
 * `ship` reads half a gigabyte at a time when it catches up.
 *
 * @example
 * ```ts
 * const c = readCompleteLinesSync(".taskline/tasks/001-x/events.jsonl", 0);
 * if (c) console.log(c.bytes.length, "bytes of complete lines");
 * ```
 */
export function readCompleteLinesSync(
  path: string,
  from: number,
  options: ReadLinesOptions = {},
): RawChunk | null {
  const file = openLogFileSync(path);
  if (file === null) return null;
  try {
    const st = file.statSync();
    const size = st.size;
    if (size <= from) return { size, bytes: new Uint8Array(0) };
    let want = Math.min(options.chunkBytes ?? 1024 * 1024, size - from);
    const max = options.lineBytesMax ?? 64 * 1024 * 1024;
    for (;;) {
      const buf = new Uint8Array(want);
      file.seekSync(from, Deno.SeekMode.Start);
      let got = 0;
      while (got < want) {
        const n = file.readSync(buf.subarray(got));
        if (n === null || n === 0) break;
        got += n;
      }
      const end = buf.subarray(0, got).lastIndexOf(10);
      if (end >= 0) return { size, bytes: buf.subarray(0, end + 1) };
      // No newline in what was read: a line longer than a chunk, or one being written.
      if (got < want || from + got >= size || want >= max) {
        return { size, bytes: new Uint8Array(0) };
      }
      want = Math.min(want * 4, max, size - from);
    }
  } finally {
    file.close();
  }
}

/** Whether two byte arrays are equal. */
export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A short hash of bytes (FNV-1a, 32 bits, hex): tells contents apart in message ids. */
export function shortHash(bytes: Uint8Array): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) {
    h ^= bytes[i];
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, "0") + bytes.length.toString(16);
}
