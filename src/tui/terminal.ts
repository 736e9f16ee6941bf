/**
 * The real terminal: raw mode, the alternate screen, the hidden cursor,
 * key input and resizes, and restoring all of it however the program ends.
 *
 * @module
 */

/** What the terminal UI needs of a terminal (a fake one in unit tests). */
export interface TerminalPort {
  /** Columns and rows. */
  size(): { width: number; height: number };
  /** Writes text at once (frames, mode changes). */
  write(text: string): void;
  /** Raw mode, alternate screen, hidden cursor. */
  enter(): void;
  /** Leaves everything `enter` changed; safe to call twice. */
  restore(): void;
  /** Chunks of input as the user types, until `signal` aborts or input ends. */
  input(signal: AbortSignal): AsyncIterable<string>;
  /** Calls `fn` when the terminal is resized; returns the unsubscribe. */
  onResize(fn: () => void): () => void;
}

const ENTER = "\x1b[?1049h\x1b[?25l\x1b[?7l\x1b[H\x1b[2J";
// Reset attributes, wrap back on, cursor visible, main screen back.
const LEAVE = "\x1b[0m\x1b[?7h\x1b[?25h\x1b[?1049l";

/** The process's own terminal (stdin and stdout). */
export class DenoTerminal implements TerminalPort {
  #entered = false;
  readonly #encoder = new TextEncoder();
  readonly #onUnload = () => this.restore();

  size(): { width: number; height: number } {
    try {
      const { columns, rows } = Deno.consoleSize();
      return { width: columns, height: rows };
    } catch {
      return { width: 80, height: 24 };
    }
  }

  write(text: string): void {
    const bytes = this.#encoder.encode(text);
    let off = 0;
    while (off < bytes.length) off += Deno.stdout.writeSync(bytes.subarray(off));
  }

  enter(): void {
    if (this.#entered) return;
    Deno.stdin.setRaw(true);
    this.#entered = true;
    // Deno.exit (a second Ctrl-C from main.ts) dispatches unload, and an
    // uncaught error ends the process: give the terminal back there too.
    globalThis.addEventListener("unload", this.#onUnload);
    globalThis.addEventListener("error", this.#onUnload);
    globalThis.addEventListener("unhandledrejection", this.#onUnload);
    this.write(ENTER);
  }

  restore(): void {
    if (!this.#entered) return;
    this.#entered = false;
    globalThis.removeEventListener("unload", this.#onUnload);
    globalThis.removeEventListener("error", this.#onUnload);
    globalThis.removeEventListener("unhandledrejection", this.#onUnload);
    try {
      this.write(LEAVE);
    } catch { /* the terminal is gone */ }
    try {
      Deno.stdin.setRaw(false);
    } catch { /* idem */ }
  }

  async *input(signal: AbortSignal): AsyncIterable<string> {
    const buf = new Uint8Array(4096);
    const decoder = new TextDecoder();
    // A read cannot be cancelled: race it with the signal and leave it pending.
    const aborted = new Promise<null>((resolve) => {
      if (signal.aborted) resolve(null);
      signal.addEventListener("abort", () => resolve(null), { once: true });
    });
    while (!signal.aborted) {
      const n = await Promise.race([Deno.stdin.read(buf), aborted]);
      if (n === null) return;
      yield decoder.decode(buf.subarray(0, n), { stream: true });
    }
  }

  onResize(fn: () => void): () => void {
    try {
      Deno.addSignalListener("SIGWINCH", fn);
    } catch {
      return () => {};
    }
    return () => {
      try {
        Deno.removeSignalListener("SIGWINCH", fn);
      } catch { /* already gone */ }
    };
  }
}
