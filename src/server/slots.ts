/**
 * A counting semaphore: at most `max` holders at once, the others wait in
 * arrival order. The server bounds with it how many slow clients read the
 * logs at the same time (each reading holds a chunk of every log it reads).
 *
 * @module
 */

/**
 * Slots to hold one at a time.
 *
 * @example
 * ```ts
 * const slots = new Slots(2);
 * await slots.acquire(signal);
 * try { await work(); } finally { slots.release(); }
 * ```
 */
export class Slots {
  #free: number;
  readonly #waiters: Array<() => void> = [];

  /** `max`: holders at once. */
  constructor(max: number) {
    this.#free = max;
  }

  /** Clients waiting for a slot. */
  get waiting(): number {
    return this.#waiters.length;
  }

  /** Takes a slot; rejects with the signal's reason when it aborts first. */
  acquire(signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    if (this.#free > 0) {
      this.#free--;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const grant = () => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      };
      const onAbort = () => {
        const i = this.#waiters.indexOf(grant);
        if (i >= 0) this.#waiters.splice(i, 1);
        reject(signal!.reason);
      };
      this.#waiters.push(grant);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  }

  /** Gives a slot back (to the first waiter, if any). */
  release(): void {
    const next = this.#waiters.shift();
    if (next) next();
    else this.#free++;
  }
}
