/**
 * A position in one run's log given as text: a seq (`--after 12`,
 * `after=12`, the `Last-Event-ID` of a task stream). Seqs start at 1; 0 is
 * before the first event.
 *
 * @module
 */
import { BadValue } from "../errors.ts";

/** What a seq must be, in the words of every error about one. */
const SEQ_EXPECTED = "a non-negative integer";

/**
 * Reads a seq: digits only (at most 15, so it stays a safe integer).
 *
 * @throws BadValue (`usage`) naming the text.
 *
 * @example
 * ```ts
 * parseSeq("12"); // 12
 * parseSeq("-1"); // throws: Cannot read seq "-1": expected a non-negative integer
 * ```
 */
export function parseSeq(text: string): number {
  if (!/^\d{1,15}$/.test(text)) {
    throw new BadValue(
      `Cannot read seq "${text.slice(0, 40)}": expected ${SEQ_EXPECTED}`,
      { values: [text], expected: SEQ_EXPECTED },
    );
  }
  return Number(text);
}
