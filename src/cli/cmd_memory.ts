/**
 * `taskline memory list|clear`: the project memory (lessons of finished
 * tasks in `.taskline/memory.jsonl`).
 *
 * @module
 */
import { TasklineError } from "../errors.ts";
import { clearMemory, type Lesson, readLessons } from "../store/memory.ts";
import { type CommandSpec, type Flag, flagsOf, parseArgs } from "./args.ts";
import type { Context } from "./context.ts";

const JSON_FLAG: Flag = {
  type: "boolean",
  description: "print JSON: the lessons (list), {removed} (clear)",
};

const SUBCOMMANDS: CommandSpec[] = [
  {
    name: "memory list",
    usage: [""],
    about: "the lessons of finished tasks, oldest first",
    flags: { json: JSON_FLAG },
  },
  {
    name: "memory clear",
    usage: [""],
    about: "removes every lesson; asks first on a terminal, and without a terminal refuses " +
      "unless --yes is given",
    flags: {
      yes: { type: "boolean", short: "y", description: "remove them without asking" },
      json: JSON_FLAG,
    },
  },
];

/** `taskline memory` and its subcommands, declared: their flags and help. */
export const MEMORY_SPEC: CommandSpec = {
  name: "memory",
  usage: ["<list|clear> [options]"],
  subcommands: SUBCOMMANDS,
  // One parser for both: a flag of the other subcommand is answered by name.
  flags: flagsOf(SUBCOMMANDS),
  notes: "Lessons are written when pipeline.project_memory is on (the default).",
};

/** Whether stdin is a terminal (a human can answer a question). */
function stdinIsTerminal(): boolean {
  try {
    return Deno.stdin.isTerminal();
  } catch {
    return false;
  }
}

async function ask(ctx: Context, question: string): Promise<boolean> {
  await ctx.io.stderr.write(question);
  await ctx.io.stderr.flush();
  const reader = ctx.io.stdin.getReader();
  try {
    const { value } = await reader.read();
    const answer = new TextDecoder().decode(value ?? new Uint8Array()).trim().toLowerCase();
    return answer === "y" || answer === "yes";
  } finally {
    reader.releaseLock();
  }
}

export async function memoryCommand(ctx: Context, args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  const { values, positionals } = parseArgs(`memory ${sub ?? ""}`.trim(), rest, MEMORY_SPEC.flags);
  ctx.json = values.json === true;
  if (positionals.length > 0) {
    throw new TasklineError("usage", `taskline memory ${sub}: unexpected "${positionals[0]}"`);
  }
  await ctx.state.requireExists();
  const out = ctx.io.stdout;
  const warn = (line: number, reason: string) =>
    void ctx.warn(`${ctx.state.memoryPath}: line ${line}: skipped (${reason})`);
  switch (sub) {
    case "list": {
      if (values.yes) throw new TasklineError("usage", "taskline memory list: --yes is for clear");
      const lessons: Lesson[] = [];
      let count = 0;
      for await (const l of readLessons(ctx.state, { onProblem: warn })) {
        count++;
        if (ctx.json) lessons.push(l);
        else await out.write(`${String(l.at).slice(0, 10)} #${l.number} ${l.title}: ${l.lesson}\n`);
      }
      if (ctx.json) await out.write(JSON.stringify(lessons) + "\n");
      else if (count === 0) await out.write("No lessons yet: finished tasks add them.\n");
      return 0;
    }
    case "clear": {
      if (!values.yes) {
        if (!stdinIsTerminal()) {
          throw new TasklineError(
            "usage",
            "taskline memory clear: refusing without --yes because nobody can confirm (stdin is not a terminal)",
          );
        }
        if (!(await ask(ctx, `Remove every lesson in ${ctx.state.memoryPath}? [y/N] `))) {
          await out.write("Kept the lessons.\n");
          return 1;
        }
      }
      const n = await clearMemory(ctx.state);
      if (ctx.json) await out.write(JSON.stringify({ removed: n }) + "\n");
      else await out.write(`Removed ${n} lesson(s).\n`);
      return 0;
    }
    default:
      throw new TasklineError(
        "usage",
        `taskline memory: say list or clear${sub ? ` (not "${sub}")` : ""}`,
      );
  }
}
