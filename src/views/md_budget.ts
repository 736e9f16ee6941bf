/**
 * Bounds of the Markdown documents taskline writes for a code host: GitHub
 * refuses a pull request body over 65,536 characters and drops a job
 * summary over 1 MiB, so every list in them is cut at a number of items and
 * of characters, with a line that says how many were left out and where to
 * see them. A UTF-16 code unit is at most 3 bytes of UTF-8, so a summary of
 * at most 320,000 characters is under 1 MiB whatever its text.
 *
 * @example
 * ```ts
 * const shown = takeLines(lines, { itemsMax: 50, charsMax: 16_000 });
 * // shown.lines, shown.left (how many were not taken)
 * ```
 *
 * @module
 */

/** Options of {@link takeLines}. */
export interface TakeOptions {
  /** Most lines taken. */
  itemsMax: number;
  /** Most characters (UTF-16 code units, as GitHub counts a body) taken, newlines included. */
  charsMax: number;
}

/** What {@link takeLines} took, and how many it left. */
export interface Taken {
  lines: string[];
  left: number;
}

/** The first lines of `lines` that fit both bounds; a line is taken whole or left. */
export function takeLines(lines: string[], options: TakeOptions): Taken {
  const out: string[] = [];
  let chars = 0;
  for (const l of lines) {
    if (out.length >= options.itemsMax || chars + l.length + 1 > options.charsMax) break;
    out.push(l);
    chars += l.length + 1;
  }
  return { lines: out, left: lines.length - out.length };
}
