/**
 * The task directories of a project, found and watched: which appear, which
 * are gone, which changed. One module for every reader that follows the
 * whole project (the feed's follower, `ship`).
 *
 * - The tasks directory is watched recursively ({@link watchDir}): a
 *   notification of a followed task's directory marks it changed (its
 *   owner reads it), any other makes the next turn list the tasks directory.
 * - The poll, every `pollIntervalMs`, is the safety net for missed
 *   notifications: it lists the tasks directory (only when its mtime moved:
 *   listing thousands of names every second would cost more than the poll),
 *   and a sweep marks every followed directory changed, a slice of
 *   {@link POLL_SLICE_LOGS} a turn and at most {@link POLL_LOGS_PER_SECOND}
 *   a second (docs/server.md, "Many logs written at once").
 * - The sweep holds open the FIFOs it finds in a task's directory
 *   ({@link holdFifo}): one would stop the watcher of every directory.
 *
 * Its owner runs the turns in its own loop:
 *
 * ```ts
 * const dirs = new TaskDirs(state, { onFound: (dir) => follow(dir), onRemoved: (dir) => drop(dir) });
 * await dirs.scan();                // the first listing: `initial`
 * dirs.watch(signal);
 * for (;;) {
 *   await dirs.turn();
 *   for (const dir of dirs.dirty) read(dir);
 *   dirs.dirty.clear();
 *   await dirs.wait(signal);
 * }
 * ```
 *
 * @module
 */
import type { StateDir } from "../store/state_dir.ts";
import { taskDirNames } from "../store/tasks.ts";
import { heldFifoPaths, holdFifo } from "./hold_fifo.ts";
import { Wakeup } from "./wakeup.ts";
import { watchDir } from "./watch_dir.ts";

/**
 * Directories the sweep looks at in one turn. The poll (every
 * `pollIntervalMs`) is the safety net for changes the watch missed; a look
 * at a quiet log costs an lstat (see log_tail.ts).
 */
export const POLL_SLICE_LOGS = 256;

/**
 * Directories the sweep looks at in a second, at most: a project of more
 * tasks than this is swept more slowly than every `pollIntervalMs` (2,000
 * tasks: every 4 s), so that an idle server does not stat thousands of files
 * a second (2,000 logs cost 2 % of a core idle, and a share of the server's
 * thread under load). New tasks and notified changes are not slowed by it.
 */
export const POLL_LOGS_PER_SECOND = 500;

/** A directory mtime older than this tells every change made before it (clocks are coarse). */
const MTIME_SURE_MS = 2000;

/** Options of {@link TaskDirs}. */
export interface TaskDirsOptions {
  /** The slow poll for missed notifications and new tasks, in ms. Default 1000. */
  pollIntervalMs?: number;
  /**
   * Told of each task directory found (`initial`: by the first listing).
   * Answers true to follow it (it is marked changed now, and whenever it
   * changes), false to pass over it for good, null when it is not (yet) a
   * readable task: it is told again at the next listing.
   */
  onFound: (dir: string, initial: boolean) => Promise<boolean | null> | boolean | null;
  /** Told when a followed directory is no longer there. Default: ignored. */
  onRemoved?: (dir: string) => void;
  /**
   * Told of each path a notification names in a followed directory (the
   * terminal UI reloads a task when its `task.json` changes). Default: ignored.
   */
  onChanged?: (dir: string, path: string) => void;
}

/**
 * The task directories of a project, and which of them changed. See the
 * module documentation.
 */
export class TaskDirs {
  /**
   * Followed directories to read: changed, new, or looked at by the sweep.
   * Its owner takes them (and puts back those it has more of to read).
   */
  readonly dirty = new Set<string>();
  readonly #state: StateDir;
  readonly #options: TaskDirsOptions;
  readonly #pollMs: number;
  readonly #followed = new Set<string>();
  /** Directories that are not (yet) readable tasks: told again at each listing. */
  readonly #skipped = new Set<string>();
  /** Directories passed over for good (see {@link ignore}). */
  readonly #ignored = new Set<string>();
  /** Each task directory's mtime when the sweep last looked for FIFOs in it. */
  readonly #dirMtimes = new Map<string, number>();
  /** Directories the current sweep has still to look at. */
  #sweep: string[] = [];
  readonly #wakeup = new Wakeup();
  #rescan = true;
  #listed = false;
  #tasksDirAbs = "";
  /** The tasks directory's mtime at the last listing (see {@link scan}). */
  #tasksMtime: number | null = null;
  /** When the last poll and the last sweep started (null: the first turn is to come). */
  #lastPoll: number | null = null;
  #lastSweep = 0;

  constructor(state: StateDir, options: TaskDirsOptions) {
    this.#state = state;
    this.#options = options;
    this.#pollMs = options.pollIntervalMs ?? 1000;
  }

  /** How many directories are followed. */
  get size(): number {
    return this.#followed.size;
  }

  /** Whether `dir` is followed. */
  has(dir: string): boolean {
    return this.#followed.has(dir);
  }

