/**
 * Opening a task's log only when it is a log: a regular file inside the
 * state directory. A project's `.taskline/` is written by other programs, and
 * a task directory can hold anything at `events.jsonl`: a FIFO (opening it
 * for reading blocks until a writer comes, so a reader would hang), a socket,
 * a device, a directory, or a symbolic link leading out of `.taskline/`
 * (Deno's path permissions follow links without checking where they lead).
 *
 * What the path is gets checked before it is opened (`lstat`, and for a link
 * its real path and what it leads to), so nothing can block; after opening,
 * the open file is checked again (`fstat`: the same regular file). Such a log
 * is its task's problem: {@link BadLogFile} names the path and what it is,
 * and every reader skips that task (or answers for it alone), never the
 * whole project.
 *
 * One window is left: a regular file replaced by a FIFO between the check
 * and the open (microseconds) would still block that one open. Deno's open
 * takes no `O_NONBLOCK`.
 *
 * @module
 */
import { TasklineError } from "../errors.ts";

/** What a log that is not a log is. */
export type BadLogKind =
  | "fifo"
  | "socket"
  | "device"
  | "directory"
  | "symlink-out"
  | "dangling-symlink"
  | "other";

const KIND_TEXT: Record<BadLogKind, string> = {
  fifo: "a FIFO (named pipe)",
  socket: "a socket",
  device: "a device",
  directory: "a directory",
  "symlink-out": "a symbolic link leading out of the state directory",
  "dangling-symlink": "a symbolic link to nothing",
  other: "not a regular file",
};

/** What a bad log is, in words: "it is a FIFO (named pipe), not a regular file". */
export function whatOf(kind: BadLogKind, target: string | null = null): string {
  return `it is ${KIND_TEXT[kind]}${target !== null ? ` (${target})` : ""}, not a regular file`;
}

/**
 * A task's log is not a regular file inside the state directory.
 *
 * @example
 * ```ts
 * try {
 *   await openLogFile(path);
 * } catch (e) {
 *   if (e instanceof BadLogFile) console.error(e.message); // "Cannot read .taskline/tasks/002-x/events.jsonl: it is a FIFO (named pipe), not a regular file"
 * }
 * ```
 */
export class BadLogFile extends TasklineError {
  override name = "BadLogFile";
  /** The log's path, as given. */
  readonly path: string;
  readonly kind: BadLogKind;
  /** Where a symbolic link leads, when it is one. */
  readonly target: string | null;
  /** The message without the path: "it is a FIFO (named pipe), not a regular file". */
  get what(): string {
    return whatOf(this.kind, this.target);
  }

  constructor(path: string, kind: BadLogKind, target: string | null = null) {
    super("bad-log-file", `Cannot read ${path}: ${whatOf(kind, target)}`, {
      details: { path, kind, ...(target !== null ? { target } : {}) },
    });
    this.path = path;
    this.kind = kind;
    this.target = target;
  }
}

/** Options of {@link checkLogFile} and {@link openLogFile}. */
export interface LogFileOptions {
  /**
   * The state directory the log must stay inside. Default: three levels up
   * from the log (`<root>/tasks/<dir>/events.jsonl`).
   */
  root?: string;
}

function kindOf(st: Deno.FileInfo): BadLogKind | null {
  if (st.isFile) return null;
  if (st.isDirectory) return "directory";
  if (st.isFifo) return "fifo";
  if (st.isSocket) return "socket";
  if (st.isCharDevice || st.isBlockDevice) return "device";
  if (st.isSymlink) return "dangling-symlink";
  return "other";
}

function rootOf(path: string, options: LogFileOptions): string {
  if (options.root !== undefined) return options.root;
  const parts = path.split("/");
  // <root>/tasks/<dir>/events.jsonl
  return parts.length >= 4 ? parts.slice(0, -3).join("/") || "/" : ".";
}

function inside(real: string, realRoot: string): boolean {
  return real === realRoot || real.startsWith(realRoot.endsWith("/") ? realRoot : realRoot + "/");
}

function isNotFound(e: unknown): boolean {
  return e instanceof Deno.errors.NotFound;
}

