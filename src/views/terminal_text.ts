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
 *   joiners outside the emoji sequences and words of scripts that use them,
 *   word joiner, soft hyphen, BOM, invisible operators, the tag
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
  return text.replace(UNSAFE, (c, at: number) => {
    if (c === "\n" && newline !== undefined) return newline;
    if (c === "\t" && tab !== undefined) return tab;
    if ((c === "\u200d" || c === "\u200c") && joins(text, at)) return c;
    return escapeOf(c);
  });
}

/**
 * Whether the joiner at `at` stands between two characters that are neither
 * ASCII nor unsafe: an emoji sequence (👨‍💻) or a word of a script that
 * writes them (Persian, the Indic scripts). Kept there, where they only
 * shape what is drawn; anywhere else (inside ASCII text) they are shown.
 */
function joins(text: string, at: number): boolean {
  const before = text.codePointAt(at - 1 - (isLowSurrogate(text.charCodeAt(at - 1)) ? 1 : 0));
  const after = text.codePointAt(at + 1);
  const ok = (cp: number | undefined) =>
    cp !== undefined && cp > 0x7f && !UNSAFE_TEST.test(String.fromCodePoint(cp));
  return at > 0 && ok(before) && ok(after);
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
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

// Zero columns: combining and enclosing marks, format characters (shown as
// escapes by `clean`, counted here for text that did not go through it), the
// medial and final Hangul jamo.
const ZERO_WIDTH = /^[\p{Mn}\p{Me}\p{Cf}\u1160-\u11ff\ud7b0-\ud7ff]$/u;
// Two columns: emoji shown as emoji by default (East Asian Width W since
// Unicode 9) but the regional indicators, which terminals draw one column each.
const EMOJI_WIDE = /^(?![\u{1f1e6}-\u{1f1ff}])\p{Emoji_Presentation}$/u;

/**
 * Display columns of one code point: 0 (combining), 1, or 2 (wide), as a
 * terminal draws it (the East Asian Width W and F ranges and the emoji of
 * Unicode 15, as glibc's `wcwidth`, which tmux and most terminals follow).
 */
export function charWidth(cp: number): number {
  if (cp < 0x300) return 1;
  if (cp > 0xffff) return widthOf(cp);
  // The basic plane's widths, computed once each (the tests below cost a regex match).
  const known = BMP_WIDTHS[cp];
  if (known !== 0) return known - 1;
  const w = widthOf(cp);
  BMP_WIDTHS[cp] = w + 1;
  return w;
}

/** Width + 1 of each basic-plane code point seen, 0 when not yet computed. */
const BMP_WIDTHS = new Uint8Array(0x10000);

function widthOf(cp: number): number {
  if (
    (cp >= 0x1100 && cp <= 0x115f) || cp === 0x2329 || cp === 0x232a ||
    (cp >= 0x2e80 && cp <= 0x303e) || (cp >= 0x3041 && cp <= 0x33ff) ||
    (cp >= 0x3400 && cp <= 0x4dff) || (cp >= 0x4e00 && cp <= 0xa4cf) ||
    (cp >= 0xa960 && cp <= 0xa97f) || (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) || (cp >= 0xfe10 && cp <= 0xfe19) ||
    (cp >= 0xfe30 && cp <= 0xfe6f) || (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) || (cp >= 0x16fe0 && cp <= 0x16fff) ||
    (cp >= 0x17000 && cp <= 0x18cff) || (cp >= 0x18d00 && cp <= 0x18d8f) ||
    (cp >= 0x1aff0 && cp <= 0x1b2ff) || (cp >= 0x1f200 && cp <= 0x1f2ff) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  ) {
    // Marks inside those ranges (kana voicing marks, ideographic tone marks) take none.
    return ZERO_WIDTH.test(String.fromCodePoint(cp)) ? 0 : 2;
  }
  const ch = String.fromCodePoint(cp);
  if (ZERO_WIDTH.test(ch)) return 0;
  return EMOJI_WIDE.test(ch) ? 2 : 1;
}

/** Display columns of text (after {@link visible}: it has no control characters). */
export function displayWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += charWidth(ch.codePointAt(0)!);
  return w;
}

/** Text cut to at most `columns` display columns, ending with `…` when it was cut. */
export function cutColumns(text: string, columns: number): string {
  if (displayWidth(text) <= columns) return text;
  let out = "";
  let w = 0;
  for (const ch of text) {
    const cw = charWidth(ch.codePointAt(0)!);
    if (w + cw > columns - 1) break;
    out += ch;
    w += cw;
  }
  return out + "…";
}
