/**
 * Reading the complete output of one tool call from the trace store,
 * safely: `call` must be 12 hexadecimal digits, and the file's real path
 * (symbolic links resolved) must stay inside `.taskline/tool-output/`,
 * because Deno's path permissions follow links without checking where they
 * lead. Used by `taskline trace --full` and by the server route
 * `GET /api/tasks/{ref}/trace/{call}/output`.
 *
 * @example
 * ```ts
 * const out = await readTraceOutput(state, task, "a1b2c3d4e5f6");
 * if (out === null) return notFound();   // not kept
 * return new Response(out.text, { headers: { "content-type": "text/plain; charset=utf-8" } });
 * ```
 *
 * @module
 */
import { TasklineError } from "../errors.ts";
import type { StateDir } from "../store/state_dir.ts";
import type { Task } from "../store/tasks.ts";

/** A kept output. */
export interface TraceOutput {
  /** The file's text (a cut file ends with the marker line). */
  text: string;
  /** The run the call belongs to. */
  run: string;
  /** Present when the file was cut: the characters kept and the output's length. */
  cut: { kept: number; total: number } | null;
}

/** Options of {@link readTraceOutput}. */
export interface ReadTraceOutputOptions {
  /** The call's run, when known. Default: looked up among the task's runs in the store. */
  run?: string;
  /** Largest file read, in bytes. Default 64 MiB. */
  bytesMax?: number;
}

const CALL = /^[0-9a-fA-F]{12}$/;
const RUN = /^[0-9A-Za-z._-]{1,100}$/;
const MARKER = /\n?\[taskline: output cut to the first (\d+) of (\d+) characters\]\n?$/;

async function realOrNull(path: string): Promise<string | null> {
  try {
    return await Deno.realPath(path);
  } catch {
    return null;
  }
}

/**
 * The complete output of call `call` of `task`, or null when it was not kept
 * (no file in the trace store).
 *
 * @throws TasklineError `bad-request` when `call` is not 12 hexadecimal
 * digits; `bad-state` when the file leads outside `.taskline/tool-output/`.
 */
export async function readTraceOutput(
  state: StateDir,
  task: Task,
  call: string,
  options: ReadTraceOutputOptions = {},
): Promise<TraceOutput | null> {
  if (!CALL.test(call)) {
    throw new TasklineError(
      "bad-request",
      `Cannot read the output of call "${call.slice(0, 40)}": a call is 12 hexadecimal digits`,
    );
  }
  const id = call.toLowerCase();
  if (!RUN.test(task.dir) || task.dir.startsWith(".")) return null;
  const root = await realOrNull(`${state.root}/tool-output`);
  const stateReal = await realOrNull(state.root);
  if (root === null || stateReal === null) return null;
  // The store itself must be the real `.taskline/tool-output`, not a link elsewhere.
  if (root !== `${stateReal}/tool-output`) {
    throw new TasklineError("bad-state", `Refusing to read ${state.toolOutputDir}: it is a link`);
  }
  const runs: string[] = [];
  if (options.run !== undefined) {
    if (RUN.test(options.run) && !options.run.startsWith(".")) runs.push(options.run);
  } else {
    try {
      for await (const e of Deno.readDir(`${state.toolOutputDir}/${task.dir}`)) {
        if (RUN.test(e.name) && !e.name.startsWith(".")) runs.push(e.name);
      }
    } catch {
      return null;
    }
    runs.sort();
  }
  for (const run of runs) {
    const path = state.traceFile(task.dir, run, id);
    const real = await realOrNull(path);
    if (real === null) continue;
    if (!real.startsWith(`${root}/`)) {
      throw new TasklineError(
        "bad-state",
        `Refusing to read the output of call ${id}: ${path} leads outside ${state.toolOutputDir}/`,
      );
    }
    const info = await Deno.stat(real);
    if (!info.isFile) continue;
    if (info.size > (options.bytesMax ?? 64 * 1024 * 1024)) {
      throw new TasklineError("io", `Cannot read ${path}: ${info.size} bytes is too large`);
    }
    const text = await Deno.readTextFile(real);
    const m = MARKER.exec(text);
    return {
      text,
      run,
      cut: m ? { kept: Number(m[1]), total: Number(m[2]) } : null,
    };
  }
  return null;
}
