/**
 * Following one log: what is appended, as it is appended, until stopped.
 *
 * @module
 */
import { LogTail, type LogTailOptions, type TailBatch } from "./log_tail.ts";
import { Wakeup } from "./wakeup.ts";
import { watchDir } from "./watch_dir.ts";

/** Options of {@link tailLog}. */
export interface TailLogOptions extends Omit<LogTailOptions, "light"> {
  /** The slow poll that covers missed notifications, in ms. Default 1000. */
  pollIntervalMs?: number;
  /** Stops the tail (the generator rejects with the signal's reason). */
  signal?: AbortSignal;
}

/**
 * Follows one log: yields what is appended as it is appended, forever (until
 * `signal` is aborted or the consumer stops). A batch with `atEnd` is
 * yielded each time the reader reaches the end, even when it is empty (and
 * `caughtUp` unless a last line is half written), so that the consumer can
 * decide to stop: a writer that died in the middle of a line never
 * completes it.
 *
 * @example
 * ```ts
 * for await (const b of tailLog(path, { from: 0, signal })) {
 *   for (const r of b.records) print(r);
 *   if (b.caughtUp && done()) break;
 * }
 * ```
 */
export async function* tailLog(
  path: string,
  options: TailLogOptions = {},
): AsyncGenerator<TailBatch> {
  const tail = new LogTail(path, options);
  const wakeup = new Wakeup();
  const dir = path.includes("/") ? path.slice(0, path.lastIndexOf("/")) || "/" : ".";
  const stopWatch = watchDir(dir, () => wakeup.wake(), {
    signal: options.signal,
    recursive: false,
  });
  try {
    for (;;) {
      options.signal?.throwIfAborted();
      const b = await tail.read();
      if (b.records.length > 0 || b.atEnd) yield b;
      // At the end (a half-written line included: a killed writer may leave
      // one until its resume) wait for a change rather than spin.
      if (b.atEnd) await wakeup.wait(options.pollIntervalMs ?? 1000, options.signal);
    }
  } finally {
    stopWatch();
  }
}
