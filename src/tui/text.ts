/**
 * Text for the terminal: what a string looks like on screen. Event text is
 * written by tools and models, so every control character (an escape
 * sequence in a tool's output, a tab, a newline) is made visible instead of
 * reaching the terminal, and cells are cut and padded by display columns.
 *
 * @module
 */
import { charWidth, displayWidth, visible } from "../views/terminal_text.ts";

export { charWidth };

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
  return displayWidth(text);
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
