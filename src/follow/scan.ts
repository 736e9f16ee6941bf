/**
 * A fast filtered read of a log: only the lines that contain one of a few
 * needles (event type names in quotes) are cut out and decoded; the rest of
 * the file is searched, not split into lines. This is what makes
 * `taskline events <task> --type T --json` on a log of gigabytes cost
 * little more than reading it.
 *
 * Lines are found by a regular expression run over each decoded chunk, so
 * the cost of a line that does not match is a few machine instructions a
 * byte. A matching line is decoded in full (`JSON.parse`): what is given out
 * is exactly what {@link readLog} would give with the same needles as
 * prefilter.
 *
 * @module
 */
import { decodeLine } from "../codec/decode.ts";
import type { LogProblem, LogRecord } from "../store/log_reader.ts";

/** Options of {@link scanLog}. */
export interface ScanLogOptions {
  /** Byte offset to start at (a line start). Default 0. */
  from?: number;
  /** Byte offset to stop at (a line start). Default: the size at open. */
  to?: number;
  /** Bytes read at a time. Default 1 MiB. */
  chunkBytes?: number;
  /** Longest line, in characters; longer matching lines are reported and skipped. Default 64 Mi. */
  lineCharsMax?: number;
  onProblem?: (p: LogProblem) => void;
  signal?: AbortSignal;
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Decoded records of the complete lines between `from` and `to` that
 * contain one of `needles`, in file order, in batches.
 *
 * @example
 * ```ts
 * for await (const records of scanLog(path, ['"tool_called"'])) for (const r of records) print(r);
 * ```
 */
export async function* scanLog(
  path: string,
  needles: readonly string[],
  options: ScanLogOptions = {},
): AsyncGenerator<LogRecord[]> {
  let file: Deno.FsFile;
  try {
    file = await Deno.open(path, { read: true });
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return;
    throw e;
  }
  const re = new RegExp(needles.map(escapeRe).join("|"), "g");
  const lineCharsMax = options.lineCharsMax ?? 64 * 1024 * 1024;
  const decoder = new TextDecoder();
  try {
    const from = options.from ?? 0;
    const to = options.to ?? (await file.stat()).size;
    if (from > 0) await file.seek(from, Deno.SeekMode.Start);
    const buf = new Uint8Array(options.chunkBytes ?? 1024 * 1024);
    let pos = from;
    // The start of a line that continues in the next chunk.
    let carry: string[] = [];
    let carryChars = 0;
    let oversized = false;
    while (pos < to) {
      options.signal?.throwIfAborted();
      const want = Math.min(buf.length, to - pos);
      const n = await file.read(want === buf.length ? buf : buf.subarray(0, want));
      if (n === null || n === 0) break;
      const chunkStart = pos;
      pos += n;
      const s = decoder.decode(buf.subarray(0, n), { stream: pos < to });
      const records: LogRecord[] = [];
      const take = (text: string) => {
        if (text === "") return;
        const d = decodeLine(text);
        if (d.ok) records.push({ env: d.env, upgraded: d.upgraded, text, line: 0 });
        else if (text.trim() !== "") {
          options.onProblem?.({ path, line: 0, offset: chunkStart, reason: d.reason });
        }
      };
      const firstNl = s.indexOf("\n");
      if (firstNl < 0) {
        // The whole chunk is inside one line.
        if (!oversized) {
          carry.push(s);
          carryChars += s.length;
          if (carryChars > lineCharsMax) {
            oversized = true;
            carry = [];
          }
        }
        continue;
      }
      // The line the previous chunks started.
      if (oversized || carryChars > 0) {
        const head = s.slice(0, firstNl);
        if (oversized || carryChars + head.length > lineCharsMax) {
          const line = oversized ? "" : carry.join("") + head;
          if (oversized || matches(re, line)) {
            options.onProblem?.({
              path,
              line: 0,
              offset: chunkStart,
              reason: "line is longer than the reader's limit",
            });
          }
        } else {
          carry.push(head);
          const line = carry.join("");
          if (matches(re, line)) take(line);
        }
        carry = [];
        carryChars = 0;
        oversized = false;
      } else if (firstNl > 0) {
        const line = s.slice(0, firstNl);
        if (matches(re, line)) take(line);
      }
      const lastNl = s.lastIndexOf("\n");
      // Complete lines between the first and the last newline: search, cut out hits.
      re.lastIndex = firstNl + 1;
      for (;;) {
        const m = re.exec(s);
        if (m === null || m.index >= lastNl) break;
        const ls = s.lastIndexOf("\n", m.index) + 1;
        const le = s.indexOf("\n", m.index);
        take(s.slice(ls, le));
        re.lastIndex = le + 1;
      }
      if (lastNl + 1 < s.length) {
        carry.push(s.slice(lastNl + 1));
        carryChars = s.length - lastNl - 1;
      }
      if (records.length > 0) yield records;
    }
    // A last line without its newline is being written: not read.
  } finally {
    file.close();
  }
}

function matches(re: RegExp, line: string): boolean {
  re.lastIndex = 0;
  return re.test(line);
}
