/**
 * The `taskline` program. The only place that exits the process.
 *
 * @module
 */
import { run } from "./src/cli/main.ts";
import { ALL_COMMANDS } from "./src/app/commands.ts";
import { WriterSink } from "./src/cli/io.ts";

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
