/**
 * A command's arguments: the declaration of its flags (once: the parser
 * reads it, and its help is made from it, src/cli/help.ts), and their
 * parsing, as `node:util`'s parseArgs parses in strict mode (long and short
 * options, `--name=value`, short groups, `--`), with usage errors as
 * TasklineError. Written here rather than imported: loading Node's
 * compatibility layer cost a third of the start-up of `taskline events`.
 *
 * @module
 */
import { TasklineError } from "../errors.ts";

/** One option of a command, as the parser reads it. */
export interface OptionSpec {
  type: "boolean" | "string";
  short?: string;
  multiple?: boolean;
}

/**
 * One flag of a command, declared once: the parser reads `type`, `short`
 * and `multiple`; the help shows all of it.
 */
export interface Flag extends OptionSpec {
  /** What the help calls a string flag's value: `--after <SEQ>`. Default: the name in capitals. */
  value?: string;
  /**
   * What the flag does, on one line: the help wraps it, and adds
   * "(repeatable)" for `multiple` and the default.
   */
  description: string;
  /** The default, as the help says it ("1", "fleet.stream of config.jsonc"); the command applies it. */
  default?: string;
}

/** A command's flags by long name, in the order its help lists them. */
export type Flags = Record<string, Flag>;

/**
 * A command declared: its flags, and the free text its help is made of
 * with them (src/cli/help.ts).
 *
 * @example
 * ```ts
 * const CANCEL: CommandSpec = {
 *   name: "cancel",
 *   usage: ["<TASK> [options]"],
 *   about: "Asks the process that runs the task to stop.",
 *   flags: { json: { type: "boolean", description: "the result as JSON" } },
 * };
 * parseArgs(CANCEL.name, ["3", "--json"], CANCEL.flags);
 * ```
 */
export interface CommandSpec {
  /** The name errors and the help give it: `events`, or `task new` for a subcommand. */
  name: string;
  /**
   * What follows `taskline <name>` on each usage line; for a subcommand,
   * its positionals only (the help adds its flags).
   */
  usage: string[];
  /** Free text after the usage (for a subcommand: its one line in the parent's table). */
  about?: string;
  /** The flags; of a command with subcommands, all that its subcommands take ({@link flagsOf}). */
  flags: Flags;
  /** Free text after the options. */
  notes?: string;
  /** The subcommands (`task new`, `task list`...), each declared the same way. */
  subcommands?: CommandSpec[];
}

/**
 * The flags of several subcommands together, for the parser of their
 * command: a flag two of them take is declared alike in both.
 */
export function flagsOf(subcommands: readonly CommandSpec[]): Flags {
  const all: Flags = {};
  for (const sub of subcommands) {
    for (const [name, flag] of Object.entries(sub.flags)) {
      const known = all[name];
      if (known && (known.type !== flag.type || known.short !== flag.short)) {
        throw new Error(`--${name} is declared twice, differently (${sub.name})`);
      }
      all[name] ??= flag;
    }
  }
  return all;
}

/** Parsed arguments. */
export interface Parsed {
  values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  positionals: string[];
}

/**
 * Parses `args` for `command`; unknown options and missing values are usage
 * errors naming the command.
 */
