/**
 * The Tasks screen: the board of every task, live.
 *
 * @module
 */

import { clean, fit } from "./text.ts";
import {
  boardRows,
  cell,
  columns,
  header,
  list,
  paintFor,
  selectedIndex,
  type View,
} from "./view.ts";

/** Draws the Tasks screen: a header, the column names and the board. */
export function drawTasks(v: View, width: number, height: number): string[] {
  const all = v.model.board();
  const rows = boardRows(v);
  const keys = rows.map((r) => String(r.number));
  const index = selectedIndex(v, keys, "tasks");
  if (rows.length > 0) v.selected.tasks = keys[index];
  const cols = columns(width, [5, -1, 11, 12, 10, -1]);
  const line = (cells: string[]) =>
    cells.map((c, i) => cell(c, cols[i], 1, i === 0))
      .join("");
  const out = [
    header(
      v,
      `Tasks · ${all.length} task${all.length === 1 ? "" : "s"}${
        rows.length !== all.length ? ` (${rows.length} shown)` : ""
      }`,
      width,
    ),
    paintFor(v, line(["#", "Title", "Status", "Phase", "Approval", "Progress"]), "dim"),
  ];
  if (all.length === 0) {
    out.push(fit("No tasks yet. Tasks appear here as soon as they are created.", width));
    return out;
  }
  const lines = rows.map((r) =>
    line([
      `#${r.number}`,
      clean(r.title),
      clean(r.status),
      clean(r.phase),
      r.approval ? `${clean(r.approval)} ⏸` : "",
      clean(r.progress),
    ])
  );
  out.push(...list(v, "tasks", lines, rows.map((r) => r.tone), index, height - 2, width));
  return out;
}
