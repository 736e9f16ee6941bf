/**
 * Chunk buffers of a replay on bytes, reused once the items made from them
 * were written out.
 *
 * @module
 */
import type { FastItem } from "./feed_item.ts";

/**
 * Chunk buffers lent to sources and given back when every item made from
 * one was handed out and its batch taken (see {@link BufferPool.release}):
 * a fresh buffer per chunk of thousands of logs costs more than the chunk.
 */
export class BufferPool {
  readonly #free: Uint8Array[] = [];
  /** Items still out, by buffer. */
  readonly #out = new Map<Uint8Array, number>();
  /** `bytes`: the size of each buffer. */
  constructor(readonly bytes: number, readonly freeMax = 4096) {}

  /** A buffer of at least `n` bytes (pooled when `n` is the pool's size or less). */
  take(n: number): Uint8Array {
    if (n > this.bytes) return new Uint8Array(n);
    return this.#free.pop() ?? new Uint8Array(this.bytes);
  }

  /** `count` items were made from `buf` (0: it is given back now). */
  lend(buf: Uint8Array, count: number): void {
    if (buf.length !== this.bytes) return;
    if (count === 0) this.#giveBack(buf);
    else this.#out.set(buf, count);
  }

  /** The items of a batch were used: their buffers come back once none is out. */
  release(items: readonly FastItem[]): void {
    for (const it of items) {
      const buf = it.bytes;
      if (buf === null) continue;
      const n = this.#out.get(buf);
      if (n === undefined) continue;
      if (n > 1) this.#out.set(buf, n - 1);
      else {
        this.#out.delete(buf);
        this.#giveBack(buf);
      }
    }
  }

  #giveBack(buf: Uint8Array): void {
    if (this.#free.length < this.freeMax) this.#free.push(buf);
  }
}
