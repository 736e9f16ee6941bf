/**
 * Where a feed starts: one typed position, the same for a replay from disk
 * and for a subscription to the live feed, named once by the caller and
 * passed down as it is.
 *
 * @module
 */
import { compareCursor, type Cursor } from "../contract/cursor.ts";

/**
 * Where a feed starts: at the first event on disk, strictly after a cursor
 * (a client's last seen event), or with the events appended from now on.
 * The same for a replay and a subscription.
 *
 * @example
 * ```ts
 * const start = lastSeen ? feedAfter(lastSeen) : FEED_NOW;
 * for await (const items of follower.subscribe({ start })) show(items);
 * ```
 */
export type FeedStart =
  | { readonly from: "beginning" }
  | { readonly from: "after"; readonly cursor: Cursor }
  | { readonly from: "now" };

/** A feed from the first event on disk. */
export const FEED_BEGINNING: FeedStart = Object.freeze({ from: "beginning" });
/** A feed of the events appended from now on. */
export const FEED_NOW: FeedStart = Object.freeze({ from: "now" });

/** A feed strictly after `cursor` (`0-0-0`: from the beginning). */
export function feedAfter(cursor: Cursor): FeedStart {
  return { from: "after", cursor };
}

/**
 * The start of a feed whose options name it `start` or, as callers of the
 * library did before there was a `start`, `after` (a cursor: strictly after
 * it; null or none: `otherwise`). `start` wins.
 */
export function feedStartOf(
  options: { start?: FeedStart; after?: Cursor | null },
  otherwise: FeedStart,
): FeedStart {
  if (options.start !== undefined) return options.start;
  return options.after ? feedAfter(options.after) : otherwise;
}

/**
 * Whether an event at `cursor` comes after `start`: everything does from the
 * beginning (a replay from `now` reads nothing, and never asks).
 */
export function isAfterStart(start: FeedStart, cursor: Cursor): boolean {
  return start.from !== "after" || compareCursor(cursor, start.cursor) > 0;
}
