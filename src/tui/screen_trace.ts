/**
 * The Trace tab: the calls of a task's current run, and the selected call's output.
 *
 * @module
 */
import { isReady } from "./model.ts";
import { clean, fit, textLines, textWidth } from "./text.ts";
import {
  cell,
  columns,
  header,
  list,
  loadingText,
  paintFor,
  selectedIndex,
  titleOf,
  traceRows,
  type View,
} from "./view.ts";

/** Most lines of a call's output shown in the Trace tab (the rest: `taskline trace --full`). */
const PANE_LINES_MAX = 20_000;

/** Draws the Trace tab: the calls above, the selected call's output below. */
export function drawTrace(v: View, width: number, height: number): string[] {
  if (v.task === null) return [];
  const doc = v.model.trace(v.task);
  const out = [header(v, titleOf(doc, `Trace of #${v.task}`), width)];
  if (!isReady(doc)) return [...out, fit(loadingText(doc), width)];
  const calls = traceRows(v) ?? [];
  for (const n of doc.notes) out.push(paintFor(v, fit(clean(n), width), "dim"));
  if (doc.calls.length === 0) {
    out.push(fit("No tool calls in this run yet.", width));
    return out;
  }
  const keys = calls.map((c) => c.key);
  const index = selectedIndex(v, keys, "trace");
  if (calls.length > 0) v.selected.trace = keys[index];
  const cols = columns(width, [13, 12, 12, -1, 10, 10]);
  const line = (cells: string[]) =>
    cells.map((c, i) => cell(c, cols[i], 1, i === 5))
      .join("");
  out.push(paintFor(v, line(["Time", "Role", "Tool", "Input", "Result", "Duration"]), "dim"));
  const left = height - out.length;
  const listHeight = Math.max(1, Math.min(calls.length, Math.floor(left * 0.4)));
  const lines = calls.map((c) =>
    line([c.time, clean(c.role), clean(c.tool), clean(c.summary), clean(c.result), c.duration])
  );
  out.push(...list(v, "trace", lines, calls.map((c) => c.tone), index, listHeight, width));
  while (out.length < height - left + listHeight) out.push(fit("", width));
  const call = calls[index];
  if (!call) {
    out.push(fit("No call matches the filter.", width));
    return out;
  }
  const output = v.model.output(v.task, call);
  const note = isReady(output) ? output.note : loadingText(output);
  const text = isReady(output) ? output.text : call.preview;
  // Wrapping an output of megabytes at every frame would stall live updates: keep it.
  const c = v.scroll.pane;
  let paneLines: string[];
  if (c && c.call === call && c.width === width && c.text === text && c.note === note) {
    paneLines = c.lines;
  } else {
    const output = textLines(text, width, PANE_LINES_MAX);
    paneLines = [
      ...call.detail.flatMap((l) => textLines(l, width)),
      `── output: ${note} ──`,
      ...output,
    ];
    if (output.length >= PANE_LINES_MAX) {
      paneLines.push(
        `── the first ${PANE_LINES_MAX} lines: taskline trace ${v.task} --full has all ──`,
      );
    }
    v.scroll.pane = { call, width, text, note, lines: paneLines };
  }
  const room = height - out.length - 1;
  const top = Math.max(0, Math.min(v.scroll.out, paneLines.length - room));
  // Scrolled while the output was loading (the pane showed the preview):
  // the scroll is kept for the output, not cut to the preview's length.
  if (isReady(output)) v.scroll.out = top;
  const more = paneLines.length - room;
  const head = `── call ${call.call} ${
    more > 0 ? `· lines ${top + 1}-${top + room} of ${paneLines.length} ` : ""
  }`;
  out.push(paintFor(v, fit(head + "─".repeat(Math.max(0, width - textWidth(head))), width), "dim"));
  for (const l of paneLines.slice(top, top + room)) {
    out.push(l.startsWith("── output") ? paintFor(v, fit(l, width), "dim") : fit(l, width));
  }
  return out;
}
