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
