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
