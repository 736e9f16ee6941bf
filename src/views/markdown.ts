/**
 * Log text made inert in Markdown, for the documents taskline writes for a
 * code host: the body of a pull request (`taskline pr`) and a CI job's
 * summary (`taskline history --format markdown`). Logs are written by
 * engines that run tools on untrusted input: a commit message, a comment or
 * a path must not open an HTML tag, a link, an image, a mention, an issue
 * reference, emphasis or a block the log did not mean, nor split a table.
 *
 * What is done (docs/ci.md says what GitHub makes of it):
 *
 * - Text first goes through `oneLine` (event_line.ts): one line, control,
 *   bidi and invisible characters shown as escapes (`\x1b`, `\u202e`), so
 *   the document is also safe to print on a terminal.
 * - A word (a run of characters other than white space and `|`) that a code
 *   host would turn into something on its own, whatever backslashes it
 *   carries, is put in a code span: words holding `@` (mentions, e-mail
 *   addresses, which GitHub links after escapes are resolved), `#` (issue
 *   references), `$` (math), `://` or `www.` (links), `GH-<digit>` or an
 *   emoji code such as `:rocket:` (one with a letter or `+`: a time such as
 *   `10:31:16` stays text). Nothing is interpreted inside a code span,
 *   and GitHub's mention, reference and emoji filters skip code.
 * - In the rest every character Markdown could act on inline gets a
 *   backslash: `\` `` ` `` `*` `_` `[` `]` `<` `>` `&` `|` `~` `$` `#`. A
 *   text that starts with `-`, `+`, `=` or a number followed by `.` or `)`
 *   gets one before it too (a list, a thematic break, a setext underline),
 *   since a list item's text is at the start of a line.
 * - In a table cell a `|` never splits the cell: outside code it is `\|`,
 *   and a code span is cut at each `|` (GFM's table parser reads `\|` even
 *   inside code, and a backslash before it would escape the backslash).
 *
 * @example
 * ```ts
 * mdText("fix <b>x</b> for @alice");   // "fix \\<b\\>x\\</b\\> for `@alice`"
 * mdCode("src/a`b.ts");                // "``src/a`b.ts``"
 * ```
 *
 * @module
 */
import { oneLine } from "./event_line.ts";
import { visible } from "./terminal_text.ts";

/** Options of {@link mdText} and {@link mdCode}. */
export interface MdOptions {
  /** The text goes in a GFM table cell (no line-start escapes; code cut at `|`). Default false. */
  table?: boolean;
  /**
   * The text may start a line (a list item's text does): a `-`, `+`, `=` or
   * `1.` at its start is escaped. False for text after something on its
   * line, where they mean nothing. Default true.
   */
  lineStart?: boolean;
  /** Longest text kept, in characters, before `…` (before escaping). Default 300. */
  charsMax?: number;
}

/** Characters that get a backslash wherever they are (outside code spans). */
const INLINE_SPECIAL = /[\\`*_[\]<>&|~$#]/g;
/**
 * A word a code host acts on whatever backslashes it holds: mentions and
 * e-mail addresses (`@`), references (`#`, `GH-1`), math (`$`), links
 * (`://`, `www.`), emoji codes (`:tada:`).
 */
const HOSTED = /[@#$]|:\/\/|www\.|\bgh-\d|:[a-z0-9_+-]*[a-z+][a-z0-9_+-]*:/i;
/** A start of line that opens a block: a list, a thematic break, a setext underline. */
const LINE_START = /^(?:[-+=]|\d{1,9}[.)])/;

/**
 * Text for Markdown, on one line, inert: see the module documentation.
 *
 * @example
 * ```ts
 * mdText("1. *fix* [x](javascript:y)"); // "1\\. \\*fix\\* \\[x\\](javascript:y)"
 * ```
 */
export function mdText(text: unknown, options: MdOptions = {}): string {
  const line = oneLine(text, options.charsMax ?? 300);
  let out = "";
  // Words (no white space, no `|`), the white space and pipes between them.
  for (const part of line.split(/([\s|]+)/)) {
    if (part === "") continue;
    if (/^[\s|]/.test(part)) out += part.replaceAll("|", "\\|");
    else if (HOSTED.test(part)) out += codeSpan(part);
    else out += part.replace(INLINE_SPECIAL, "\\$&");
  }
  // Nothing opens a block in a table cell or after other text on the line.
  const start = options.table || options.lineStart === false ? null : LINE_START.exec(out);
  if (start) {
    const s = start[0];
    out = s.length === 1 ? `\\${out}` : `${s.slice(0, -1)}\\${out.slice(s.length - 1)}`;
  }
  return out;
}

/**
 * Text as a code span (a path, a command, a branch): shown exactly, on one
 * line, nothing in it interpreted. Empty text is `(empty)`.
 *
 * @example
 * ```ts
 * mdCode("a|b", { table: true }); // "`a`\\|`b`"
 * ```
 */
export function mdCode(text: unknown, options: MdOptions = {}): string {
  const line = oneLine(text, options.charsMax ?? 300);
  if (line === "") return "(empty)";
  if (!options.table || !line.includes("|")) return codeSpan(line);
  return line.split("|").map((p) => p === "" ? "" : codeSpan(p)).join("\\|");
}

/** A code span around text that holds no line break: a fence longer than any run of backticks in it. */
function codeSpan(text: string): string {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const fence = "`".repeat(longest + 1);
  // A space on each side keeps a backtick at an end off the fence (and is
  // stripped by the renderer); text with a space at both ends keeps them.
  const pad = text.startsWith("`") || text.endsWith("`") ||
      (text.startsWith(" ") && text.endsWith(" "))
    ? " "
    : "";
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** Options of {@link mdParagraphs}. */
export interface MdParagraphsOptions {
  /** Longest text kept, in characters, before `…` (before escaping). Default 4000. */
  charsMax?: number;
}

/**
 * Multi-line text (a task's description) as inert Markdown paragraphs: each
 * line through {@link mdText} (so no line opens a heading, a list, a quote,
 * a fence, a table or HTML), runs of blank lines kept as one paragraph
 * break. Empty text gives "".
 */
export function mdParagraphs(text: unknown, options: MdParagraphsOptions = {}): string {
  const max = options.charsMax ?? 4000;
  let s = String(text ?? "").replace(/\r\n?/g, "\n");
  if (s.length > max) s = s.slice(0, max - 1) + "…";
  const lines: string[] = [];
  for (const raw of s.split("\n")) {
    const l = mdText(raw, { charsMax: max });
    if (l === "") {
      if (lines.length > 0 && lines[lines.length - 1] !== "") lines.push("");
    } else lines.push(l);
  }
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  return lines.join("\n");
}

/**
 * A Markdown document checked once more before it is printed: every control,
 * bidi or invisible character that is not one of its own line breaks shown
 * as an escape (the parts went through {@link mdText} already; this guards
 * the ones the renderer wrote itself).
 */
export function mdDocument(lines: string[]): string {
  return lines.map((l) => visible(l, { newline: "\n" })).join("\n") + "\n";
}
