/**
 * A binary heap, for the k-way merges of logs by cursor (the project feed
 * merges the oldest first, the server's recent index the newest first).
 *
 * @module
 */

/**
 * A binary heap ordered by `before`: {@link top} is an element that no other
 * comes before. An element whose key changed in place (a merge source that
 * moved to its next item) is put back in order with {@link replaceTop}.
 *
 * @example
 * ```ts
 * const h = new Heap<number>((a, b) => a < b);
 * for (const n of [3, 1, 2]) h.push(n);
 * h.top; // 1
 * h.pop(); // 1
 * ```
 */
export class Heap<T> {
  readonly #items: T[] = [];
  readonly #before: (a: T, b: T) => boolean;

  /** `before(a, b)`: a comes out before b. */
  constructor(before: (a: T, b: T) => boolean) {
    this.#before = before;
  }

  get size(): number {
    return this.#items.length;
  }

  /** The first element; undefined when empty. */
  get top(): T | undefined {
    return this.#items[0];
  }

  push(x: T): void {
    const h = this.#items;
    h.push(x);
    let i = h.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.#before(h[i], h[p])) break;
      [h[i], h[p]] = [h[p], h[i]];
      i = p;
    }
  }

  /** Removes and returns the first element. */
  pop(): T | undefined {
    const h = this.#items;
    const first = h[0];
    const last = h.pop();
    if (h.length > 0 && last !== undefined) {
      h[0] = last;
      this.#down(0);
    }
    return first;
  }

  /** Puts the first element back in order after its key changed (or replaces it with `x`). */
  replaceTop(x?: T): void {
    if (this.#items.length === 0) return;
    if (x !== undefined) this.#items[0] = x;
    this.#down(0);
  }

  #down(i: number): void {
    const h = this.#items;
    for (;;) {
      const l = 2 * i + 1, r = l + 1;
      let m = i;
      if (l < h.length && this.#before(h[l], h[m])) m = l;
      if (r < h.length && this.#before(h[r], h[m])) m = r;
      if (m === i) return;
      [h[i], h[m]] = [h[m], h[i]];
      i = m;
    }
  }
}
