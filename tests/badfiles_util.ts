/**
 * Projects whose task directories hold, at `events.jsonl`, things that are not
 * logs (a FIFO, a socket, a directory, a device, links out of `.taskline/` or
 * to nothing) beside good tasks; and running the program with a deadline, so
 * that a command that hangs fails its test instead of hanging the suite.
 *
 * @module
 */
import { PERMISSION_FLAGS } from "../src/cli/permissions.ts";
import type { Envelope } from "../src/contract/envelope.ts";
import { createTask, type Task } from "../src/store/tasks.ts";
import { env, MAIN, taskWithLog, type TempProject, tempProject } from "./helpers.ts";

/** A command that has not returned after this long is a hang, in ms. */
export const PROMPT_MS = 20_000;

/** What a run of the program gave. */
export interface TimedResult {
  code: number;
  stdout: string;
  stderr: string;
  ms: number;
}

/**
 * Runs `taskline <args>` with the shipped permissions; throws when it has not
 * returned within `ms` (it is killed).
 */
export async function cliWithin(
  args: string[],
  cwd: string,
  ms = PROMPT_MS,
): Promise<TimedResult> {
  const started = Date.now();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", ...PERMISSION_FLAGS, MAIN, ...args],
    cwd,
    env: { NO_COLOR: "1", RUST_BACKTRACE: "0" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  // SIGKILL: a process busy in a loop never runs its SIGTERM handler.
  const timer = setTimeout(() => {
    try {
      child.kill("SIGKILL");
    } catch { /* it ended meanwhile */ }
  }, ms);
  const out = await child.output().finally(() => clearTimeout(timer));
  const dec = new TextDecoder();
  const r = {
    code: out.code,
    stdout: dec.decode(out.stdout),
    stderr: dec.decode(out.stderr),
    ms: Date.now() - started,
  };
  if (out.signal !== null) {
    throw new Error(
      `taskline ${args.join(" ")} did not return within ${ms} ms (killed):\n${r.stderr}`,
    );
  }
  return r;
}

/** One bad task: what its `events.jsonl` is. */
export interface BadTask {
  task: Task;
  kind: string;
  /** The log's path relative to the project root, as the program names it. */
  path: string;
}

/** A project of good tasks beside bad ones. */
export interface BadProject extends AsyncDisposable {
  p: TempProject;
  good: Task[];
  bad: BadTask[];
  /** Events of the good tasks' logs (each has schema 2 and a seq). */
  goodEvents: number;
  /** Text that only the file outside `.taskline/` holds: it must never be shown. */
  leak: string;
}

const T0 = Date.parse("2026-03-01T10:00:00Z");

/** The events of a finished run with `n` log events between its start and end. */
export function runEvents(run: string, task: string, n: number, offsetMs = 0): Envelope[] {
  const at = (i: number) => new Date(T0 + offsetMs + i * 1000).toISOString();
  const out: Envelope[] = [env(1, at(0), { type: "run_started", run, task })];
  for (let i = 0; i < n; i++) {
    out.push(env(2 + i, at(1 + i), { type: "log", run, level: "info", message: `step ${i}` }));
  }
  out.push(
    env(n + 2, at(n + 1), {
      type: "run_finished",
      run,
      success: true,
      status: "done",
      usage: { input_tokens: 1, output_tokens: 1, cache_read_tokens: 0, cache_write_tokens: 0 },
      active_ms: 1000,
      started_at: at(0),
    }),
  );
  return out;
}

async function sh(cmd: string, args: string[]): Promise<boolean> {
  try {
    const out = await new Deno.Command(cmd, { args, stdout: "null", stderr: "null" }).output();
    return out.success;
  } catch {
    return false;
  }
}

/**
 * Good tasks #1 and #2 (finished runs), then one task per kind of bad log:
 * a FIFO, a socket (when python3 is there), a directory, a link out of
 * `.taskline/` to a file of valid events, a link to nothing, a link to
 * `/dev/null`, and a character device inside (when mknod may make one).
 */
export async function badProject(): Promise<BadProject> {
  const p = await tempProject();
  const good: Task[] = [];
  let goodEvents = 0;
  for (const [i, title] of ["Good one", "Good two"].entries()) {
    const run = crypto.randomUUID();
    const evs = runEvents(run, "t", 3 + i, i * 500);
    good.push(await taskWithLog(p.state, title, evs, { status: "done" }));
    goodEvents += evs.length;
  }
  const leak = `LEAKED-${crypto.randomUUID().slice(0, 8)}`;
  const outside = `${p.dir}/outside.jsonl`;
  const run = crypto.randomUUID();
  await Deno.writeTextFile(
    outside,
    runEvents(run, "t", 2).map((e) => {
      (e.event as Record<string, unknown>).message = leak;
      return JSON.stringify(e);
    }).join("\n") + "\n",
  );
  const bad: BadTask[] = [];
  const kinds: Array<[string, string, (log: string) => Promise<boolean>]> = [
    ["FIFO", "fifo", (log) => sh("mkfifo", [log])],
    ["Socket", "socket", (log) =>
      sh("python3", [
        "-c",
        `import socket; socket.socket(socket.AF_UNIX).bind(${JSON.stringify(log)})`,
      ])],
    ["Directory", "directory", (log) => Deno.mkdir(log).then(() => true)],
    ["Link out", "symlink-out", (log) => Deno.symlink(outside, log).then(() => true)],
    [
      "Link to nothing",
      "dangling-symlink",
      (log) => Deno.symlink(`${p.state.root}/no-such-file`, log).then(() => true),
    ],
    ["Link to devnull", "symlink-out", (log) => Deno.symlink("/dev/null", log).then(() => true)],
    ["Device", "device", (log) => sh("mknod", [log, "c", "1", "3"])],
  ];
  for (const [title, kind, make] of kinds) {
    const task = await createTask(p.state, title, { status: "done" });
    const log = p.state.logPath(task.dir);
    if (!(await make(log).catch(() => false))) {
      await Deno.remove(p.state.taskDir(task.dir), { recursive: true });
      continue; // this machine cannot make one (no python3, no mknod)
    }
    bad.push({ task, kind, path: `.taskline/tasks/${task.dir}/events.jsonl` });
  }
  return {
    p,
    good,
    bad,
    goodEvents,
    leak,
    [Symbol.asyncDispose]: () => p.cleanup(),
  };
}
