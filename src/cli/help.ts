/**
 * A command's `--help`, made from its declaration (src/cli/args.ts): the
 * usage lines, its free text as written, the table of its subcommands and
 * the table of its options. Loaded only when help is asked for.
 *
 * @module
 */
import type { CommandSpec, Flag } from "./args.ts";

/** Columns a table line fills before its description wraps. */
const LINE_COLUMNS = 80;
/** Columns a description keeps at least, past {@link LINE_COLUMNS} when the left column is wide. */
const DESCRIPTION_COLUMNS_MIN = 40;

/**
 * The help text of `spec`, without a final line break.
 *
 * @example
 * ```ts
 * helpText({
 *   name: "cancel",
 *   usage: ["<TASK> [options]"],
 *   flags: { json: { type: "boolean", description: "the result as JSON" } },
 * });
 * // Usage: taskline cancel <TASK> [options]
 * //
 * // Options:
 * //   --json  the result as JSON
 * ```
 */
export function helpText(spec: CommandSpec): string {
  const parts = [usageLines(spec)];
  if (spec.about !== undefined) parts.push(spec.about);
  if (spec.subcommands !== undefined) {
    parts.push(
      table(spec.subcommands.map((sub) => [subcommandLine(sub), (sub.about ?? "").split(" ")])),
    );
  }
  const flags = Object.entries(spec.flags);
  if (flags.length > 0) {
    parts.push(
      "Options:\n" + table(flags.map(([name, flag]) => [flagLabel(name, flag), described(flag)])),
    );
  }
  if (spec.notes !== undefined) parts.push(spec.notes);
  return parts.join("\n\n");
}

/** How the help names a flag: `-f, --follow`, `--after <SEQ>`. */
export function flagLabel(name: string, flag: Flag): string {
  const long = flag.type === "string" ? `--${name} <${valueName(name, flag)}>` : `--${name}`;
  return flag.short ? `-${flag.short}, ${long}` : long;
}

function valueName(name: string, flag: Flag): string {
  return flag.value ?? name.toUpperCase();
}

/**
 * A flag's description with what the declaration adds (repeatable, the
 * default), as the words it wraps at: "(default:" stays with what follows.
 */
function described(flag: Flag): string[] {
  const words = flag.description.split(" ");
  if (flag.multiple) words.push("(repeatable)");
  if (flag.default !== undefined) {
    const [first, ...rest] = `${flag.default})`.split(" ");
    words.push(`(default: ${first}`, ...rest);
  }
  return words;
}

function usageLines(spec: CommandSpec): string {
  return spec.usage.map((u, i) =>
    `${i === 0 ? "Usage: " : "       "}taskline ${spec.name}${u === "" ? "" : ` ${u}`}`
  ).join("\n");
}

/** A subcommand with its positionals and flags: `task new <TITLE> [--description <TEXT>]`. */
function subcommandLine(sub: CommandSpec): string {
  const flags = Object.entries(sub.flags).map(([name, flag]) =>
    flag.type === "string" ? `[--${name} <${valueName(name, flag)}>]` : `[--${name}]`
  );
  return [sub.name, ...sub.usage.slice(0, 1), ...flags].filter((w) => w !== "").join(" ");
}

/**
 * Rows of two columns, indented by two: the left one as wide as its widest
 * cell and two spaces, the right one's words wrapped.
 */
function table(rows: readonly (readonly [string, readonly string[]])[]): string {
  const left = Math.max(...rows.map(([l]) => l.length)) + 2;
  const width = Math.max(LINE_COLUMNS - 2 - left, DESCRIPTION_COLUMNS_MIN);
  return rows.map(([l, r]) =>
    wrap(r, width).map((line, i) => `  ${(i === 0 ? l : "").padEnd(left)}${line}`.trimEnd())
      .join("\n")
  ).join("\n");
}

/** `words` joined by spaces in lines of at most `width` characters (a longer word alone). */
export function wrap(words: readonly string[], width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  lines.push(line);
  return lines;
}
