/**
 * The project the fuzz tests attack: tasks with runs, tool outputs in the
 * trace store, two tasks whose ids share a prefix (an ambiguous reference),
 * a secret file OUTSIDE `.taskline/` and links to it inside the trace store
 * (a call's output file, and a whole run directory). No answer may ever
 * carry the secret.
 *
 * @module
 */
import { RunRecorder } from "../src/store/recorder.ts";
import { createTask, type Task } from "../src/store/tasks.ts";
import { type TempProject, tempProject } from "./helpers.ts";

/** The project and what the fuzzers aim at. */
export interface FuzzProject {
  project: TempProject;
  tasks: Task[];
  /** Text that must never appear in an answer. */
  secret: string;
  /** Calls whose output is kept (12 hex digits), and the call whose output file is a link out. */
  calls: string[];
  linkedCall: string;
  runs: string[];
  /** The kept output of each call, keyed `<task dir>/<call>`. */
  outputs: Map<string, string>;
}

/** Builds the project. Use `await using` on `.project`. */
export async function fuzzProject(): Promise<FuzzProject> {
  const project = await tempProject();
  const { state, dir } = project;
  const secret = `TOP-SECRET-${crypto.randomUUID()}`;
  await Deno.writeTextFile(`${dir}/secret.txt`, secret + "\n");
  await Deno.writeTextFile(`${dir}/.env`, `API_KEY=${secret}\n`);
  const tasks: Task[] = [];
  tasks.push(await createTask(state, "Add login", { id: "abcd1234-0000-4000-8000-000000000001" }));
  tasks.push(await createTask(state, "Fix logout", { id: "abcd1234-0000-4000-8000-000000000002" }));
  tasks.push(await createTask(state, "Empty task"));
  const calls: string[] = [];
  const runs: string[] = [];
  const outputs = new Map<string, string>();
  const linkedCall = "5ec7e75ec7e7";
  for (const task of tasks.slice(0, 2)) {
    const rec = await RunRecorder.open(state, task);
    try {
      rec.start();
      rec.emit({ type: "phase_started", phase: "build" });
      for (let i = 0; i < 3; i++) {
        const call = crypto.randomUUID().replace(/-/g, "").slice(0, 12);
        calls.push(call);
        rec.emit({
          type: "tool_called",
          role: "coder",
          tool: "bash",
          input: { command: `echo ${i}` },
          call,
          subtask: null,
        });
        outputs.set(`${task.dir}/${call}`, `output ${i} of ${task.dir}\n`);
        await rec.toolReturned({
          role: "coder",
          tool: "bash",
          call,
          subtask: null,
          output: `output ${i} of ${task.dir}\n`,
          is_error: false,
          duration_ms: 3,
          exit_code: 0,
        });
      }
      rec.emit({
        type: "tool_called",
        role: "coder",
        tool: "read_file",
        input: { path: "../secret.txt" },
        call: linkedCall,
        subtask: null,
      });
      rec.emit({
        type: "tool_returned",
        role: "coder",
        tool: "read_file",
        is_error: false,
        duration_ms: 1,
        preview: "(kept)",
        call: linkedCall,
        subtask: null,
        exit_code: null,
        timed_out: false,
        output_chars: 10,
        output_file: `.taskline/tool-output/${task.dir}/${rec.run}/${linkedCall}.txt`,
      });
      runs.push(rec.run);
      // The kept output of this call is a link to the secret outside the state directory.
      const runDir = `${state.root}/tool-output/${task.dir}/${rec.run}`;
      await Deno.mkdir(runDir, { recursive: true });
      await Deno.symlink(`${dir}/secret.txt`, `${runDir}/${linkedCall}.txt`);
      // And a run directory that is a link out of the store.
      await Deno.symlink(dir, `${state.root}/tool-output/${task.dir}/${crypto.randomUUID()}`);
      await rec.finish({ success: true, status: "done" });
    } finally {
      await rec.close();
    }
  }
  return { project, tasks, secret, calls, linkedCall, runs, outputs };
}
