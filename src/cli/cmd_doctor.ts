/**
 * `taskline doctor`: checks the state directory without changing it: the
 * settings, every task and its log (broken lines, a torn last line, gaps or
 * repeats in seq, a run left without its end, unknown schema versions),
 * orphaned trace files and the trace store's size.
 *
 * @module
 */
import { beyondFour, describeHeld, type HeldPermissions, heldPermissions } from "../sandbox.ts";
import { decodeLine } from "../codec/decode.ts";
import { LineSplitter } from "../codec/lines.ts";
import { runOf } from "../contract/events.ts";
import { SCHEMA_VERSION } from "../contract/envelope.ts";
import { TasklineError } from "../errors.ts";
import { isTaskRunning } from "../store/lock.ts";
import { BadLogFile, openLogFile } from "../store/log_file.ts";
import { loadSettings } from "../store/settings.ts";
import { dirEntries, type StateDir } from "../store/state_dir.ts";
import { listTasks, type Task } from "../store/tasks.ts";
import { type CommandSpec, parseArgs } from "./args.ts";
import { visible } from "../views/terminal_text.ts";
import type { Context } from "./context.ts";

/** `taskline doctor`, declared: its flags and help. */
export const DOCTOR_SPEC: CommandSpec = {
  name: "doctor",
  usage: ["[options]"],
  about: `Checks the project's state without changing it: config.jsonc, every task and
its events.jsonl (broken lines, a torn last line, gaps or repeats in seq, a
run without its end while no process runs the task, unknown schema versions),
orphaned trace files, and the size of the trace store. Each finding names the
file and line and what to do. Exit 1 when a check fails (an error); warnings
do not fail.`,
  flags: {
    json: {
      type: "boolean",
      description: "the report as JSON: {ok, errors, warnings, findings, tasks, trace_store, " +
        "permissions}",
    },
  },
};

/** One thing doctor found. */
export interface Finding {
  level: "error" | "warning" | "info";
  check: "settings" | "task" | "log" | "trace" | "permissions";
  file: string;
  /** 1-based line, or null. */
  line: number | null;
  message: string;
  /** What to do about it. */
  fix: string;
}

/** Trace store above this size gets a warning, in bytes. */
const TRACE_BYTES_WARN = 1024 * 1024 * 1024;
/** Most findings of one kind per log before they are summed up. */
const FINDINGS_PER_LOG_MAX = 20;

interface LogScan {
  runs: Set<string>;
}

