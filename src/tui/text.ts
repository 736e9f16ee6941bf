/**
 * Text for the terminal: what a string looks like on screen. Event text is
 * written by tools and models, so every control character (an escape
 * sequence in a tool's output, a tab, a newline) is made visible instead of
 * reaching the terminal, and cells are cut and padded by display columns.
 *
 * @module
 */
import { visible } from "../views/terminal_text.ts";

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

/**
 * One line of plain text: tabs become spaces, newlines a visible `⏎`, other
 * control, bidi and separator characters a visible escape such as `\x1b` or
 * `\u202e` (views/terminal_text.ts, shared with the CLI), so no escape
 * sequence from a log reaches the terminal.
 */
export function clean(text: string): string {
  return visible(text, { newline: "⏎", tab: " " });
}

/** Display width of clean text. */
export function textWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += charWidth(ch.codePointAt(0)!);
  return w;
}

/**
 * Cuts clean text to at most `width` columns, ending with `…` when it was
 * cut, and pads it with spaces to exactly `width` unless `pad` is false.
 */
export function fit(text: string, width: number, options: { pad?: boolean } = {}): string {
  if (width <= 0) return "";
  let out = "";
  let w = 0;
  let cut = false;
  for (const ch of text) {
    const cw = charWidth(ch.codePointAt(0)!);
    if (w + cw > width) {
      cut = true;
      break;
    }
    out += ch;
    w += cw;
  }
  if (cut) {
    // Make room for the ellipsis.
    const chars = [...out];
    while (chars.length > 0 && w + 1 > width) w -= charWidth(chars.pop()!.codePointAt(0)!);
    out = chars.join("") + "…";
    w += 1;
  }
  return options.pad === false ? out : out + " ".repeat(Math.max(0, width - w));
}

/** Right-aligned cell of `width` columns. */
export function fitRight(text: string, width: number): string {
  const s = fit(text, width, { pad: false });
  return " ".repeat(Math.max(0, width - textWidth(s))) + s;
}

/**
 * Splits clean text into lines of at most `width` columns (hard wrap; no
 * word splitting smarts, which logs and outputs do not need). At most
 * `linesMax` lines (default 10000).
 */
export function wrap(text: string, width: number, linesMax = 10_000): string[] {
  if (width <= 0) return [];
  const out: string[] = [];
  let line = "";
  let w = 0;
  for (const ch of text) {
    const cw = charWidth(ch.codePointAt(0)!);
    if (w + cw > width) {
      out.push(line);
      if (out.length >= linesMax) return out;
      line = "";
      w = 0;
    }
    line += ch;
    w += cw;
  }
  if (line !== "" || out.length === 0) out.push(line);
  return out;
}

/**
 * Splits multi-line text (a tool's output) into clean display lines of
 * `width` columns, at most `linesMax` lines.
 */
export function textLines(text: string, width: number, linesMax = 10_000): string[] {
  const out: string[] = [];
  for (const raw of text.split("\n")) {
    for (const l of wrap(clean(raw.replace(/\r$/, "")), width, linesMax - out.length)) {
      out.push(l);
    }
    if (out.length >= linesMax) break;
  }
  return out;
}

/** Select Graphic Rendition styles the UI uses. */
export type Style =
  | "bold"
  | "dim"
  | "reverse"
  | "red"
  | "green"
  | "yellow"
  | "blue"
  | "magenta"
  | "cyan";

const SGR: Record<Style, string> = {
  bold: "1",
  dim: "2",
  reverse: "7",
  red: "31",
  green: "32",
  yellow: "33",
  blue: "34",
  magenta: "35",
  cyan: "36",
};

const COLOURS = new Set<Style>(["red", "green", "yellow", "blue", "magenta", "cyan"]);

/** Paints text; `colour` false (NO_COLOR) drops colours but keeps bold, dim and reverse. */
export function paint(text: string, styles: Style[], colour = true): string {
  const codes = styles.filter((s) => colour || !COLOURS.has(s)).map((s) => SGR[s]);
  return codes.length === 0 ? text : `\x1b[${codes.join(";")}m${text}\x1b[0m`;
}
