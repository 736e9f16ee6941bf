/**
 * The program: dispatches a command and maps errors to exit codes in one
 * place.
 *
 * @module
 */
import { exitCodeOf, TasklineError } from "../errors.ts";
import { type Command, type CommandModule, COMMANDS } from "./commands.ts";
import { Context } from "./context.ts";
import { type Io, isBrokenPipe } from "./io.ts";
import { visible } from "../views/terminal_text.ts";
import { heldPermissions, keepOnly } from "../sandbox.ts";

const VERSION = "0.5.0";

function usage(commands: Record<string, Command>): string {
  const names = Object.keys(commands).sort();
  const width = Math.max(...names.map((n) => n.length));
  const lines = names.map((n) => `  ${n.padEnd(width)}  ${commands[n].summary}`);
  return `taskline ${VERSION}: the event log of an AI coding agent engine

Usage: taskline <command> [options]

Commands:
${lines.join("\n")}

Run \`taskline <command> --help\` for a command's options.
Exit codes: 0 success, 1 failure, 2 usage error (run: waits for a human or a budget), 130 interrupted.`;
}

/** A command's help, made from its declaration (loaded only when asked for). */
async function helpOf(command: CommandModule): Promise<string> {
  const { helpText } = await import("./help.ts");
  return helpText(command.spec);
}

/**
 * Runs the program with `args` and the command table `commands`; returns the
 * exit code. Never exits the process itself.
 */
export async function run(
  args: string[],
  io: Io,
  commands: Record<string, Command> = COMMANDS,
): Promise<number> {
  const [name, ...rest] = args;
  const ctx = new Context(io);
  ctx.json = rest.includes("--json");
  try {
    if (name === undefined || name === "help" || name === "--help" || name === "-h") {
      const topic = name === "help" ? rest[0] : undefined;
      const known = topic !== undefined && Object.hasOwn(commands, topic);
      const text = known ? await helpOf(await commands[topic!].load()) : usage(commands);
      await io.stdout.write(text + "\n");
      return name === undefined ? 2 : 0;
    }
    if (name === "--version" || name === "-V") {
      await io.stdout.write(`taskline ${VERSION}\n`);
      return 0;
    }
    const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
    if (!command) {
      throw new TasklineError(
        "usage",
        `Unknown command "${name}". Commands: ${Object.keys(commands).sort().join(", ")}`,
      );
    }
    const loaded = await command.load();
    if (rest.includes("--help") || rest.includes("-h")) {
      await io.stdout.write(await helpOf(loaded) + "\n");
      return 0;
    }
    await keepOnly(command.keeps(rest, loaded.spec.flags));
    if (io.env("TASKLINE_SHOW_PERMISSIONS") === "1") {
      await io.stderr.write(
        `taskline ${name}: holds ${JSON.stringify(await heldPermissions(".taskline"))}\n`,
      );
    }
    return await loaded.run(ctx, rest);
  } catch (e) {
    return await report(ctx, e);
  } finally {
    try {
      await io.stdout.flush();
    } catch { /* a closed stdout is not an error */ }
    await io.stderr.flush().catch(() => {});
  }
}

async function report(ctx: Context, e: unknown): Promise<number> {
  if (isBrokenPipe(e)) return 0;
  if (ctx.io.signal.aborted && !(e instanceof TasklineError && e.code !== "interrupted")) {
    return 130;
  }
  let code: TasklineError["code"];
  let message: string;
  if (e instanceof TasklineError) {
    code = e.code;
    message = e.message;
  } else if (e instanceof Deno.errors.PermissionDenied || e instanceof Deno.errors.NotCapable) {
    code = "io";
    message = `Permission denied: ${
      (e as Error).message
    }. taskline reads and writes only .taskline/ and must run from the project root`;
  } else {
    code = "io";
    message = (e as Error)?.message ?? String(e);
  }
  const stderr = ctx.io.stderr;
  try {
    if (ctx.json) {
      const details = e instanceof TasklineError && e.details ? e.details : undefined;
      await stderr.write(
        JSON.stringify({ error: { code, message, ...(details ? { details } : {}) } }) + "\n",
      );
    } else {
      // An error may quote a log's or a user's text: shown, never obeyed.
      await stderr.write(`taskline: ${visible(message)}\n`);
      if (code === "usage") await stderr.write("Run `taskline --help` for usage.\n");
    }
  } catch { /* nothing more to do */ }
  return exitCodeOf(code);
}
