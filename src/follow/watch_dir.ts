/**
 * File system notifications of a directory, as calls with their paths.
 *
 * @module
 */
/**
 * Calls `onChange` with the paths of each file system notification under
 * `dir` (recursively) until the returned function is called or `signal` is
 * aborted. A directory that cannot be watched (it does not exist yet, or the
 * system is out of watches) is not an error: callers poll as well.
 */
export function watchDir(
  dir: string,
  onChange: (paths: string[]) => void,
  options: { signal?: AbortSignal; recursive?: boolean } = {},
): () => void {
  let watcher: Deno.FsWatcher | null = null;
  try {
    watcher = Deno.watchFs(dir, { recursive: options.recursive ?? true });
  } catch {
    return () => {};
  }
  const w = watcher;
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    options.signal?.removeEventListener("abort", close);
    try {
      w.close();
    } catch { /* closed already */ }
  };
  options.signal?.addEventListener("abort", close, { once: true });
  (async () => {
    try {
      for await (const ev of w) onChange(ev.paths);
    } catch { /* the watcher went away: polling goes on */ }
  })();
  return close;
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

/** FIFOs held open by {@link holdFifo}, by path. */
const heldFifos = new Map<string, Deno.FsFile>();

/**
 * Holds open a FIFO found under a watched directory, until it is no longer
 * there: a call for a path that is no longer that FIFO lets go of it.
 *
 * Deno's watcher compares each path it reports with the watched one by
 * opening both, on the one thread that all of a process's watchers share.
 * The open of a FIFO waits for a writer: that thread stops there, no later
 * change of any task is reported (followers fall back on their poll), and
 * the process hung as it stopped (its main thread waited on that thread).
 * Held open for reading and writing (an open that never waits on Linux),
 * the FIFO has a writer: the watcher's open returns at once, and the one it
 * is stuck in returns. Nothing is read or written.
 */
export function holdFifo(path: string): void {
  let now: Deno.FileInfo | null = null;
  try {
    now = Deno.lstatSync(path);
  } catch { /* gone */ }
  const held = heldFifos.get(path);
  if (held) {
    let same = false;
    try {
      const st = held.statSync();
      same = now !== null && now.isFifo === true && st.ino === now.ino && st.dev === now.dev;
    } catch { /* closed */ }
    if (same) return;
    heldFifos.delete(path);
    try {
      held.close();
    } catch { /* closed already */ }
  }
  if (now === null || !now.isFifo) return;
  let file: Deno.FsFile;
  try {
    file = Deno.openSync(path, { read: true, write: true });
  } catch {
    return;
  }
  // Swapped between the look and the open: not a FIFO, not held.
  if (!file.statSync().isFifo) {
    file.close();
    return;
  }
  heldFifos.set(path, file);
}

/** The paths of the FIFOs held now. */
export function heldFifoPaths(): string[] {
  return [...heldFifos.keys()];
}
