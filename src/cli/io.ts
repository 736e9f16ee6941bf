/**
 * The program's input and output, passed to every command so that tests can
 * run commands in-process and the real program can run them on the real
 * streams.
 *
 * @module
 */

/** A text destination with buffering and an explicit flush. */
export interface TextSink {
  write(text: string): Promise<void>;
  flush(): Promise<void>;
  /** Whether it is a terminal (colour, the terminal UI). */
  readonly isTerminal: boolean;
}

/** Everything a command may touch besides the state directory. */
export interface Io {
  stdout: TextSink;
  stderr: TextSink;
  stdin: ReadableStream<Uint8Array>;
  /** Reads an environment variable. */
  env(name: string): string | undefined;
  /** Aborted on Ctrl-C (SIGINT) or SIGTERM. */
  signal: AbortSignal;
}

const encoder = new TextEncoder();

/**
 * A buffered sink over a Deno writer. Writes are batched up to `bufferBytes`
 * (default 64 KiB) so that printing many events costs few system calls.
 */
export class WriterSink implements TextSink {
  #parts: string[] = [];
  #size = 0;
  readonly #writer: { write(p: Uint8Array): Promise<number> };
  readonly #bufferBytes: number;
  readonly isTerminal: boolean;

  constructor(
    writer: { write(p: Uint8Array): Promise<number> },
    options: { isTerminal?: boolean; bufferBytes?: number } = {},
  ) {
    this.#writer = writer;
    this.isTerminal = options.isTerminal ?? false;
    this.#bufferBytes = options.bufferBytes ?? 64 * 1024;
  }

  write(text: string): Promise<void> {
    this.#parts.push(text);
    this.#size += text.length;
    return this.#size >= this.#bufferBytes ? this.flush() : Promise.resolve();
  }

  async flush(): Promise<void> {
    if (this.#size === 0) return;
    const bytes = encoder.encode(this.#parts.join(""));
    this.#parts = [];
    this.#size = 0;
    let off = 0;
    while (off < bytes.length) off += await this.#writer.write(bytes.subarray(off));
  }
}

/** A sink that keeps what is written (tests, in-process use). */
export class MemorySink implements TextSink {
  text = "";
  readonly isTerminal: boolean;
  constructor(isTerminal = false) {
    this.isTerminal = isTerminal;
  }
  write(text: string): Promise<void> {
    this.text += text;
    return Promise.resolve();
  }
  flush(): Promise<void> {
    return Promise.resolve();
  }
}

/** Whether an error means the reader of our output went away (`| head`). */
export function isBrokenPipe(e: unknown): boolean {
  return e instanceof Deno.errors.BrokenPipe ||
    (e instanceof Error && /broken pipe|os error 32/i.test(e.message));
}
