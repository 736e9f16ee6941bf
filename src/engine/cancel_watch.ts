/**
 * Noticing `cancel.request`: `taskline cancel` writes it in the task's
 * directory; the running process sees it through a file-system watch and,
 * because watches can miss events (network file systems, overflow), a short
 * poll as well.
 *
 * @module
 */
import type { StateDir } from "../store/state_dir.ts";

/** Options of {@link watchCancel}. */
export interface WatchCancelOptions {
  /** Interval of the poll that backs up the watch, in milliseconds. Default 50. */
  pollIntervalMs?: number;
  /**
   * Also watch the task directory (`Deno.watchFs`). Default true. A process
   * that appends to the log many times a second (`taskline record`) polls
   * only: each append would be a watch event to read.
   */
  watch?: boolean;
}

/** Whether the request file is there; any error reads as "not yet" (a poll must not throw). */
async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Calls `onCancel` once when the task's `cancel.request` appears. Returns a
 * function that stops watching.
 *
 * @example
 * ```ts
 * const stop = watchCancel(state, task.dir, () => controller.abort());
 * ```
 */
export function watchCancel(
  state: StateDir,
  dir: string,
  onCancel: () => void,
  options: WatchCancelOptions = {},
): () => void {
  const path = state.cancelPath(dir);
  let stopped = false;
  let fired = false;
  let checking = false;
  const check = async () => {
    if (stopped || fired || checking) return;
    checking = true;
    try {
      if (await exists(path)) {
        fired = true;
        if (!stopped) onCancel();
      }
    } finally {
      checking = false;
    }
  };
  const interval = setInterval(check, options.pollIntervalMs ?? 50);
  let watcher: Deno.FsWatcher | null = null;
  try {
    if (options.watch === false) throw new Error("polling only");
    watcher = Deno.watchFs(state.taskDir(dir), { recursive: false });
    (async () => {
      try {
        for await (const ev of watcher!) {
          if (ev.paths.some((p) => p.endsWith("/cancel.request"))) await check();
        }
      } catch { /* the poll still runs */ }
    })();
  } catch { /* no watch here: the poll is enough */ }
  void check();
  return () => {
    if (stopped) return;
    stopped = true;
    clearInterval(interval);
    try {
      watcher?.close();
    } catch { /* already closed */ }
  };
}

/** Removes a task's `cancel.request` (a stale one before a run, the answered one after). */
export async function clearCancelRequest(state: StateDir, dir: string): Promise<void> {
  await Deno.remove(state.cancelPath(dir)).catch(() => {});
}
