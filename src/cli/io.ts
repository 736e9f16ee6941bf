/**
 * The program's input and output, passed to every command so that tests can
 * run commands in-process and the real program can run them on the real
 * streams.
 *
 * @module
 */
import { TasklineError } from "../errors.ts";

/** A text destination with buffering and an explicit flush. */
export interface TextSink {
  write(text: string): Promise<void>;
  /**
   * Writes bytes of UTF-8 text as they are, in order with `write` (the
   * caller may reuse them once the promise settles). Sinks without it take
   * the text.
   */
  writeBytes?(bytes: Uint8Array): Promise<void>;
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
/** The output buffer of a sink: room for 64 KiB of text in UTF-8 and more. */
const OUT_BUFFER_BYTES = 512 * 1024;

/** What a {@link WriterSink} writes to: `Deno.stdout`, a file, a connection. */
export interface SinkWriter {
  write(p: Uint8Array): Promise<number>;
  writeSync?(p: Uint8Array): number;
}

/**
 * A buffered sink over a Deno writer. Writes are batched up to `bufferBytes`
 * (default 64 KiB) so that printing many events costs few system calls.
 */
export class WriterSink implements TextSink {
  /** Pending output, encoded: `#buf[0, #len)`. */
  #buf: Uint8Array | undefined;
  #len = 0;
  readonly #writer: SinkWriter;
  readonly #bufferBytes: number;
  readonly #sync: boolean;
  readonly isTerminal: boolean;

  /**
   * `sync` (default false) writes with `writeSync` when the writer has it:
   * a long replay then holds no batch across an await, which keeps its
   * resident memory about 20 MB lower; a slow reader blocks the writer, as
   * it would anyway.
   */
  constructor(
    writer: SinkWriter,
    options: { isTerminal?: boolean; bufferBytes?: number; sync?: boolean } = {},
  ) {
    this.#writer = writer;
    this.#sync = options.sync ?? false;
    this.isTerminal = options.isTerminal ?? false;
    this.#bufferBytes = options.bufferBytes ?? 64 * 1024;
  }

  async write(text: string): Promise<void> {
    // One reused buffer: a fresh one per write is external memory that the
    // garbage collector lets pile up (tens of megabytes over a long replay).
    const buf = this.#buf ??= new Uint8Array(OUT_BUFFER_BYTES);
    if (text.length * 3 > buf.length - this.#len) {
      await this.flush();
      if (text.length * 3 > buf.length) {
        await this.#out(encoder.encode(text));
        return;
      }
    }
    this.#len += encoder.encodeInto(text, buf.subarray(this.#len)).written;
    if (this.#len >= this.#bufferBytes) await this.flush();
  }

  async writeBytes(bytes: Uint8Array): Promise<void> {
    // A buffer's worth or more: written as it is, not copied.
    if (bytes.length >= this.#bufferBytes) {
      await this.flush();
      await this.#out(bytes);
      return;
    }
    const buf = this.#buf ??= new Uint8Array(OUT_BUFFER_BYTES);
    if (bytes.length > buf.length - this.#len) await this.flush();
    buf.set(bytes, this.#len);
    this.#len += bytes.length;
    if (this.#len >= this.#bufferBytes) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.#len === 0) return;
    const bytes = this.#buf!.subarray(0, this.#len);
    this.#len = 0;
    await this.#out(bytes);
  }

  async #out(bytes: Uint8Array): Promise<void> {
    let off = 0;
    const writeSync = this.#writer.writeSync;
    if (this.#sync && writeSync) {
      while (off < bytes.length) off += writeSync.call(this.#writer, bytes.subarray(off));
      return;
    }
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
  writeBytes(bytes: Uint8Array): Promise<void> {
    this.text += new TextDecoder().decode(bytes);
    return Promise.resolve();
  }
  flush(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * All of standard input as text, refusing more than `bytesMax` bytes with a
 * usage error naming `what` ("The scenario on stdin is larger than 16 MiB").
 *
 * @example
 * ```ts
 * const text = await readStdinText(ctx.io.stdin, 16 * 1024 * 1024, "The scenario");
 * ```
 */
export async function readStdinText(
  stdin: ReadableStream<Uint8Array>,
  bytesMax: number,
  what: string,
): Promise<string> {
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    size += chunk.length;
    if (size > bytesMax) {
      throw new TasklineError(
        "usage",
        `${what} on stdin is larger than ${Math.round(bytesMax / 1024 / 1024)} MiB`,
      );
    }
    parts.push(chunk);
  }
  const all = new Uint8Array(size);
  let off = 0;
  for (const p of parts) {
    all.set(p, off);
    off += p.length;
  }
  return new TextDecoder().decode(all);
}

/** Whether an error means the reader of our output went away (`| head`). */
export function isBrokenPipe(e: unknown): boolean {
  return e instanceof Deno.errors.BrokenPipe ||
    (e instanceof Error && /broken pipe|os error 32/i.test(e.message));
}
