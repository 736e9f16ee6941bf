/**
 * The task lock: `tasks/<dir>/run.lock`, an OS lock held by the process that
 * runs the task (or records into it). The OS drops it when the process dies,
 * even by SIGKILL.
 *
 * @module
 */
import { TasklineError } from "../errors.ts";
import type { StateDir } from "./state_dir.ts";

/**
 * How long taking the lock is tried again while it is held, in ms: a probe
 * of isTaskRunning holds it for well under a millisecond; a run holds it
 * for its whole length.
 */
const PROBE_WAIT_MS = 100;

/** A held task lock. */
export interface TaskLock extends Disposable {
  release(): void;
}

/**
 * Takes the task's lock, or throws `task-running` when another process
 * holds it.
 *
 * @example
 * ```ts
 * using lock = await acquireTaskLock(state, "001-add-login");
 * ```
 */
export async function acquireTaskLock(state: StateDir, dir: string): Promise<TaskLock> {
  const path = state.lockPath(dir);
  const file = await Deno.open(path, { read: true, write: true, create: true });
  let locked = false;
  try {
    // A reader that asks whether the task runs (isTaskRunning) holds a
    // shared lock for an instant: tried again for a little while before the
    // lock counts as held by a run.
    const until = Date.now() + PROBE_WAIT_MS;
    while (!(locked = await file.tryLock(true)) && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 2));
    }
  } catch (e) {
    file.close();
    throw new TasklineError("io", `Cannot lock ${path}: ${(e as Error).message}`);
  }
  if (!locked) {
    file.close();
    throw new TasklineError(
      "task-running",
      `Cannot run task ${dir}: another process is running it (it holds ${path})`,
    );
  }
  return heldLock(file);
}

/** Whether a process holds the task's lock right now. */
export async function isTaskRunning(state: StateDir, dir: string): Promise<boolean> {
  let file: Deno.FsFile;
  try {
    file = await Deno.open(state.lockPath(dir), { read: true });
  } catch {
    return false;
  }
  try {
    const free = await file.tryLock(false);
    if (free) await file.unlock();
    return !free;
  } catch {
    return false;
  } finally {
    file.close();
  }
}

/**
 * Takes the project's server lock (`.taskline/serve.lock`) if no other
 * process holds it: null when another `taskline serve` runs for the
 * project (the OS drops the lock when a server dies, even by SIGKILL).
 *
 * @example
 * ```ts
 * const lock = await tryServeLock(state);
 * if (!lock) console.error("another server runs for this project");
 * ```
 */
export async function tryServeLock(state: StateDir): Promise<TaskLock | null> {
  const file = await Deno.open(state.serveLockPath, { read: true, write: true, create: true });
  let locked = true;
  try {
    locked = await file.tryLock(true);
  } catch {
    // A file system without locks: nothing can be told, so nothing is.
  }
  if (!locked) {
    file.close();
    return null;
  }
  // Removed while still held when the server stops: it leaves nothing behind.
  return heldLock(file, state.serveLockPath);
}

/** The handle of a lock `file` holds: released (and the file closed, `removePath` removed first) once. */
function heldLock(file: Deno.FsFile, removePath?: string): TaskLock {
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    if (removePath !== undefined) {
      try {
        Deno.removeSync(removePath);
      } catch { /* gone already */ }
    }
    try {
      file.unlockSync();
    } catch { /* closing releases it too */ }
    file.close();
  };
  return { release, [Symbol.dispose]: release };
}
