/**
 * `taskline task new|list|show|import|discard`: the tasks of the project.
 *
 * @module
 */
import { displayWidth, visible } from "../views/terminal_text.ts";
import { TasklineError } from "../errors.ts";
import { acquireTaskLock, isTaskRunning } from "../store/lock.ts";
import { shownStatus } from "../views/task_status.ts";
import { findCurrentRun, readLog } from "../store/log_reader.ts";
import { loadRunState } from "../store/run_state.ts";
import { branchOf, createTask, type Task } from "../store/tasks.ts";
import { orNotFound, unlessNotFound } from "../store/state_dir.ts";
import { runOf } from "../contract/events.ts";
import { newTask } from "../engine/actions.ts";
import { type CommandSpec, type Flag, flagsOf, parseArgs } from "./args.ts";
import type { Context } from "./context.ts";
import { readStdinText } from "./io.ts";

const JSON_FLAG: Flag = { type: "boolean", description: "print the result as JSON" };

const SUBCOMMANDS: CommandSpec[] = [
  {
    name: "task new",
    usage: ["<TITLE>"],
    about: "creates a task (status ready)",
    flags: {
      description: { type: "string", value: "TEXT", description: "the task's description" },
      json: JSON_FLAG,
    },
  },
  { name: "task list", usage: [""], about: "every task, by number", flags: { json: JSON_FLAG } },
  {
    name: "task show",
    usage: ["<TASK>"],
    about: "one task, its current run and phases",
    flags: { json: JSON_FLAG },
  },
  {
    name: "task import",
    usage: ["<FILE|->"],
    about: 'tasks from a JSON document: a list of {"title", "description"?, "status"?}, or ' +
      '{"tasks": [...]}. FILE must be inside .taskline/; - reads stdin',
    flags: { json: JSON_FLAG },
  },
  {
    name: "task discard",
    usage: ["<TASK>"],
    about: "removes the task and its tool outputs (refused while a process runs it)",
    flags: { json: JSON_FLAG },
  },
];

/** `taskline task` and its subcommands, declared: their flags and help. */
export const TASK_SPEC: CommandSpec = {
  name: "task",
  usage: ["<new|list|show|import|discard> ..."],
  subcommands: SUBCOMMANDS,
  // One parser for all: a flag of another subcommand is answered by name.
  flags: flagsOf(SUBCOMMANDS),
};

/** Largest import document, in bytes. */
const IMPORT_BYTES_MAX = 16 * 1024 * 1024;
/** Most tasks one import creates. */
const IMPORT_TASKS_MAX = 10_000;

function rowOf(t: Task, running: boolean) {
  return {
    id: t.id,
    number: t.number,
    title: t.record.title,
    status: t.record.status,
    dir: t.dir,
    branch: branchOf(t),
    created_at: t.record.created_at,
    running,
  };
}

