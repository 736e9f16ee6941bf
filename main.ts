/**
 * The `taskline` program. The only place that exits the process.
 *
 * It runs the sources as written. What is installed (`deno task install`,
 * `deno task compile`) is the bundle of this module, made at install time
 * (scripts/build_program.ts): one module to load instead of over a hundred,
 * which makes every start about 10 ms shorter.
 *
 * @module
 */
import { ALL_COMMANDS, run, WriterSink } from "./src/app/program.ts";

/**
 * A start slower than this compiled its code (the bundle: about 10 ms more
 * than a start that found its code cache; measured 14 ms against 4 to 6).
 */
const COLD_START_MS = 9;
/**
 * On a cold start, aborted once the event loop has turned: an unreferenced
 * timer, which keeps nothing alive. Null on a warm start (it costs 0.5 ms).
 */
const TURNED = performance.now() > COLD_START_MS ? AbortSignal.timeout(0) : null;

if (import.meta.main) {
  const controller = new AbortController();
  let interrupts = 0;
  const onSignal = () => {
    interrupts++;
    if (interrupts > 1) Deno.exit(130);
    controller.abort(new DOMException("interrupted", "AbortError"));
  };
  Deno.addSignalListener("SIGINT", onSignal);
  Deno.addSignalListener("SIGTERM", onSignal);
  const code = await run(Deno.args, {
    stdout: new WriterSink(Deno.stdout, {
      isTerminal: Deno.stdout.isTerminal(),
      sync: true,
      writeBehind: true,
    }),
    stderr: new WriterSink(Deno.stderr, {
      isTerminal: Deno.stderr.isTerminal(),
      bufferBytes: 0,
      sync: true,
    }),
    // Made only for the commands that read it: the streams API loads at its first use.
    get stdin() {
      return Deno.stdin.readable;
    },
    env: (name) => Deno.env.get(name),
    signal: controller.signal,
  }, ALL_COMMANDS);
  // Deno stores the V8 code cache of a module it compiled from its event
  // loop. A command that never waits on it (small logs are read
  // synchronously, then Deno.exit) would never store it, and every start
  // would compile the bundle again (10 ms). So a cold start whose command
  // never let the loop turn waits for it to turn once before it exits.
  // - A timer, because an operation can complete before the loop gets to
  //   the cache (an lstat stored it in 7 of 10 cold starts under load); this
  //   one, because the global setTimeout loads Node's timers first (10 ms
  //   against 3.5).
  // - Only if the loop never turned: a turn after a follower ends can hang
  //   (Deno's watcher thread opens the files it reports, and blocks in the
  //   open of a log swapped for a FIFO; closing the watcher then waits for
  //   that thread). Deno.exit does not wait for it.
  if (TURNED !== null && !TURNED.aborted) {
    await new Promise((resolve) => TURNED.addEventListener("abort", resolve));
  }
  Deno.exit(controller.signal.aborted && code === 0 ? 130 : code);
}
