/**
 * The output route's file access: the kept output of one call, read only
 * from inside `.taskline/tool-output/`. Deno's path permissions follow
 * symbolic links without looking where they lead, so the real path of every
 * file is resolved and refused when it leaves the trace store.
 *
 * @module
 */
import { TasklineError } from "../errors.ts";
import type { StateDir } from "../store/state_dir.ts";
import type { Task } from "../store/tasks.ts";

const CALL_RE = /^[0-9a-f]{12}$/;

/** Throws `bad-request` unless `call` is 12 lowercase hexadecimal digits. */
export function checkCallId(call: string): void {
  if (!CALL_RE.test(call)) {
    throw new TasklineError(
      "bad-request",
      `Cannot read the output of call "${
        call.slice(0, 40)
      }": a call id is 12 hexadecimal digits (lowercase)`,
    );
  }
}

/**
 * Whether `path`'s real location lies inside the trace store. Returns the
 * real path, or null when it leaves the store (or does not exist).
 */
export async function realPathInside(path: string, storeRoot: string): Promise<string | null> {
  let real: string, root: string;
  try {
    [real, root] = await Promise.all([Deno.realPath(path), Deno.realPath(storeRoot)]);
  } catch {
    return null;
  }
  return real.startsWith(root.endsWith("/") ? root : root + "/") ? real : null;
}

/**
 * The kept output of `call` of a task: `tool-output/<task dir>/<run>/<call>.txt`
 * of whichever run kept it.
 *
 * @throws TasklineError `bad-request` when `call` is not a call id;
 * `not-found` when no output of that call was kept, or its file would lie
 * outside the trace store.
 */
export async function readCallOutput(state: StateDir, task: Task, call: string): Promise<string> {
  checkCallId(call);
  const store = state.toolOutputDir;
  const taskDir = `${store}/${task.dir}`;
  const runs: string[] = [];
  try {
    for await (const e of Deno.readDir(taskDir)) {
      if (runs.length >= 10_000) break; // a bound: tasks have a handful of runs
      if (!e.name.startsWith(".")) runs.push(e.name);
    }
  } catch { /* no outputs kept for this task */ }
  runs.sort();
  for (const run of runs) {
    const path = `${taskDir}/${run}/${call}.txt`;
    const real = await realPathInside(path, store);
    if (real === null) continue;
    const info = await Deno.stat(real).catch(() => null);
    if (!info?.isFile) continue;
    // Read through the resolved path: a link swapped in after the check is not followed.
    return await Deno.readTextFile(real);
  }
  throw new TasklineError(
    "not-found",
    `Cannot read the output of call ${call} of task #${task.number}: it was not kept`,
  );
}