async function checkLog(
  state: StateDir,
  task: Task,
  running: boolean,
  findings: Finding[],
): Promise<LogScan> {
  const path = state.logPath(task.dir);
  const runs = new Set<string>();
  let file: Deno.FsFile;
  try {
    const opened = await openLogFile(path);
    if (opened === null) return { runs };
    file = opened;
  } catch (e) {
    const bad = e instanceof BadLogFile;
    findings.push({
      level: "error",
      check: "log",
      file: path,
      line: null,
      message: bad
        ? `cannot read the log: ${e.what}`
        : `cannot read the log: ${(e as Error).message}`,
      fix: bad
        ? "replace it with the task's log (a regular file), or remove it; other tasks are read as usual"
        : "check the file's permissions",
    });
    return { runs };
  }
  let perLog = 0;
  const add = (f: Finding) => {
    perLog++;
    if (perLog <= FINDINGS_PER_LOG_MAX) findings.push(f);
  };
  const lastSeq = new Map<string, { seq: number; line: number }>();
  const open = new Map<string, number>(); // run -> line of a run_started without run_finished after it
  let unknownSchema = 0;
  let firstUnknown = 0;
  let lineNo = 0;
  try {
    const splitter = new LineSplitter({});
    const buf = new Uint8Array(1024 * 1024);
    for (;;) {
      const n = await file.read(buf);
      if (n === null) break;
      for (const text of splitter.push(buf.subarray(0, n)).lines) {
        lineNo++;
        if (text.trim() === "") continue;
        const d = decodeLine(text);
        if (!d.ok) {
          add({
            level: "error",
            check: "log",
            file: path,
            line: lineNo,
            message: `broken line: ${d.reason}`,
            fix: `repair or remove line ${lineNo} (readers skip it with a warning)`,
          });
          continue;
        }
        const env = d.env;
        if (env.schema > SCHEMA_VERSION) {
          if (unknownSchema++ === 0) firstUnknown = lineNo;
          continue;
        }
        const run = runOf(env.event);
        if (run) runs.add(run);
        if (env.event.type === "run_started" && run) open.set(run, lineNo);
        if (env.event.type === "run_finished" && run) open.delete(run);
        if (env.schema < 2 || typeof env.seq !== "number") continue;
        const key = run ?? "";
        const prev = lastSeq.get(key) ?? { seq: 0, line: 0 };
        const runName = run ? `run ${run.slice(0, 8)}` : "run-less events";
        if (env.seq <= prev.seq) {
          add({
            level: "error",
            check: "log",
            file: path,
            line: lineNo,
            message:
              `seq ${env.seq} of ${runName} repeats or goes back (line ${prev.line} has seq ${prev.seq})`,
            fix: `remove the duplicate line ${lineNo}, or restore the log from a backup`,
          });
        } else if (env.seq !== prev.seq + 1 && run) {
          add({
            level: "error",
            check: "log",
            file: path,
            line: lineNo,
            message: `seq of ${runName} jumps from ${prev.seq} to ${env.seq}: ${
              env.seq - prev.seq - 1
            } event(s) are missing`,
            fix: "the log was edited or copied in part; restore it from a backup",
          });
        }
        if (env.seq > prev.seq) lastSeq.set(key, { seq: env.seq, line: lineNo });
      }
    }
    if (splitter.pendingBytes > 0) {
      lineNo++;
      if (!running) {
        add({
          level: "error",
          check: "log",
          file: path,
          line: lineNo,
          message: `torn last line: ${splitter.pendingBytes} bytes without a newline`,
          fix:
            `the next \`taskline run ${task.number}\` repairs it (completes or cuts the line); or remove line ${lineNo}`,
        });
      }
    }
  } finally {
    file.close();
  }
  if (unknownSchema > 0) {
    findings.push({
      level: "warning",
      check: "log",
      file: path,
      line: firstUnknown,
      message:
        `${unknownSchema} line(s) of a schema above ${SCHEMA_VERSION}, written by a newer taskline`,
      fix: "upgrade taskline to read them; this version shows them as unknown events",
    });
  }
  if (!running) {
    for (const [run, line] of open) {
      add({
        level: "error",
        check: "log",
        file: path,
        line,
        message: `run ${
          run.slice(0, 8)
        } started here and has no run_finished, and no process runs the task (its process was killed)`,
        fix:
          `continue it with \`taskline run ${task.number} --resume\`, or start over with \`taskline run ${task.number} --restart\``,
      });
    }
  }
  if (perLog > FINDINGS_PER_LOG_MAX) {
    findings.push({
      level: "error",
      check: "log",
      file: path,
      line: null,
      message: `${perLog - FINDINGS_PER_LOG_MAX} more finding(s) in this log not listed`,
      fix: "fix the ones listed and run doctor again",
    });
  }
  return { runs };
}

async function sizeOf(path: string): Promise<{ files: number; bytes: number }> {
  let files = 0, bytes = 0;
  for (const e of await dirEntries(path)) {
    const p = `${path}/${e.name}`;
    if (e.isDirectory) {
      const s = await sizeOf(p);
      files += s.files;
      bytes += s.bytes;
    } else if (e.isFile) {
      files++;
      bytes += (await Deno.stat(p)).size;
    }
  }
  return { files, bytes };
}

