import { assertEquals, assertRejects } from "../../tests/assert.ts";
import { type SinkWriter, WriterSink } from "./io.ts";

/**
 * A destination whose blocking writes wait (a pipe with a slow reader) and
 * whose asynchronous writes finish later, in order: what it was given, and
 * how it was given.
 */
class SlowPipe implements SinkWriter {
  readonly chunks: Uint8Array[] = [];
  syncWrites = 0;
  asyncWrites = 0;
  /** Asynchronous writes not finished yet, at most. */
  maxInflight = 0;
  #inflight = 0;
  fail: Error | null = null;
  constructor(readonly waitMs: number) {}

  writeSync(p: Uint8Array): number {
    const until = performance.now() + this.waitMs;
    while (performance.now() < until) { /* the reader takes its time */ }
    this.syncWrites++;
    this.chunks.push(p.slice());
    return p.length;
  }

  async write(p: Uint8Array): Promise<number> {
    if (this.fail) throw this.fail;
    this.asyncWrites++;
    this.maxInflight = Math.max(this.maxInflight, ++this.#inflight);
    // Taken now (the bytes as they are when the write starts)...
    const copy = p.slice();
    await new Promise((r) => setTimeout(r, 2));
    this.#inflight--;
    this.chunks.push(copy);
    return p.length;
  }

  text(): string {
    return new TextDecoder().decode(concat(this.chunks));
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

const line = (i: number) => `{"seq":${i},"text":"ligne é → ${"x".repeat(i % 97)}"}\n`;

Deno.test("write-behind: a destination that waits gets every byte in order, and the caller may reuse its bytes at once", async () => {
  const pipe = new SlowPipe(3);
  const sink = new WriterSink(pipe, { sync: true, writeBehind: true, bufferBytes: 64 * 1024 });
  const encoder = new TextEncoder();
  const reused = new Uint8Array(300 * 1024);
  let want = "";
  for (let round = 0; round < 12; round++) {
    // A batch of lines in one reused buffer, as a reader's chunk is.
    let n = 0;
    let text = "";
    for (let i = 0; n < 200 * 1024; i++) {
      const t = line(round * 10_000 + i);
      n += encoder.encodeInto(t, reused.subarray(n)).written;
      text += t;
    }
    await sink.writeBytes(reused.subarray(0, n));
    reused.fill(0x21, 0, n);
    want += text;
    await sink.write(`text ${round}\n`);
    want += `text ${round}\n`;
  }
  await sink.flush();
  assertEquals(pipe.text(), want);
  // It switched to writing behind after the writes that waited, one write at a time.
  assertEquals(pipe.syncWrites >= 2, true);
  assertEquals(pipe.asyncWrites > 0, true);
  assertEquals(pipe.maxInflight, 1);
});

/** A destination that never waits (a file, /dev/null): its writes only copy. */
class FastFile implements SinkWriter {
  // Touched once: a first write into fresh memory would wait for page faults.
  readonly bytes = new Uint8Array(8 * 1024 * 1024).fill(1);
  length = 0;
  asyncWrites = 0;
  writeSync(p: Uint8Array): number {
    this.bytes.set(p, this.length);
    this.length += p.length;
    return p.length;
  }
  write(p: Uint8Array): Promise<number> {
    this.asyncWrites++;
    return Promise.resolve(this.writeSync(p));
  }
}

Deno.test("write-behind: a destination that never waits keeps the plain blocking writes", async () => {
  const file = new FastFile();
  const sink = new WriterSink(file, { sync: true, writeBehind: true, bufferBytes: 512 * 1024 });
  let want = "";
  for (let i = 0; i < 20_000; i++) {
    await sink.write(line(i));
    want += line(i);
  }
  await sink.flush();
  assertEquals(new TextDecoder().decode(file.bytes.subarray(0, file.length)), want);
  assertEquals(file.asyncWrites, 0);
});

Deno.test("write-behind: a write that fails behind is thrown by the next flush", async () => {
  const pipe = new SlowPipe(3);
  const sink = new WriterSink(pipe, { sync: true, writeBehind: true, bufferBytes: 64 * 1024 });
  const big = new Uint8Array(128 * 1024).fill(0x61);
  for (let i = 0; i < 4; i++) await sink.writeBytes(big);
  pipe.fail = new Deno.errors.BrokenPipe("Broken pipe (os error 32)");
  await assertRejects(async () => {
    for (let i = 0; i < 8; i++) await sink.writeBytes(big);
    await sink.flush();
  }, Deno.errors.BrokenPipe);
});
