/**
 * Problems told once each, and a bounded number of kinds of them: garbage of
 * many kinds (a subject or a header of its own a message) would otherwise
 * grow what is remembered without bound.
 *
 * @module
 */

/** Most problems named one by one on stderr (each kind once). */
export const REPORTED_MAX = 1000;

/**
 * Tells each kind of problem once.
 *
 * @example
 * ```ts
 * const reports = new Reports((m) => console.error(m));
 * reports.say(`subject:${subject}`, `a message of ${subject} is not one of ship's: skipped`);
 * ```
 */
export class Reports {
  readonly #reported = new Set<string>();
  readonly #onReport: ((message: string) => void) | undefined;

  /** `onReport`: told each problem. Default: none is told. */
  constructor(onReport?: (message: string) => void) {
    this.#onReport = onReport;
  }

  /** Tells `message`, unless a problem of kind `key` was told before. */
  say(key: string, message: string): void {
    if (this.#reported.has(key)) return;
    if (this.#reported.size >= REPORTED_MAX) {
      if (this.#reported.size === REPORTED_MAX) {
        this.#reported.add("");
        this.#onReport?.(
          `${REPORTED_MAX} kinds of problems named: further ones are counted, not named (the count of unusable messages skipped is told when mirror ends)`,
        );
      }
      return;
    }
    this.#reported.add(key);
    this.#onReport?.(message);
  }
}

/** A subject for a message: its start when it is long. */
export function shown(subject: string): string {
  return subject.length > 200 ? `${subject.slice(0, 200)}…` : subject;
}