export function parseArgs(
  command: string,
  args: string[],
  options: Record<string, OptionSpec>,
): Parsed {
  const values: Parsed["values"] = {};
  const positionals: string[] = [];
  const fail = (msg: string): never => {
    throw new TasklineError("usage", `taskline ${command}: ${msg}`);
  };
  const byShort = new Map<string, string>();
  for (const [name, o] of Object.entries(options)) if (o.short) byShort.set(o.short, name);
  const label = (name: string) => {
    const short = options[name].short;
    return short ? `-${short}, --${name}` : `--${name}`;
  };
  const unknown = (arg: string): never =>
    fail(
      `Unknown option '${arg}'. To specify a positional argument starting with a '-', place it at the end of the command after '--', as in '-- ${
        JSON.stringify(arg)
      }`,
    );
  const store = (name: string, value: string | boolean) => {
    if (options[name].multiple) {
      const list = (values[name] ??= []) as (string | boolean)[];
      list.push(value);
    } else values[name] = value;
  };
  /** The value of string option `name` from the next argument. */
  const nextValue = (name: string, i: number, shown: string): string => {
    const v = args[i];
    if (v === undefined) fail(`Option '${label(name)} <value>' argument missing`);
    if (v.length > 1 && v[0] === "-") {
      fail(
        `Option '${shown}' argument is ambiguous. Did you forget to specify the option argument for '${shown}'?`,
      );
    }
    return v;
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--") {
      positionals.push(...args.slice(i + 1));
      break;
    }
    if (arg.startsWith("--")) {
      const eq = arg.indexOf("=");
      const name = eq < 0 ? arg.slice(2) : arg.slice(2, eq);
      if (!Object.hasOwn(options, name)) unknown(eq < 0 ? arg : arg.slice(0, eq));
      if (options[name].type === "boolean") {
        if (eq >= 0) fail(`Option '${label(name)}' does not take an argument`);
        store(name, true);
      } else if (eq >= 0) store(name, arg.slice(eq + 1));
      else store(name, nextValue(name, ++i, `--${name}`));
      continue;
    }
    if (arg.length > 1 && arg[0] === "-") {
      // -f, -abc (booleans), -ovalue or -o value (a string option ends the group).
      for (let k = 1; k < arg.length; k++) {
        if (arg[k] === "-") {
          // node:util's parseArgs reads a group as one option a letter, so
          // its "-" is "--", the end of the options: what follows in the
          // group (one letter each, a string option with the rest) and every
          // later argument are positionals (-f-v x: follow; "-v", "x").
          for (let j = k + 1; j < arg.length; j++) {
            const n = byShort.get(arg[j]);
            if (n !== undefined && options[n].type === "string" && j < arg.length - 1) {
              positionals.push(`-${arg.slice(j)}`);
              break;
            }
            positionals.push(`-${arg[j]}`);
          }
          positionals.push(...args.slice(i + 1));
          return { values, positionals };
        }
        const name = byShort.get(arg[k]);
        if (name === undefined) unknown(`-${arg[k]}`);
        if (options[name!].type === "boolean") {
          store(name!, true);
          continue;
        }
        if (k + 1 < arg.length) store(name!, arg.slice(k + 1));
        else store(name!, nextValue(name!, ++i, `-${arg[k]}`));
        break;
      }
      continue;
    }
    positionals.push(arg);
  }
  return { values, positionals };
}

/** Reads a non-negative integer option. */
export function intOption(name: string, value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const s = String(value);
  if (!/^\d{1,15}$/.test(s)) {
    throw new TasklineError(
      "usage",
      `--${name} takes a non-negative integer, not "${s.slice(0, 40)}"`,
    );
  }
  return Number(s);
}

/** Values of a repeatable, comma-separated option. */
export function listOption(value: unknown): string[] {
  if (value === undefined) return [];
  const items = Array.isArray(value) ? value : [value];
  return items.flatMap((v) => String(v).split(",")).map((s) => s.trim()).filter((s) => s !== "");
}

/**
 * The values of `args` as {@link parseArgs} reads them for `command`, for
 * what must be known before the command runs (which permissions it keeps);
 * empty when they do not parse (the command itself then says what is wrong,
 * holding the least).
 *
 * @example
 * ```ts
 * const v = flagValues("events", ["1", "-fv"], {
 *   follow: { type: "boolean", short: "f", description: "follow" },
 *   verbose: { type: "boolean", short: "v", description: "verbose" },
 * });
 * v.follow; // true
 * ```
 */
export function flagValues(
  command: string,
  args: readonly string[],
  flags: Flags,
): Parsed["values"] {
  try {
    return parseArgs(command, [...args], flags).values;
  } catch (e) {
    if (e instanceof TasklineError) return {};
    throw e;
  }
}
