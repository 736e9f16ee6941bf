/**
 * The layout of the state directory `.taskline/` in the project root.
 *
 * Paths are relative to the directory taskline starts in, because its
 * permissions (`--allow-read=.taskline`) are.
 *
 * @module
 */
import { TasklineError } from "../errors.ts";

/** Where the files of one project live. */
export class StateDir {
  /** The state directory, for example `.taskline`. */
  readonly root: string;

  constructor(root = ".taskline") {
    this.root = root.replace(/\/+$/, "") || ".";
  }

  get tasksDir(): string {
    return `${this.root}/tasks`;
  }
  get toolOutputDir(): string {
    return `${this.root}/tool-output`;
  }
  get configPath(): string {
    return `${this.root}/config.jsonc`;
  }
  get memoryPath(): string {
    return `${this.root}/memory.jsonl`;
  }
  /**
   * Task numbers being given (`numbers/<N>`, made with an exclusive create
   * and removed once the task exists): two tasks made at the same moment get
   * two numbers.
   */
  get numbersDir(): string {
    return `${this.root}/numbers`;
  }
  get tokenPath(): string {
    return `${this.root}/server.token`;
  }
  /** Held (an OS lock) by the `taskline serve` of the project while it runs. */
  get serveLockPath(): string {
    return `${this.root}/serve.lock`;
  }
  /** The Unix socket a running server listens on for live events of other processes. */
  get liveSocketPath(): string {
    return `${this.root}/live.sock`;
  }
  /**
   * Where a running server tells run processes how to reach its live
   * channel (a loopback port: Deno's net permission of the shipped program
   * does not cover Unix sockets).
   */
  get liveChannelPath(): string {
    return `${this.root}/live.json`;
  }
  /**
   * Where another listener of the live channel (`taskline ship --live`)
   * announces itself: run processes send to the server's and to each of
   * these.
   */
  liveListenerPath(name: string): string {
    return `${this.root}/live-${name}.json`;
  }
  taskDir(dir: string): string {
    return `${this.tasksDir}/${dir}`;
  }
  logPath(dir: string): string {
    return `${this.tasksDir}/${dir}/events.jsonl`;
  }
  taskJsonPath(dir: string): string {
    return `${this.tasksDir}/${dir}/task.json`;
  }
  runJsonPath(dir: string): string {
    return `${this.tasksDir}/${dir}/run.json`;
  }
  lockPath(dir: string): string {
    return `${this.tasksDir}/${dir}/run.lock`;
  }
  cancelPath(dir: string): string {
    return `${this.tasksDir}/${dir}/cancel.request`;
  }
  /** The trace file of one call, relative to the project root when `root` is. */
  traceFile(dir: string, run: string, call: string): string {
    return `${this.toolOutputDir}/${dir}/${run}/${call}.txt`;
  }

  /** Whether the state directory exists. */
  async exists(): Promise<boolean> {
    try {
      return (await Deno.stat(this.root)).isDirectory;
    } catch {
      return false;
    }
  }

