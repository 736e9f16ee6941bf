/**
 * The Activity screen: every task's events as they happen.
 *
 * @module
 */

import { clean, fit } from "./text.ts";
import { feedIndex, feedRows, header, list, type View } from "./view.ts";

/** Draws the Activity screen: every task's events, following the newest unless moved. */
export function drawActivity(v: View, width: number, height: number): string[] {
  const all = v.model.feed();
  const rows = feedRows(v);
  const index = feedIndex(v, rows);
  if (rows.length > 0) v.selected.activity = rows[index].key;
  const out = [
    header(
      v,
      `Activity · ${all.length} event${all.length === 1 ? "" : "s"}${
        rows.length !== all.length ? ` (${rows.length} shown)` : ""
      } · ${v.follow ? "following live" : "paused (End follows live)"}`,
      width,
    ),
  ];
  if (rows.length === 0) {
    out.push(
      fit(all.length === 0 ? "Waiting for events…" : "No event matches the filter.", width),
    );
    return out;
  }
  const lines = rows.map((r) => fit(`#${r.number}`, 5) + clean(r.text));
  out.push(...list(v, "activity", lines, rows.map((r) => r.tone), index, height - 1, width));
  return out;
}
