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
/** Writes at least this long tell whether the destination waits for its reader. */
const WAIT_PROBE_BYTES = 64 * 1024;
/** Writes in a row that waited before a `writeBehind` sink writes behind (one may be a hiccup). */
const WAITS_TO_BEHIND = 3;

/** What a {@link WriterSink} writes to: `Deno.stdout`, a file, a connection. */
export interface SinkWriter {
  write(p: Uint8Array): Promise<number>;
  writeSync?(p: Uint8Array): number;
}

/**
 * A buffered sink over a Deno writer. Writes are batched up to `bufferBytes`
 * (default 64 KiB) so that printing many events costs few system calls.
 *
 * With `writeBehind`, once a write has had to wait for the destination (a
 * pipe whose reader takes 64 KiB at a time, a terminal), a full buffer is
 * written while the next one fills: the sink has two buffers, and the write
 * of one (an asynchronous write, done off the main thread) runs while the
 * command reads and checks the next lines. A replay into `| wc -l` or
 * `| grep` then costs the slower of the two, not their sum. Bytes given to
 * `writeBytes` are then copied into the buffer, so the caller may reuse them
 * at once. A destination that never waits (a file, `/dev/null`) keeps the
 * plain writes, which copy nothing.
 */
export class WriterSink implements TextSink {
  /** Pending output, encoded: `#buf[0, #len)`. */
  #buf: Uint8Array | undefined;
  #len = 0;
  /** The other buffer of a write-behind sink, free once `#inflight` settles. */
  #spare: Uint8Array | undefined;
  /** The write in progress (write-behind), and what it failed with. */
  #inflight: Promise<void> | null = null;
  #failure: unknown = null;
  readonly #writer: SinkWriter;
  readonly #bufferBytes: number;
  readonly #sync: boolean;
  /** Writes wait for the destination: full buffers are written behind (see the class doc). */
  #behind = false;
  /** Writes in a row that had to wait; with `writeBehind`, the third turns {@link #behind} on. */
  #waited = 0;
  readonly #mayBehind: boolean;
  readonly isTerminal: boolean;

  /**
   * `sync` (default false) writes with `writeSync` when the writer has it:
   * a long replay then holds no batch across an await, which keeps its
   * resident memory about 20 MB lower; a slow reader blocks the writer, as
   * it would anyway. `writeBehind` (default false) writes a full buffer
   * while the next one fills once writes wait for the destination (see the
   * class documentation); `flush` still returns once everything is written.
   */
  constructor(
    writer: SinkWriter,
    options: {
      isTerminal?: boolean;
      bufferBytes?: number;
      sync?: boolean;
      writeBehind?: boolean;
    } = {},
  ) {
    this.#writer = writer;
    this.#sync = options.sync ?? false;
    this.#mayBehind = options.writeBehind ?? false;
    this.isTerminal = options.isTerminal ?? false;
    this.#bufferBytes = options.bufferBytes ?? 64 * 1024;
  }

  async write(text: string): Promise<void> {
    // One reused buffer: a fresh one per write is external memory that the
    // garbage collector lets pile up (tens of megabytes over a long replay).
    const buf = this.#buf ??= new Uint8Array(OUT_BUFFER_BYTES);
    if (text.length * 3 > buf.length - this.#len) {
      await this.#full();
      if (text.length * 3 > this.#buf!.length) {
        await this.writeBytes(encoder.encode(text));
        return;
      }
    }
    this.#len += encoder.encodeInto(text, this.#buf!.subarray(this.#len)).written;
    if (this.#len >= this.#bufferBytes) await this.#full();
  }

  async writeBytes(bytes: Uint8Array): Promise<void> {
    if (!this.#behind && bytes.length >= this.#bufferBytes) {
      // A buffer's worth or more: written as it is, not copied.
      await this.flush();
      await this.#out(bytes);
      return;
    }
    let off = 0;
    while (off < bytes.length) {
      const buf = this.#buf ??= new Uint8Array(OUT_BUFFER_BYTES);
      if (this.#len === buf.length) await this.#full();
      const n = Math.min(bytes.length - off, this.#buf!.length - this.#len);
      this.#buf!.set(bytes.subarray(off, off + n), this.#len);
      this.#len += n;
      off += n;
    }
    if (this.#len >= this.#bufferBytes) await this.#full();
  }

  async flush(): Promise<void> {
    if (this.#len > 0) await this.#full();
    if (this.#inflight !== null) await this.#inflight;
    this.#throwFailure();
  }

  /** Writes the buffer: at once, or (write-behind) once the write before it is done. */
  async #full(): Promise<void> {
    if (this.#len === 0) return;
    if (!this.#behind) {
      const bytes = this.#buf!.subarray(0, this.#len);
      this.#len = 0;
      await this.#out(bytes);
      return;
    }
    if (this.#inflight !== null) await this.#inflight;
    this.#throwFailure();
    const full = this.#buf!;
    const bytes = full.subarray(0, this.#len);
    this.#buf = this.#spare ?? new Uint8Array(OUT_BUFFER_BYTES);
    this.#spare = undefined;
    this.#len = 0;
    // Settles without rejecting: a failure is thrown by the next write or flush.
    this.#inflight = this.#outAsync(bytes).then(
      () => {
        this.#spare = full;
      },
      (e) => {
        this.#failure = e;
      },
    ).finally(() => {
      this.#inflight = null;
    });
  }

  #throwFailure() {
    if (this.#failure === null) return;
    const e = this.#failure;
    this.#failure = null;
    throw e;
  }

  async #outAsync(bytes: Uint8Array): Promise<void> {
    let off = 0;
    while (off < bytes.length) off += await this.#writer.write(bytes.subarray(off));
  }

  async #out(bytes: Uint8Array): Promise<void> {
    let off = 0;
    const writeSync = this.#writer.writeSync;
    if (this.#sync && writeSync) {
      const t0 = this.#mayBehind ? performance.now() : 0;
      while (off < bytes.length) off += writeSync.call(this.#writer, bytes.subarray(off));
      if (this.#mayBehind && bytes.length >= WAIT_PROBE_BYTES) {
        // Slower than 2 GB/s, several times in a row: the destination makes
        // the writes wait for its reader.
        const waited = performance.now() - t0 > bytes.length / 2e6;
        this.#waited = waited ? this.#waited + 1 : 0;
        if (this.#waited >= WAITS_TO_BEHIND) this.#behind = true;
      }
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
