/**
 * Text of logs made safe for a terminal. Logs are written by engines that run
 * tools on untrusted input: a string can hold an escape sequence that
 * recolours, clears the screen, sets the window title (OSC 0) or plants a
 * hyperlink (OSC 8), a C1 control that some terminals read as ESC `[`, a CR
 * that overwrites what was printed, or a bidi override that shows `exe.txt`
 * as `txt.exe`. Every surface that writes log text to a terminal (`events`,
 * `history`, `trace`, `doctor`, warnings, the terminal UI) passes it through
 * {@link visible} first, so such characters are shown, never obeyed:
 *
 * - C0 controls (U+0000-U+001F), DEL and C1 controls (U+0080-U+009F) become
 *   `\x1b`-style escapes (`\n` and tab as the caller asks);
 * - bidi embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069),
 *   the bidi marks U+200E, U+200F, U+061C, and the line and paragraph
 *   separators U+2028, U+2029 become `\u202e`-style escapes;
 * - every other format character (Unicode category Cf: zero-width space,
 *   joiners, word joiner, soft hyphen, BOM, invisible operators, the tag
 *   characters U+E0000-U+E007F that spell hidden ASCII) and the blank
 *   Hangul fillers U+115F, U+1160, U+3164, U+FFA0 become `\u200b`-style
 *   escapes (`\u{e0072}` above U+FFFF): none of them shows anything, so a
 *   log could hide text in them or make two different strings look the same.
 *
 * Escapes the renderer itself writes (colours of `events`, the terminal UI's
 * drawing) are added after this, around text that went through it. `--json`
 * output is never passed through it: it is the log's text exactly.
 *
 * @module
 */

// C0, DEL, C1, bidi controls and marks (all but C0/C1 are in Cf), line and
// paragraph separators, every format character, the blank Hangul fillers.
const UNSAFE_CLASS = "[\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\p{Cf}" +
  "\\u115f\\u1160\\u3164\\uffa0]";
const UNSAFE = new RegExp(UNSAFE_CLASS, "gu");
const UNSAFE_TEST = new RegExp(UNSAFE_CLASS, "u");

/** Options of {@link visible}. */
export interface VisibleOptions {
  /** What a line feed becomes. Default `\n` (the two characters); CR is always `\r`. */
  newline?: string;
  /** What a tab becomes. Default `\t` (the two characters). */
  tab?: string;
}

/** The escape shown for one unsafe character. */
export function escapeOf(c: string): string {
  if (c === "\n") return "\\n";
  if (c === "\r") return "\\r";
  if (c === "\t") return "\\t";
  const cp = c.codePointAt(0)!;
  if (cp <= 0xff) return `\\x${cp.toString(16).padStart(2, "0")}`;
  if (cp > 0xffff) return `\\u{${cp.toString(16)}}`;
  return `\\u${cp.toString(16).padStart(4, "0")}`;
}

/**
 * Log text as it may be written to a terminal: every control, bidi and
 * separator character shown as an escape (see the module documentation).
 *
 * @example
 * ```ts
 * visible("\x1b[2Jcleared");     // "\\x1b[2Jcleared"
 * visible("a\u202etxt.exe");     // "a\\u202etxt.exe"
 * visible("one\ntwo", { newline: "⏎" }); // "one⏎two"
 * ```
 */
export function visible(text: string, options: VisibleOptions = {}): string {
  if (!UNSAFE_TEST.test(text)) return text;
  const newline = options.newline;
  const tab = options.tab;
  return text.replace(UNSAFE, (c) => {
    if (c === "\n" && newline !== undefined) return newline;
    if (c === "\t" && tab !== undefined) return tab;
    return escapeOf(c);
  });
}

/** Whether `text` holds anything {@link visible} would escape. */
export function hasUnsafe(text: string): boolean {
  return UNSAFE_TEST.test(text);
}

/**
 * Multi-line text (a document the renderer built, whose own line breaks are
 * kept) with every other unsafe character escaped: for text whose fields
 * went through {@link visible} or `oneLine` already, a second guard that
 * costs a scan.
 */
export function visibleLines(text: string): string {
  return visible(text, { newline: "\n" });
}