  /** Throws (rejects) with a clear error when this is not a taskline project. */
  requireExists(): Promise<void> {
    return new Promise((resolve) => resolve(this.#requireExists()));
  }

  // One stat, made synchronously: an asynchronous one costs a trip through
  // the runtime's thread pool, a good part of a short command's start.
  #requireExists(): void {
    let isDir = false;
    try {
      isDir = Deno.statSync(this.root).isDirectory;
    } catch (e) {
      // The runtime refuses some places whatever the permissions name (a
      // project under /dev, /proc or /sys): say so, not that it is missing.
      if (e instanceof Deno.errors.NotCapable || e instanceof Deno.errors.PermissionDenied) {
        throw new TasklineError(
          "io",
          `Cannot read ${this.root}/ here: the runtime refuses it with taskline's permissions (${
            (e as Error).message.replace(/, run again.*$/, "")
          })`,
        );
      }
    }
    if (!isDir) {
      throw new TasklineError(
        "not-found",
        `No taskline project here: ${this.root}/ does not exist (run \`taskline init\` in the project root)`,
      );
    }
  }
}

/** Writes a file atomically: a temporary file beside it, then a rename. */
export async function writeFileAtomic(path: string, data: string): Promise<void> {
  const tmp = `${path}.${crypto.randomUUID().slice(0, 8)}.tmp`;
  try {
    await Deno.writeTextFile(tmp, data);
    await Deno.rename(tmp, path);
  } catch (e) {
    // A write that failed (a full disk) leaves no half-written file behind.
    await Deno.remove(tmp).catch(() => {});
    throw e;
  }
}

/**
 * {@link writeFileAtomic}, synchronously: for writers of many small files in
 * a row (the trace store), where each asynchronous step's trip to another
 * thread costs more than the write.
 */
export function writeFileAtomicSync(path: string, data: string | Uint8Array): void {
  const tmp = `${path}.${crypto.randomUUID().slice(0, 8)}.tmp`;
  try {
    if (typeof data === "string") Deno.writeTextFileSync(tmp, data);
    else Deno.writeFileSync(tmp, data);
    Deno.renameSync(tmp, path);
  } catch (e) {
    try {
      Deno.removeSync(tmp);
    } catch { /* not there */ }
    throw e;
  }
}

/**
 * Whether a path exists (file or directory).
 *
 * @example
 * ```ts
 * if (await pathExists(state.configPath)) console.log("configured");
 * ```
 */
export async function pathExists(path: string): Promise<boolean> {
  return (await unlessNotFound(Deno.stat(path))) !== null;
}

/**
 * What `p` gives (an open, a read, a stat...), or null when the file it
 * names does not exist; any other error is thrown.
 *
 * @example
 * ```ts
 * const file = await unlessNotFound(Deno.open(path, { read: true }));
 * if (file === null) return; // no such file
 * ```
 */
export async function unlessNotFound<T>(p: Promise<T>): Promise<T | null> {
  try {
    return await p;
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return null;
    throw e;
  }
}

/**
 * What `p` gives, or a user's error (`not-found`, with `message`) when the
 * file it names does not exist; any other error is thrown.
 *
 * @example
 * ```ts
 * const text = await orNotFound(Deno.readTextFile(path), `Cannot import ${path}: no such file`);
 * ```
 */
export async function orNotFound<T>(p: Promise<T>, message: string): Promise<T> {
  try {
    return await p;
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) throw new TasklineError("not-found", message);
    throw e;
  }
}

/**
 * The entries of a directory, none when it does not exist.
 *
 * @example
 * ```ts
 * const dirs = (await dirEntries(state.tasksDir)).filter((e) => e.isDirectory);
 * ```
 */
export function dirEntries(path: string): Promise<Deno.DirEntry[]> {
  const out: Deno.DirEntry[] = [];
  try {
    // Synchronously: reading the names of a directory takes microseconds,
    // and at start-up the first asynchronous read cost a few milliseconds.
    for (const e of Deno.readDirSync(path)) out.push(e);
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) return Promise.reject(e);
  }
  return Promise.resolve(out);
}

/**
 * Reads a small JSON file of the state directory (`task.json`, `run.json`);
 * null when it does not exist. It is read synchronously (microseconds; an
 * asynchronous read is four trips through the runtime's thread pool), and
 * only when it is a regular file: a FIFO would block the read.
 *
 * @throws TasklineError `bad-state-file` when the path is something else (a
 * FIFO, a directory...): the task's state is wrong, not a request (409).
 */
export function readJsonFile(path: string): Promise<unknown | null> {
  return new Promise((resolve) => resolve(readJsonFileSync(path)));
}

function readJsonFileSync(path: string): unknown | null {
  try {
    if (!Deno.statSync(path).isFile) {
      throw new TasklineError("bad-state-file", `${path} is not a regular file`);
    }
    return JSON.parse(Deno.readTextFileSync(path));
  } catch (e) {
    // Gone, or gone between the stat and the read.
    if (e instanceof Deno.errors.NotFound) return null;
    throw e;
  }
}
