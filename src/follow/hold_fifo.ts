/**
 * FIFOs under a watched directory held open, so that Deno's watcher never
 * waits on one (see {@link holdFifo}).
 *
 * @module
 */
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
