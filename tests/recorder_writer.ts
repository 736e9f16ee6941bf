/**
 * A tiny writer for the process tests: opens a RunRecorder on a task of the
 * project in the current directory and emits events, so that tests can run
 * two writers at once or kill one mid-run. Run it from the project root
 * under the shipped permissions:
 *
 * ```sh
 * deno run <PERMISSION_FLAGS> tests/recorder_writer.ts <task dir> <new|resume|auto> <events> <delay ms> [<max event bytes>]
 * ```
 *
 * Prints `started <run> <seq>` once `run_started` is written and
 * `finished <seq>` at the end. With `WRITER_HOLD=<path>` in its environment
 * (a path under `.taskline/`), it holds its run open after its events, until
 * that file exists: a test can act while it surely runs. On an error it
 * prints `<code>: <message>` on stderr and exits 1.
 *
 * @module
 */
import { RunRecorder } from "../src/store/recorder.ts";
import { StateDir } from "../src/store/state_dir.ts";
import { readTask } from "../src/store/tasks.ts";
import { findCurrentRun } from "../src/store/log_reader.ts";
import { TasklineError } from "../src/errors.ts";

const [dir, modeArg, countArg, delayArg, bytesArg] = Deno.args;
const count = Number(countArg ?? 10);
const delayMs = Number(delayArg ?? 0);
const maxBytes = Number(bytesArg ?? 100);

async function main(): Promise<number> {
  const state = new StateDir();
  const task = await readTask(state, dir);
  let mode = modeArg as "new" | "resume" | "auto";
  if (mode === "auto") {
    mode = (await findCurrentRun(state.logPath(dir))) ? "resume" : "new";
  }
  const rec = await RunRecorder.open(state, task, { mode });
  try {
    rec.start();
    console.log(`started ${rec.run} ${rec.seq}`);
    for (let i = 0; i < count; i++) {
      // Sizes vary so that a kill can fall in the middle of a large write.
      const size = Math.floor(Math.random() * maxBytes);
      rec.emit({ type: "agent_text", role: "coder", text: "t".repeat(size) });
      if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
    }
    const hold = Deno.env.get("WRITER_HOLD");
    if (hold) {
      console.log(`holding ${rec.seq}`);
      for (;;) {
        try {
          await Deno.stat(hold);
          break;
        } catch {
          await new Promise((r) => setTimeout(r, 20));
        }
      }
    }
    await rec.finish({ success: true, status: "done" });
    console.log(`finished ${rec.seq}`);
  } finally {
    await rec.close();
  }
  return 0;
}

try {
  Deno.exit(await main());
} catch (e) {
  const code = e instanceof TasklineError ? e.code : "error";
  console.error(`${code}: ${(e as Error).message}`);
  Deno.exit(1);
}
