/**
 * Diff-based drawing: a frame is one string a row, already fitted to the
 * width; only rows that changed since the last frame are written, all in one
 * write inside a synchronized update, so the screen never flickers.
 *
 * @module
 */

/** Where frames go: one write a frame. */
export type FrameWriter = (text: string) => void;

// Terminals that know mode 2026 show the frame at once; others ignore it.
const SYNC_BEGIN = "\x1b[?2026h";
const SYNC_END = "\x1b[?2026l";

/**
 * Draws frames of `rows` lines, writing only the rows that changed.
 *
 * @example
 * ```ts
 * const screen = new Screen((s) => out.writeSync(enc.encode(s)));
 * screen.draw(["hello", "world"], { width: 80, height: 2 });
 * ```
 */
export class Screen {
  #previous: string[] = [];
  #width = -1;
  #height = -1;
  readonly #write: FrameWriter;

  constructor(write: FrameWriter) {
    this.#write = write;
  }

  /** Forgets what is on screen: the next frame is drawn whole (resize, Ctrl-L). */
  invalidate(): void {
    this.#previous = [];
    this.#width = -1;
  }

  /**
   * Draws a frame. Rows beyond `size.height` are ignored, missing rows are
   * blank. Returns the number of rows written.
   */
  draw(rows: string[], size: { width: number; height: number }): number {
    let out = "";
    if (size.width !== this.#width || size.height !== this.#height) {
      // A new size: clear whole, then draw every row.
      out += "\x1b[0m\x1b[2J";
      this.#previous = [];
      this.#width = size.width;
      this.#height = size.height;
    }
    let written = 0;
    for (let r = 0; r < size.height; r++) {
      const row = rows[r] ?? "";
      if (this.#previous[r] === row) continue;
      // Clear first: erasing after a row that fills the width would erase its last column.
      out += `\x1b[${r + 1};1H\x1b[0m\x1b[2K${row}\x1b[0m`;
      this.#previous[r] = row;
      written++;
    }
    this.#previous.length = size.height;
    if (out !== "") this.#write(SYNC_BEGIN + out + SYNC_END);
    return written;
  }
}
