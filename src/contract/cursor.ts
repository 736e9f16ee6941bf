/**
 * The event cursor: the id of each event of the all-tasks stream, written
 * `<nanoseconds since epoch>-<task number>-<seq>`, ordered by time, then task
 * number, then seq. Resume is strictly after a cursor.
 *
 * @module
 */
import { TasklineError } from "../errors.ts";
import { parseTimeNs } from "./time.ts";

/** A position in the merged stream of every task. */
export interface Cursor {
  readonly ns: bigint;
  readonly number: number;
  /** 0 when the event has no seq. */
  readonly seq: number;
}

/** `0-0-0`: before every event. */
export const CURSOR_START: Cursor = Object.freeze({ ns: 0n, number: 0, seq: 0 });

// Task number and seq are safe integers (up to 16 digits, checked below).
const CURSOR_RE = /^(0|[1-9]\d{0,20})-(0|[1-9]\d{0,15})-(0|[1-9]\d{0,15})$/;

/**
 * Parses cursor text; throws `bad-cursor` naming the value when it is not one.
 *
 * @example
 * ```ts
 * parseCursor("1790574772197209000-1-1"); // { ns: 1790574772197209000n, number: 1, seq: 1 }
 * ```
 */
export function parseCursor(text: string): Cursor {
  const m = CURSOR_RE.exec(text);
  const number = m ? Number(m[2]) : NaN;
  const seq = m ? Number(m[3]) : NaN;
  if (!m || !Number.isSafeInteger(number) || !Number.isSafeInteger(seq)) {
    throw new TasklineError(
      "bad-cursor",
      `Cannot read cursor "${
        text.slice(0, 80)
      }": expected <nanoseconds>-<task number>-<seq>, such as 0-0-0`,
    );
  }
  return { ns: BigInt(m[1]), number, seq };
}

/** Writes a cursor as text. */
export function formatCursor(c: Cursor): string {
  return `${c.ns}-${c.number}-${c.seq}`;
}

/** Orders two cursors: negative when `a` comes first. */
export function compareCursor(a: Cursor, b: Cursor): number {
  if (a.ns !== b.ns) return a.ns < b.ns ? -1 : 1;
  if (a.number !== b.number) return a.number - b.number;
  return a.seq - b.seq;
}

/**
 * The cursor of an event of task `number`; null when `at` is not a
 * timestamp (such an event cannot be placed in the merged stream).
 */
export function cursorOf(env: { at: string; seq?: number }, number: number): Cursor | null {
  const ns = parseTimeNs(env.at);
  if (ns === null || ns < 0n) return null;
  return { ns, number, seq: typeof env.seq === "number" ? env.seq : 0 };
}
