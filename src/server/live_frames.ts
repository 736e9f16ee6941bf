/**
 * The frames of the live routes, built once per event and shared by every
 * client that sends it: a project-stream frame of a feed item (id: cursor,
 * data: tagged envelope), and the frame of an ephemeral event.
 *
 * @module
 */
import type { Envelope } from "../contract/envelope.ts";
import { tag } from "../contract/envelope.ts";
import { taggedText } from "../codec/read_form.ts";
import type { FastItem, FeedItem } from "../follow/feed_item.ts";
import { frameText } from "./sse.ts";

/** An event as the hub hands it to clients. */
export interface LiveRecord {
  /** The task's id and number. */
  task: { id: string; number: number };
  env: Envelope;
  /** The log line (absent for ephemeral events). */
  text?: string;
  upgraded: boolean;
}

/** Frames of ephemeral events, built once for every client. */
const ephemeralFrames = new WeakMap<LiveRecord, string>();

/** The project-stream frame of an ephemeral event (no id: it is never logged). */
export function ephemeralFrame(r: LiveRecord): string {
  let f = ephemeralFrames.get(r);
  if (f === undefined) {
    f = frameText({ event: r.env.event.type, data: JSON.stringify(tag(r.env, r.task)) });
    ephemeralFrames.set(r, f);
  }
  return f;
}

/** Frames of feed items, built once and shared by every client. */
const frameCache = new WeakMap<FeedItem, string>();

/** The project-stream frame of a logged event. */
export function feedFrame(it: FeedItem): string {
  let f = frameCache.get(it);
  if (f === undefined) {
    // An item read as bytes has its type and tagged line without a decode.
    const fast = it as Partial<FastItem>;
    f = frameText({
      id: it.cursorText,
      event: fast.type ?? it.record.env.event.type,
      data: fast.taggedText ? fast.taggedText() : taggedText(it.record, it.task),
    });
    frameCache.set(it, f);
  }
  return f;
}