/**
 * What the log at `path` is, without opening it: its file info when it is a
 * regular file inside the state directory (directly or through a link that
 * stays inside), null when nothing is there.
 *
 * @throws BadLogFile when it is anything else.
 */
export function checkLogFile(
  path: string,
  options: LogFileOptions = {},
): Promise<Deno.FileInfo | null> {
  // Synchronous calls: none of them can block on what the path is, and each
  // asynchronous one costs a trip through the runtime's thread pool. (What
  // the check throws, the promise rejects with.)
  return new Promise((resolve) => resolve(checkLogFileSync(path, options)));
}

/** {@link checkLogFile}, synchronously. */
export function checkLogFileSync(
  path: string,
  options: LogFileOptions = {},
): Deno.FileInfo | null {
  let st: Deno.FileInfo;
  try {
    st = Deno.lstatSync(path);
  } catch (e) {
    if (isNotFound(e)) return null;
    throw e;
  }
  if (!st.isSymlink) {
    const kind = kindOf(st);
    if (kind !== null) throw new BadLogFile(path, kind);
    return st;
  }
  let real: string;
  try {
    real = Deno.realPathSync(path);
  } catch (e) {
    if (!isNotFound(e)) throw e;
    let target: string | null = null;
    try {
      target = Deno.readLinkSync(path);
    } catch { /* gone meanwhile */ }
    throw new BadLogFile(path, "dangling-symlink", target);
  }
  let realRoot: string;
  try {
    realRoot = Deno.realPathSync(rootOf(path, options));
  } catch {
    throw new BadLogFile(path, "symlink-out", real);
  }
  if (!inside(real, realRoot)) throw new BadLogFile(path, "symlink-out", real);
  const target = Deno.statSync(real);
  const kind = kindOf(target);
  if (kind !== null) throw new BadLogFile(path, kind, real);
  return target;
}

/**
 * The open file must be a regular file: the path may have been swapped
 * between the check and the open (a directory opens without blocking).
 */
function verifyOpen(path: string, now: Deno.FileInfo): void {
  const kind = kindOf(now);
  if (kind !== null) throw new BadLogFile(path, kind);
}

/** See {@link openLogsSynchronously}. */
let syncOpens = false;

/**
 * Makes {@link openLogFile} open with a synchronous call, for a command that
 * reads logs for itself alone (`events`, `history`, `trace`): an
 * asynchronous open is a trip through the runtime's thread pool, a good
 * part of a short command's start. The one open that could wait (a log
 * swapped for a FIFO between the check and the open) stops such a command
 * either way. The server and the terminal UI keep asynchronous opens:
 * there, that open would stop one reader, not the program.
 */
export function openLogsSynchronously(): void {
  syncOpens = true;
}

/**
 * Opens a task's log for reading when it is a log (see the module
 * documentation); null when it does not exist. Never blocks on what the
 * path turns out to be.
 *
 * @example
 * ```ts
 * const file = await openLogFile(".taskline/tasks/001-x/events.jsonl");
 * if (file) try { await file.read(buf); } finally { file.close(); }
 * ```
 * @throws BadLogFile when it is not a regular file inside the state directory.
 */
export async function openLogFile(
  path: string,
  options: LogFileOptions = {},
): Promise<Deno.FsFile | null> {
  if (syncOpens) return openLogFileSync(path, options);
  if ((await checkLogFile(path, options)) === null) return null;
  let file: Deno.FsFile;
  try {
    file = await Deno.open(path, { read: true });
  } catch (e) {
    if (isNotFound(e)) return null;
    throw e;
  }
  try {
    verifyOpen(path, file.statSync());
  } catch (e) {
    file.close();
    throw e;
  }
  return file;
}

/** {@link openLogFile}, synchronously. */
export function openLogFileSync(path: string, options: LogFileOptions = {}): Deno.FsFile | null {
  if (checkLogFileSync(path, options) === null) return null;
  let file: Deno.FsFile;
  try {
    file = Deno.openSync(path, { read: true });
  } catch (e) {
    if (isNotFound(e)) return null;
    throw e;
  }
  try {
    verifyOpen(path, file.statSync());
  } catch (e) {
    file.close();
    throw e;
  }
  return file;
}