  /**
   * Watches the tasks directory until `signal` is aborted. A directory that
   * cannot be watched (it does not exist yet) leaves only the poll.
   */
  watch(signal: AbortSignal): void {
    watchDir(this.#state.tasksDir, (paths) => this.#onChange(paths), { signal });
  }

  #onChange(paths: string[]) {
    for (const p of paths) {
      const dir = taskDirOfPath(this.#tasksDirAbs, p);
      if (dir !== null && this.#followed.has(dir)) {
        this.dirty.add(dir);
        // The directory itself (made, removed, renamed): the listing tells which.
        if (p === `${this.#tasksDirAbs}/${dir}`) this.#rescan = true;
        else this.#options.onChanged?.(dir, p);
      } else this.#rescan = true;
    }
    this.#wakeup.wake();
  }

  /** Wakes {@link wait} (its owner has more to do). */
  wake(): void {
    this.#wakeup.wake();
  }

  /** Passes over `dir` for good: it is no longer followed, nor told again. */
  ignore(dir: string): void {
    this.#followed.delete(dir);
    this.#dirMtimes.delete(dir);
    this.#ignored.add(dir);
  }

  /**
   * Lists the tasks directory: tells of directories found and gone. Its
   * first listing is `initial`; a later one lists only when the tasks
   * directory's mtime moved (a task made or removed), or while a directory
   * is not a readable task yet.
   */
  async scan(): Promise<void> {
    const initial = !this.#listed;
    this.#listed = true;
    if (this.#tasksDirAbs === "") {
      try {
        this.#tasksDirAbs = await Deno.realPath(this.#state.tasksDir);
      } catch { /* not there yet: every notification lists it */ }
    }
    // The tasks directory's mtime moves when a task is made or removed:
    // listing thousands of names every second would cost more than the poll.
    let mtime: number | null = null;
    try {
      mtime = Deno.lstatSync(this.#state.tasksDir).mtime?.getTime() ?? null;
    } catch { /* listed below, which says what is wrong */ }
    if (
      !initial && mtime !== null && mtime === this.#tasksMtime && this.#skipped.size === 0 &&
      Date.now() - mtime > MTIME_SURE_MS
    ) return;
    this.#tasksMtime = mtime;
    const dirs = await taskDirNames(this.#state);
    // A directory gone is told; one made later of the same name is found again.
    const present = new Set(dirs);
    for (const dir of this.#followed) {
      if (present.has(dir)) continue;
      this.#followed.delete(dir);
      this.#dirMtimes.delete(dir);
      this.#options.onRemoved?.(dir);
    }
    for (const dir of dirs) {
      if (this.#followed.has(dir) || this.#ignored.has(dir)) continue;
      const follow = await this.#options.onFound(dir, initial);
      if (follow === null) {
        this.#skipped.add(dir);
        continue;
      }
      this.#skipped.delete(dir);
      if (!follow) {
        this.#ignored.add(dir);
        continue;
      }
      this.#followed.add(dir);
      this.dirty.add(dir);
    }
  }

  /**
   * One turn of its owner's loop: the poll's listing when it is due (or a
   * notification asked for one), and the sweep's next slice marked changed.
   */
  async turn(): Promise<void> {
    const now = Date.now();
    if (this.#lastPoll === null) this.#lastPoll = this.#lastSweep = now;
    if (now - this.#lastPoll >= this.#pollMs) {
      this.#lastPoll = now;
      this.#rescan = true;
    }
    const sweepMs = Math.max(this.#pollMs, (this.#followed.size / POLL_LOGS_PER_SECOND) * 1000);
    // A sweep not finished yet goes on (the directories at its end are not skipped).
    if (now - this.#lastSweep >= sweepMs && this.#sweep.length === 0) {
      this.#lastSweep = now;
      this.#sweep = [...this.#followed];
    }
    if (this.#rescan) {
      this.#rescan = false;
      await this.scan();
    }
    // The sweep looks at a slice of the directories a turn (a look at a
    // quiet log is one lstat): a sweep of thousands never holds back the
    // changes the watch tells of.
    const slice = this.#sweep.splice(0, POLL_SLICE_LOGS);
    for (const dir of slice) {
      this.dirty.add(dir);
      this.#lookForFifos(dir);
    }
  }

  /**
   * Waits for a notification (or {@link wake}) until the next poll is due;
   * while a sweep is under way, only lets the event loop run first.
   */
  async wait(signal: AbortSignal): Promise<void> {
    if (this.#sweep.length > 0) {
      await new Promise((r) => setTimeout(r, 0));
      return;
    }
    const sincePoll = Date.now() - (this.#lastPoll ?? Date.now());
    await this.#wakeup.wait(Math.max(1, this.#pollMs - sincePoll), signal);
  }

  /**
   * Holds open the FIFOs of a task's directory (see holdFifo: a FIFO
   * anywhere under the watched directory stops the watcher), and lets go of
   * those that are gone. The directory is listed only when its mtime moved
   * (or is too recent to be sure of).
   */
  #lookForFifos(dir: string) {
    const path = this.#state.taskDir(dir);
    let mtime: number;
    try {
      mtime = Deno.lstatSync(path).mtime?.getTime() ?? 0;
    } catch {
      return;
    }
    if (this.#dirMtimes.get(dir) === mtime && Date.now() - mtime > MTIME_SURE_MS) return;
    this.#dirMtimes.set(dir, mtime);
    try {
      for (const e of Deno.readDirSync(path)) {
        if (!e.isFile && !e.isDirectory && !e.isSymlink) holdFifo(`${path}/${e.name}`);
      }
    } catch { /* gone meanwhile */ }
    for (const held of heldFifoPaths()) if (held.startsWith(`${path}/`)) holdFifo(held);
  }
}

/**
 * The task directory a notified path is in: the first component of the path
 * below `tasksDirAbs` (the tasks directory's real path); null for a path
 * elsewhere, or when the tasks directory's real path is not known yet.
 */
export function taskDirOfPath(tasksDirAbs: string, path: string): string | null {
  if (tasksDirAbs === "" || !path.startsWith(tasksDirAbs + "/")) return null;
  return path.slice(tasksDirAbs.length + 1).split("/")[0] || null;
}
