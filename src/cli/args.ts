/**
 * Argument parsing for the commands, on `node:util`'s parseArgs, with usage
 * errors as TasklineError.
 *
 * @module
 */
import { parseArgs as nodeParseArgs } from "node:util";
import { TasklineError } from "../errors.ts";

/** One option of a command. */
export interface OptionSpec {
  type: "boolean" | "string";
  short?: string;
  multiple?: boolean;
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
  try {
    const { values, positionals } = nodeParseArgs({
      args,
      options,
      strict: true,
      allowPositionals: true,
    });
    return { values: { ...values }, positionals };
  } catch (e) {
    const msg = (e as Error).message.replace(/^TypeError: /, "").split("\n")[0];
    throw new TasklineError("usage", `taskline ${command}: ${msg}`);
  }
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
