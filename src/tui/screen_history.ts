/**
 * The History screen: finished work (or every task), and a task's detail.
 *
 * @module
 */
import { isReady } from "./model.ts";
import { clean, fit, textLines, textWidth } from "./text.ts";
import {
  cell,
  columns,
  header,
  historyRows,
  list,
  loadingText,
  paintFor,
  selectedIndex,
  titleOf,
  type View,
} from "./view.ts";

/** Narrowest title column of the History table before other columns are left out. */
const TITLE_MIN = 16;

/** Draws the History table; narrow terminals lose columns before the title gets unreadable. */
export function drawHistory(v: View, width: number, height: number): string[] {
  const table = v.model.history(v.historyAll);
  const rows = historyRows(v);
  const keys = rows.map((r) => String(r.number));
  const index = selectedIndex(v, keys, "history");
  if (rows.length > 0) v.selected.history = keys[index];
  const fixed = table.header.map((h, i) =>
    i === table.flex ? -1 : Math.max(
      textWidth(h),
      ...rows.slice(0, 500).map((r) => Math.min(24, textWidth(clean(r.cells[i] ?? "")))),
    ) + 2
  );
  // On a narrow terminal, columns go (table.drop order) before the title gets unreadable.
  const shown = fixed.map((_, i) => i);
  let cols = columns(width, fixed);
  for (const d of table.drop) {
    if (cols[shown.indexOf(table.flex)] >= TITLE_MIN) break;
    shown.splice(shown.indexOf(d), 1);
    cols = columns(width, shown.map((i) => fixed[i]));
  }
  const line = (cells: string[]) =>
    shown.map((c, k) => cell(cells[c] ?? "", cols[k], 2, table.align[c] === "right")).join("");
  const out = [
    header(
      v,
      `History · ${table.rows.length} ${v.historyAll ? "" : "finished "}task${
        table.rows.length === 1 ? "" : "s"
      }${rows.length !== table.rows.length ? ` (${rows.length} shown)` : ""} · a: ${
        v.historyAll ? "finished work only" : "every task"
      }`,
      width,
    ),
    paintFor(v, line(table.header), "dim"),
  ];
  if (table.rows.length === 0) {
    out.push(
      fit(v.historyAll ? "No tasks yet." : "No finished work yet (a: every task).", width),
    );
    return out;
  }
  const notes = table.notes.map((n) => paintFor(v, fit(clean(n), width), "dim"));
  const lines = rows.map((r) => line(r.cells.map(clean)));
  out.push(
    ...list(
      v,
      "history",
      lines,
      rows.map((r) => r.tone),
      index,
      Math.max(1, height - 2 - notes.length),
      width,
    ),
  );
  out.push(...notes);
  return out;
}

/** Draws a task's detail (History, Enter), scrolled. */
export function drawDetail(v: View, width: number, height: number): string[] {
  if (v.task === null) return [];
  const doc = v.model.detail(v.task);
  const out = [header(v, titleOf(doc, `Task #${v.task}`), width)];
  if (!isReady(doc)) return [...out, fit(loadingText(doc), width)];
  const f = v.filters.history.toLowerCase();
  const lines = doc.lines
    .filter((l) => f === "" || l.toLowerCase().includes(f))
    .flatMap((l) => textLines(l, width));
  const room = height - 1;
  v.scroll.doc = Math.max(0, Math.min(v.scroll.doc, lines.length - room));
  for (const l of lines.slice(v.scroll.doc, v.scroll.doc + room)) out.push(fit(l, width));
  return out;
}
