/**
 * The `taskline` program. The only place that exits the process.
 *
 * It runs the bundle of src/app/program.ts (`deno task bundle` makes it; a
 * test fails while it is stale): one module to load instead of over a
 * hundred, which makes every start about 10 ms shorter.
 *
 * @module
 */
// @ts-types="./src/app/program.ts"
import { ALL_COMMANDS, run, WriterSink } from "./dist/taskline.js";

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
  Deno.exit(controller.signal.aborted && code === 0 ? 130 : code);
}
