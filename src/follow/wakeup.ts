/**
 * A latch that turns notifications into wake-ups of one waiter.
 *
 * @module
 */
/**
 * A latch to wait on: {@link wake} before {@link wait} is not lost.
 */
export class Wakeup {
  #pending = false;
  #resolve: (() => void) | null = null;

  /** Wakes the current or the next waiter. */
  wake(): void {
    if (this.#resolve) {
      const r = this.#resolve;
      this.#resolve = null;
      r();
    } else this.#pending = true;
  }

  /**
   * Waits until woken, at most `timeoutMs`. Rejects with the signal's reason
   * when it is aborted.
   */
  wait(timeoutMs: number, signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    if (this.#pending) {
      this.#pending = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        this.#resolve = null;
      };
      const onAbort = () => {
        done();
        reject(signal!.reason);
      };
      const timer = setTimeout(() => {
        done();
        resolve();
      }, timeoutMs);
      this.#resolve = () => {
        done();
        resolve();
      };
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  }
}
