/**
 * A scripted writer process for the `taskline events` tests: it writes a
 * task's events through the run recorder, one command a line read from
 * stdin, and answers each with one line on stdout, so that a test decides
 * exactly when each event reaches the log. Run it from the project root
 * under the shipped permissions:
 *
 * ```sh
 * deno run <PERMISSION_FLAGS> tests/events_writer.ts <task dir>
 * ```
 *
 * Commands (JSON, one a line): `{"op":"open","mode":"new"|"resume"|"append"}`,
 * `{"op":"start"}`, `{"op":"emit","event":{...}}`,
 * `{"op":"finish","success":true,"status":"done"}`, `{"op":"close"}`,
 * `{"op":"exit"}`. Answers: `ok <seq>` or `error <message>`.
 *
 * @module
 */
import { type EventInput, RunRecorder } from "../src/store/recorder.ts";
import { StateDir } from "../src/store/state_dir.ts";
import { readTask } from "../src/store/tasks.ts";

const state = new StateDir();
const task = await readTask(state, Deno.args[0]);
let rec: RunRecorder | null = null;

const reader = Deno.stdin.readable.pipeThrough(new TextDecoderStream()).getReader();
let pending = "";
const out = (s: string) => Deno.stdout.writeSync(new TextEncoder().encode(s + "\n"));
loop: for (;;) {
  const { value, done } = await reader.read();
  if (done) break;
  pending += value;
  let nl: number;
  while ((nl = pending.indexOf("\n")) >= 0) {
    const line = pending.slice(0, nl);
    pending = pending.slice(nl + 1);
    if (line.trim() === "") continue;
    const cmd = JSON.parse(line);
    try {
      switch (cmd.op) {
        case "open":
          rec = await RunRecorder.open(state, task, { mode: cmd.mode ?? "new" });
          break;
        case "start":
          rec!.start();
          break;
        case "emit":
          rec!.emit(cmd.event as EventInput);
          break;
        case "finish":
          await rec!.finish({ success: cmd.success === true, status: cmd.status ?? "done" });
          break;
        case "close":
          await rec!.close();
          break;
        case "exit":
          await rec?.close();
          out("ok 0");
          break loop;
      }
      out(`ok ${rec?.seq ?? 0}`);
    } catch (e) {
      out(`error ${(e as Error).message}`);
    }
  }
}
Deno.exit(0);