/**
 * Reads of at most this many bytes are made synchronously: they take
 * microseconds (a regular file's read never waits for a writer), and an
 * asynchronous read costs a trip through the runtime's thread pool. Larger
 * reads are asynchronous, so that a long scan never holds the event loop.
 */
const SYNC_READ_BYTES = 64 * 1024;

/** Up to `len` bytes of `file` from byte `at` (fewer at its end). */
export async function readAt(file: Deno.FsFile, at: number, len: number): Promise<Uint8Array> {
  const out = new Uint8Array(len);
  const sync = len <= SYNC_READ_BYTES;
  if (sync) file.seekSync(at, Deno.SeekMode.Start);
  else await file.seek(at, Deno.SeekMode.Start);
  let got = 0;
  while (got < len) {
    const n = sync ? file.readSync(out.subarray(got)) : await file.read(out.subarray(got));
    if (n === null || n === 0) break;
    got += n;
  }
  return got === len ? out : out.subarray(0, got);
}

/** The offset of the last newline of `file` before byte `end`; -1 when there is none. */
export async function lastNewlineBefore(file: Deno.FsFile, end: number): Promise<number> {
  let pos = end;
  // Most last lines are short: small reads first (4, 16, 64 KiB), then
  // steps of 1 MiB (asynchronous ones: see readAt) through a long line.
  for (let window = 4096; pos > 0; window = window < 65536 ? window * 4 : 1024 * 1024) {
    const start = Math.max(0, pos - window);
    const bytes = await readAt(file, start, pos - start);
    const i = bytes.lastIndexOf(10);
    if (i >= 0) return start + i;
    pos = start;
  }
  return -1;
}

/** {@link lastNewlineBefore}, synchronously. */
export function lastNewlineBeforeSync(file: Deno.FsFile, end: number): number {
  let buf = new Uint8Array(Math.min(4096, end));
  let pos = end;
  while (pos > 0) {
    const start = Math.max(0, pos - buf.length);
    file.seekSync(start, Deno.SeekMode.Start);
    let got = 0;
    while (got < pos - start) {
      const n = file.readSync(buf.subarray(got, pos - start));
      if (n === null || n === 0) break;
      got += n;
    }
    const i = buf.subarray(0, got).lastIndexOf(10);
    if (i >= 0) return start + i;
    pos = start;
    if (buf.length < 65536) buf = new Uint8Array(Math.min(65536, buf.length * 4));
  }
  return -1;
}

/**
 * The bytes of a file of the state directory other than a log (`task.json`,
 * a kept tool output, `config.jsonc`, a credentials file), or null when it
 * does not exist. As for a log, a path that is not a regular file inside the
 * state directory `root` (a FIFO would block the read until a writer comes)
 * is never opened.
 *
 * @example
 * ```ts
 * const bytes = await readRegularFile(".taskline/config.jsonc", { root: ".taskline" });
 * ```
 * @throws BadLogFile when it is not a regular file inside the state directory.
 */
export async function readRegularFile(
  path: string,
  options: LogFileOptions = {},
): Promise<Uint8Array | null> {
  const file = await openLogFile(path, options);
  if (file === null) return null;
  try {
    const size = file.statSync().size;
    const buf = new Uint8Array(size);
    let got = 0;
    while (got < size) {
      const n = await file.read(buf.subarray(got));
      if (n === null || n === 0) break;
      got += n;
    }
    return got === size ? buf : buf.subarray(0, got);
  } finally {
    file.close();
  }
}

/** {@link readRegularFile}, synchronously (ship reads thousands of small files a pass). */
export function readRegularFileSync(
  path: string,
  options: LogFileOptions = {},
): Uint8Array | null {
  const file = openLogFileSync(path, options);
  if (file === null) return null;
  try {
    const size = file.statSync().size;
    const buf = new Uint8Array(size);
    let got = 0;
    while (got < size) {
      const n = file.readSync(buf.subarray(got));
      if (n === null || n === 0) break;
      got += n;
    }
    return got === size ? buf : buf.subarray(0, got);
  } finally {
    file.close();
  }
}