function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** Runs every check; the findings in the order found. */
export async function diagnose(state: StateDir): Promise<{
  findings: Finding[];
  tasks: number;
  trace_store: { files: number; bytes: number };
  /** What the process holds of Deno's permissions (src/sandbox.ts). */
  permissions: HeldPermissions;
}> {
  const findings: Finding[] = [];
  try {
    const { warnings } = await loadSettings(state);
    for (const w of warnings) {
      findings.push({
        level: "warning",
        check: "settings",
        file: state.configPath,
        line: null,
        message: w.replace(`${state.configPath}: `, ""),
        fix: "correct or remove the key (`taskline init` documents every setting)",
      });
    }
  } catch (e) {
    findings.push({
      level: "error",
      check: "settings",
      file: state.configPath,
      line: null,
      message: (e as Error).message,
      fix: "repair the file; every command uses the defaults until then",
    });
  }
  const tasks = await listTasks(state, {
    onProblem: (p) =>
      findings.push({
        level: "error",
        check: "task",
        file: state.taskJsonPath(p.dir),
        line: null,
        message: p.reason,
        fix: `restore task.json or remove ${state.taskDir(p.dir)}`,
      }),
  });
  const runsByDir = new Map<string, Set<string>>();
  const numbers = new Map<number, string>();
  for (const task of tasks) {
    const other = numbers.get(task.number);
    if (other) {
      findings.push({
        level: "warning",
        check: "task",
        file: state.taskJsonPath(task.dir),
        line: null,
        message: `task number ${task.number} is also used by ${other}`,
        fix: "give one of them another number in its task.json",
      });
    } else numbers.set(task.number, task.dir);
    const running = await isTaskRunning(state, task.dir);
    const { runs } = await checkLog(state, task, running, findings);
    runsByDir.set(task.dir, runs);
  }
  const taskDirs = new Set((await dirEntries(state.tasksDir)).map((e) => e.name));
  for (const e of await dirEntries(state.toolOutputDir)) {
    const p = `${state.toolOutputDir}/${e.name}`;
    if (!e.isDirectory) continue;
    if (!taskDirs.has(e.name)) {
      findings.push({
        level: "warning",
        check: "trace",
        file: p,
        line: null,
        message: "trace files of a task that no longer exists",
        fix: `remove ${p}/`,
      });
      continue;
    }
    const runs = runsByDir.get(e.name) ?? new Set();
    for (const r of await dirEntries(p)) {
      if (r.isDirectory && !runs.has(r.name)) {
        findings.push({
          level: "warning",
          check: "trace",
          file: `${p}/${r.name}`,
          line: null,
          message: "trace files of a run that is not in the task's log",
          fix: `remove ${p}/${r.name}/`,
        });
      }
    }
  }
  const trace = await sizeOf(state.toolOutputDir);
  findings.push({
    level: trace.bytes > TRACE_BYTES_WARN ? "warning" : "info",
    check: "trace",
    file: state.toolOutputDir,
    line: null,
    message: `the trace store holds ${trace.files} file(s), ${mib(trace.bytes)}`,
    fix: trace.bytes > TRACE_BYTES_WARN
      ? "discard old tasks (`taskline task discard`) or set pipeline.trace_outputs to false"
      : "nothing to do",
  });
  const held = await heldPermissions(state.root);
  const beyond = beyondFour(held);
  findings.push({
    level: beyond.length > 0 ? "warning" : "info",
    check: "permissions",
    file: state.root,
    line: null,
    message: beyond.length > 0
      ? `this process holds more than taskline's four permissions: ${beyond.join(", ")} (holds ${
        describeHeld(held)
      })`
      : `this process holds ${describeHeld(held)}`,
    fix: beyond.length > 0
      ? "run taskline as `deno task install` installs it, with --allow-read=.taskline --allow-write=.taskline --allow-net=127.0.0.1,localhost,[::1] --allow-env and nothing else"
      : "nothing to do",
  });
  return { findings, tasks: tasks.length, trace_store: trace, permissions: held };
}

export async function doctorCommand(ctx: Context, args: string[]): Promise<number> {
  const { values, positionals } = parseArgs(DOCTOR_SPEC.name, args, DOCTOR_SPEC.flags);
  ctx.json = values.json === true;
  if (positionals.length > 0) {
    throw new TasklineError("usage", "taskline doctor takes no arguments");
  }
  await ctx.state.requireExists();
  const report = await diagnose(ctx.state);
  const errors = report.findings.filter((f) => f.level === "error").length;
  const warnings = report.findings.filter((f) => f.level === "warning").length;
  const out = ctx.io.stdout;
  if (ctx.json) {
    await out.write(JSON.stringify({ ok: errors === 0, errors, warnings, ...report }) + "\n");
  } else {
    for (const f of report.findings) {
      // Paths and messages may quote a log's or a directory's text: shown, never obeyed.
      const where = visible(f.line !== null ? `${f.file}:${f.line}` : f.file);
      await out.write(`${f.level.padEnd(7)} ${where}: ${visible(f.message)}\n`);
      if (f.level !== "info") await out.write(`        fix: ${visible(f.fix)}\n`);
    }
    await out.write(
      `doctor: ${report.tasks} task(s) checked, ${errors} error(s), ${warnings} warning(s)\n`,
    );
  }
  return errors > 0 ? 1 : 0;
}
