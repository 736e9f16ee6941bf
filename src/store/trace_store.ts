/**
 * The trace store: the complete output of each tool call in
 * `tool-output/<task dir>/<run>/<call>.txt`, cut at `trace_max_chars` with a
 * marker line.
 *
 * @module
 */
import { type StateDir, writeFileAtomicSync } from "./state_dir.ts";

/**
 * Characters of the preview in `tool_returned`. A character is a Unicode code
 * point (an emoji is one, not the two UTF-16 units JavaScript counts), here,
 * in `output_chars` and in `trace_max_chars`.
 */
export const PREVIEW_CHARS = 200;

/** The first 200 characters of an output. */
export function previewOf(output: string): string {
  return cutChars(output, PREVIEW_CHARS);
}

/** The number of characters (code points) of a text; a lone surrogate counts as one. */
export function charCount(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/** The first `n` characters (code points) of a text: a surrogate pair is never split. */
function cutChars(text: string, n: number): string {
  if (text.length <= n) return text;
  let i = 0;
  for (let k = 0; k < n && i < text.length; k++) {
    const c = text.charCodeAt(i);
    const d = text.charCodeAt(i + 1);
    i += c >= 0xd800 && c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff ? 2 : 1;
  }
  return text.slice(0, i);
}

/** The marker line that ends a cut trace file. */
export function cutMarker(kept: number, total: number): string {
  return `[taskline: output cut to the first ${kept} of ${total} characters]`;
}

/**
 * The text of a trace file for `output`: the output itself when it fits in
 * `maxChars`, else its beginning followed by the marker line, the whole file
 * within `maxChars` characters.
 */
export function traceFileText(output: string, maxChars: number): string {
  if (output.length <= maxChars) return output;
  const total = charCount(output);
  if (total <= maxChars) return output;
  // The marker's digits depend on what is kept; its length at most this (ASCII: units are characters).
  const room = Math.max(0, maxChars - cutMarker(maxChars, total).length - 2);
  const kept = cutChars(output, room);
  const sep = kept === "" || kept.endsWith("\n") ? "" : "\n";
  // `kept` holds `room` characters: the output has more than `maxChars`.
  return `${kept}${sep}${cutMarker(room, total)}\n`;
}

/** Options of {@link writeTraceOutput}. */
export interface WriteTraceOptions {
  /** Longest file, in characters. Default 100000. */
  maxChars?: number;
}

/**
 * Writes the complete output of a call to the trace store. Returns the path
 * to put in `output_file` (relative to the project root, the directory that
 * holds the state directory, whether `state.root` is relative or absolute),
 * or null when the file could not be written.
 */
export async function writeTraceOutput(
  state: StateDir,
  where: { dir: string; run: string; call: string },
  output: string,
  options: WriteTraceOptions = {},
): Promise<string | null> {
  // A call id is 12 hex digits; anything else could name a path outside the store.
  if (!/^[0-9a-f]{12}$/.test(where.call) || /[/\\]|^\.\.?$/.test(where.run)) return null;
  const path = state.traceFile(where.dir, where.run, where.call);
  const dir = `${state.toolOutputDir}/${where.dir}/${where.run}`;
  const text = traceFileText(output, options.maxChars ?? 100_000);
  try {
    // Synchronous: a producer with thousands of outputs writes one after the
    // other, and an asynchronous step each (a trip to another thread) cost
    // several times the write. The run's directory is made once.
    if (!madeDirs.has(dir)) {
      Deno.mkdirSync(dir, { recursive: true });
      rememberDir(dir);
    }
    // Through a temporary file: a reader never sees an output half written.
    try {
      writeFileAtomicSync(path, text);
    } catch (e) {
      if (!(e instanceof Deno.errors.NotFound)) throw e;
      // The directory was removed meanwhile (the task discarded): made again.
      Deno.mkdirSync(dir, { recursive: true });
      writeFileAtomicSync(path, text);
    }
    const stateDirName = state.root.split("/").filter((p) => p !== "" && p !== ".").pop() ??
      ".taskline";
    return `${stateDirName}/tool-output/${where.dir}/${where.run}/${where.call}.txt`;
  } catch {
    madeDirs.delete(dir);
    // A file cut short by a full disk would be served as the complete output: remove it.
    await Deno.remove(path).catch(() => {});
    return null;
  }
}

/** Directories of the trace store this process has made (a bounded memory of them). */
const madeDirs = new Set<string>();

function rememberDir(dir: string): void {
  if (madeDirs.size >= 1024) madeDirs.clear();
  madeDirs.add(dir);
}