async function readInput(ctx: Context, source: string): Promise<string> {
  if (source === "-") {
    return await readStdinText(ctx.io.stdin, IMPORT_BYTES_MAX, "The import");
  }
  const path = source.replace(/^\.\//, "");
  const root = ctx.state.root.replace(/^\.\//, "");
  if (!path.startsWith(`${root}/`) || path.split("/").includes("..")) {
    throw new TasklineError(
      "usage",
      `Cannot import ${source}: taskline reads only inside ${root}/; move the file there or pipe it with \`taskline task import - < ${source}\``,
    );
  }
  return await orNotFound(Deno.readTextFile(path), `Cannot import ${path}: no such file`);
}

interface ImportItem {
  title: string;
  description?: string;
  status?: string;
}

/** The tasks of an import document, checked. */
export function parseImport(text: string, source: string): ImportItem[] {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new TasklineError("usage", `Cannot import ${source}: not JSON (${(e as Error).message})`);
  }
  const list = Array.isArray(doc)
    ? doc
    : doc && typeof doc === "object" && Array.isArray((doc as { tasks?: unknown }).tasks)
    ? (doc as { tasks: unknown[] }).tasks
    : null;
  if (!list) {
    throw new TasklineError(
      "usage",
      `Cannot import ${source}: expected a list of tasks or {"tasks": [...]}`,
    );
  }
  if (list.length > IMPORT_TASKS_MAX) {
    throw new TasklineError(
      "usage",
      `Cannot import ${source}: more than ${IMPORT_TASKS_MAX} tasks`,
    );
  }
  return list.map((item, i) => {
    const t = item as Record<string, unknown>;
    if (!t || typeof t !== "object" || typeof t.title !== "string" || t.title.trim() === "") {
      throw new TasklineError("usage", `Cannot import ${source}: task ${i + 1} has no "title"`);
    }
    if (t.description !== undefined && typeof t.description !== "string") {
      throw new TasklineError(
        "usage",
        `Cannot import ${source}: task ${i + 1}: "description" must be text`,
      );
    }
    if (t.status !== undefined && typeof t.status !== "string") {
      throw new TasklineError(
        "usage",
        `Cannot import ${source}: task ${i + 1}: "status" must be text`,
      );
    }
    return {
      title: t.title,
      ...(typeof t.description === "string" ? { description: t.description } : {}),
      ...(typeof t.status === "string" ? { status: t.status } : {}),
    };
  });
}

async function phasesOf(ctx: Context, task: Task, run: string) {
  const phases: Array<{ phase: string; state: string; summary: string | null }> = [];
  for await (
    const b of readLog(ctx.state.logPath(task.dir), {
      prefilter: (l) => l.includes('"phase_'),
      onProblem: ctx.problem,
    })
  ) {
    for (const r of b.records) {
      const e = r.env.event as unknown as Record<string, unknown>;
      if (runOf(r.env.event) !== run) continue;
      if (e.type === "phase_started") {
        phases.push({ phase: String(e.phase), state: "running", summary: null });
      } else if (e.type === "phase_finished") {
        const last = [...phases].reverse().find((p) =>
          p.phase === e.phase && p.state === "running"
        );
        if (last) {
          last.state = e.success ? "done" : "failed";
          last.summary = String(e.summary);
        }
      }
    }
  }
  if (phases.length > 1000) phases.splice(0, phases.length - 1000);
  return phases;
}

async function show(ctx: Context, ref: string): Promise<number> {
  const task = await ctx.task(ref);
  const running = await isTaskRunning(ctx.state, task.dir);
  const current = await findCurrentRun(ctx.state.logPath(task.dir));
  const rs = await loadRunState(ctx.state, task.dir);
  let run = null;
  if (current) {
    const sameRun = rs.run === current.run;
    run = {
      id: current.run,
      pending_approval: sameRun ? rs.pending_approval : null,
      tokens: sameRun ? rs.usage.input_tokens + rs.usage.output_tokens : null,
      usage: sameRun ? rs.usage : null,
      active_ms: sameRun ? rs.active_ms : null,
      validation_fix_attempts: sameRun ? rs.validation_fix_attempts : null,
      phases: await phasesOf(ctx, task, current.run),
    };
  }
  const out = ctx.io.stdout;
  if (ctx.json) {
    await out.write(
      JSON.stringify({
        ...rowOf(task, running),
        description: task.record.description ?? null,
        task: task.record,
        run,
      }) + "\n",
    );
    return 0;
  }
  const lines = [
    `#${task.number} ${task.record.title}`,
    `  status:   ${shownStatus(task.record.status, running)}${
      running
        ? " (a process is running it)"
        : task.record.status === "running"
        ? " (task.json says running, but no process runs it: its process died)"
        : ""
    }`,
    `  id:       ${task.id}`,
    `  dir:      ${ctx.state.taskDir(task.dir)}`,
    `  branch:   ${branchOf(task)}`,
    `  created:  ${task.record.created_at}`,
  ];
  if (task.record.description) lines.push(`  description: ${task.record.description}`);
  if (run) {
    lines.push(`  run:      ${run.id}`);
    if (run.pending_approval) {
      lines.push(`  waits for approval of the ${run.pending_approval} gate`);
    }
    if (run.tokens !== null) {
      lines.push(`  tokens:   ${run.tokens}, active ${((run.active_ms ?? 0) / 1000).toFixed(1)} s`);
    }
    for (const p of run.phases) {
      lines.push(`    ${p.phase.padEnd(12)} ${p.state}${p.summary ? `: ${p.summary}` : ""}`);
    }
  } else lines.push("  run:      none yet");
  // One entry a line: a line break or escape inside one came from a task or log, shown as an escape.
  await out.write(lines.map((l) => visible(l)).join("\n") + "\n");
  return 0;
}

export async function taskCommand(ctx: Context, args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  const { values, positionals } = parseArgs(`task ${sub ?? ""}`.trim(), rest, TASK_SPEC.flags);
  ctx.json = values.json === true;
  const out = ctx.io.stdout;
  const one = (what: string) => {
    if (positionals.length !== 1) {
      throw new TasklineError("usage", `taskline task ${sub}: name ${what}`);
    }
    return positionals[0];
  };
  if (values.description !== undefined && sub !== "new") {
    throw new TasklineError("usage", `taskline task ${sub}: --description is for task new`);
  }
  switch (sub) {
    case "new": {
      const title = one('the title, for example `taskline task new "Add login"`');
      const task = await newTask(ctx.state, {
        title,
        ...(values.description !== undefined ? { description: String(values.description) } : {}),
      });
      if (ctx.json) await out.write(JSON.stringify(rowOf(task, false)) + "\n");
      else {
        await out.write(
          visible(`Created task #${task.number} ${task.record.title} (${task.dir})`) + "\n",
        );
      }
      return 0;
    }
    case "list": {
      if (positionals.length > 0) {
        throw new TasklineError("usage", "taskline task list takes no task");
      }
      const tasks = await ctx.tasks();
      const rows = await Promise.all(
        tasks.map(async (t) => rowOf(t, await isTaskRunning(ctx.state, t.dir))),
      );
      if (ctx.json) {
        await out.write(JSON.stringify(rows) + "\n");
        return 0;
      }
      if (rows.length === 0) {
        await out.write('No tasks yet: `taskline task new "<title>"`.\n');
        return 0;
      }
      // Padded by display columns, after escaping: a status of any text keeps the titles in line.
      const shown = (r: { status: string; running: boolean }) =>
        visible(shownStatus(r.status, r.running)) + (r.running ? "*" : "");
      const width = Math.max(6, ...rows.map((r) => displayWidth(shown(r))));
      for (const r of rows) {
        const status = shown(r) + " ".repeat(width - displayWidth(shown(r)));
        await out.write(`#${String(r.number).padEnd(4)} ${status}  ${visible(r.title)}\n`);
      }
      if (rows.some((r) => r.running)) await out.write("(* a process is running it)\n");
      return 0;
    }
    case "show":
      return await show(ctx, one("one task, for example `taskline task show 3`"));
    case "import": {
      const source = one("a file inside .taskline/ or - for stdin");
      await ctx.state.requireExists();
      const items = parseImport(await readInput(ctx, source), source === "-" ? "stdin" : source);
      const created = [];
      for (const item of items) {
        const task = await createTask(ctx.state, item.title, {
          ...(item.description !== undefined ? { description: item.description } : {}),
          ...(item.status !== undefined ? { status: item.status } : {}),
        });
        created.push(rowOf(task, false));
      }
      if (ctx.json) await out.write(JSON.stringify(created) + "\n");
      else {
        for (const c of created) {
          await out.write(visible(`Created task #${c.number} ${c.title} (${c.dir})`) + "\n");
        }
        if (created.length === 0) await out.write("The document has no tasks.\n");
      }
      return 0;
    }
    case "discard": {
      const task = await ctx.task(one("one task, for example `taskline task discard 3`"));
      let lock;
      try {
        lock = await acquireTaskLock(ctx.state, task.dir);
      } catch (e) {
        if (e instanceof TasklineError && e.code === "task-running") {
          throw new TasklineError(
            "task-running",
            `Cannot discard task #${task.number}: a process is running it; stop it first with \`taskline cancel ${task.number}\``,
          );
        }
        throw e;
      }
      try {
        await unlessNotFound(
          Deno.remove(`${ctx.state.toolOutputDir}/${task.dir}`, { recursive: true }),
        );
        await Deno.remove(ctx.state.taskDir(task.dir), { recursive: true });
        // The history cache of the task goes with it.
        await Deno.remove(`${ctx.state.root}/cache/history/${task.dir}.json`).catch(() => {});
      } finally {
        lock.release();
      }
      if (ctx.json) {
        await out.write(JSON.stringify({ discarded: rowOf(task, false) }) + "\n");
      } else await out.write(visible(`Discarded task #${task.number} ${task.record.title}`) + "\n");
      return 0;
    }
    default:
      throw new TasklineError(
        "usage",
        `taskline task: say what to do: new, list, show, import or discard${
          sub ? ` (not "${sub}")` : ""
        }`,
      );
  }
}
