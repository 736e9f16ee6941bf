/**
 * What the terminal UI's screens share: which screens there are, the state
 * a screen reads and keeps (the app's selection, filters, scrolling), and
 * the drawing of lists and cells. Each screen draws itself in a file of its
 * own (screen_tasks.ts, screen_activity.ts, screen_history.ts,
 * screen_trace.ts); app.ts holds the keys and puts the frame together.
 *
 * @module
 */
import {
  type BoardRow,
  type FeedEntry,
  isReady,
  type Loadable,
  type Tone,
  type TraceCallRow,
  type TuiModel,
} from "./model.ts";
import { clean, fit, fitRight, paint, type Style, textWidth } from "./text.ts";

/** The screens. */
export type ScreenId = "tasks" | "activity" | "history" | "trace";

/** The screens, in tab order. */
export const SCREENS: readonly ScreenId[] = ["tasks", "activity", "history", "trace"];

/** Each screen's title on the tab bar. */
export const TITLES: Record<ScreenId, string> = {
  tasks: "Tasks",
  activity: "Activity",
  history: "History",
  trace: "Trace",
};

/** Where each list and pane is scrolled to, kept between frames. */
export interface Scroll {
  /** The first row shown of each screen's list. */
  top: Record<ScreenId, number>;
  /** The first line shown of History's detail. */
  doc: number;
  /** The first line shown of the Trace tab's output pane. */
  out: number;
  /** The output pane's lines as last wrapped (wrapping megabytes at every frame would stall). */
  pane: { call: TraceCallRow; width: number; text: string; note: string; lines: string[] } | null;
}

/** What a screen reads of the app, and keeps in it (the selection it drew, where it scrolled). */
export interface View {
  readonly model: TuiModel;
  /** The task of the Trace tab and of the History detail. */
  readonly task: number | null;
  /** History lists every task, not only finished work. */
  readonly historyAll: boolean;
  /** Activity follows new events. */
  readonly follow: boolean;
  readonly filters: Record<ScreenId, string>;
  /** Selected row of each list, by key (task number, event cursor, call). */
  readonly selected: Record<ScreenId, string | null>;
  readonly scroll: Scroll;
  /** Colours (false with NO_COLOR). */
  readonly colour: boolean;
}

/** A new {@link Scroll}: everything at its top. */
export function newScroll(): Scroll {
  return { top: { tasks: 0, activity: 0, history: 0, trace: 0 }, doc: 0, out: 0, pane: null };
}

/** `text` painted with `styles`, unless colours are off (bold, dim, reverse stay). */
export function paintFor(v: View, text: string, ...styles: Style[]): string {
  return paint(text, styles, v.colour);
}

/** `text` in the colour of its tone. */
export function tone(v: View, text: string, tone: Tone): string {
  const style: Record<Tone, Style[]> = {
    ok: ["green"],
    fail: ["red"],
    run: ["cyan", "bold"],
    wait: ["yellow"],
    none: [],
  };
  return paintFor(v, text, ...style[tone]);
}

/** A screen's header line. */
export function header(v: View, text: string, width: number): string {
  return paintFor(v, fit(text, width), "bold");
}

/** A list with a header: rows are fitted strings; keeps the selection in view. */
export function list(
  v: View,
  screen: ScreenId,
  lines: string[],
  tones: Tone[],
  index: number,
  height: number,
  width: number,
): string[] {
  let top = v.scroll.top[screen];
  if (index < top) top = index;
  if (index >= top + height) top = index - height + 1;
  top = Math.max(0, Math.min(top, Math.max(0, lines.length - height)));
  v.scroll.top[screen] = top;
  const out: string[] = [];
  for (let i = top; i < Math.min(lines.length, top + height); i++) {
    const l = fit(lines[i], width);
    out.push(i === index ? paintFor(v, l, "reverse") : tone(v, l, tones[i]));
  }
  return out;
}

/** The selected index in `keys` (the first row when nothing is selected). */
export function selectedIndex(v: View, keys: string[], screen: ScreenId): number {
  const key = v.selected[screen];
  const i = key === null ? -1 : keys.indexOf(key);
  return i >= 0 ? i : 0;
}

/** The selected row of the Activity feed (its last while following). */
export function feedIndex(v: View, rows: readonly FeedEntry[]): number {
  if (v.follow || v.selected.activity === null) return rows.length - 1;
  const i = rows.findIndex((r) => r.key === v.selected.activity);
  // The selected event left the feed (cap): stay at the top.
  return i >= 0 ? i : 0;
}

/** The Tasks board's rows that pass the filter. */
export function boardRows(v: View): BoardRow[] {
  return filterRows(
    v.model.board(),
    v.filters.tasks,
    (r) => `#${r.number} ${r.title} ${r.status} ${r.phase} ${r.approval} ${r.progress}`,
  );
}

/** The Activity feed's rows that pass the filter. */
export function feedRows(v: View): readonly FeedEntry[] {
  return filterRows(v.model.feed(), v.filters.activity, (r) => `#${r.number} ${r.text}`);
}

/** The History table's rows that pass the filter. */
export function historyRows(v: View) {
  return filterRows(
    v.model.history(v.historyAll).rows,
    v.filters.history,
    (r) => r.cells.join(" "),
  );
}

/** The Trace tab's calls that pass the filter; null while the trace loads. */
export function traceRows(v: View): TraceCallRow[] | null {
  if (v.task === null) return null;
  const t = v.model.trace(v.task);
  if (!isReady(t)) return null;
  return filterRows(
    t.calls,
    v.filters.trace,
    (c) => `${c.role} ${c.tool} ${c.summary} ${c.result} ${c.call}`,
  );
}

/** A document's title once loaded, else `fallback`. */
export function titleOf(doc: Loadable<{ title: string }>, fallback: string): string {
  return isReady(doc) ? clean(doc.title) : fallback;
}

export function loadingText(v: { loading: true } | { error: string } | object): string {
  return "error" in v ? `Cannot show it: ${(v as { error: string }).error}` : "Loading…";
}

/** `i` within a list of `n` rows (±Infinity: its ends). */
export function clampIndex(i: number, n: number): number {
  if (n === 0) return 0;
  if (i === Infinity) return n - 1;
  if (i === -Infinity) return 0;
  return Math.max(0, Math.min(n - 1, i));
}

/** A scroll position within 0 and `max` (±Infinity: its ends). */
export function clampScroll(i: number, max: number): number {
  if (i === -Infinity) return 0;
  if (i === Infinity) return max;
  return Math.max(0, Math.min(max, i));
}

function filterRows<T>(rows: readonly T[], filter: string, text: (r: T) => string): T[] {
  if (filter === "") return rows as T[];
  const f = filter.toLowerCase();
  return rows.filter((r) => text(r).toLowerCase().includes(f));
}

/**
 * Column widths for `width`: positive entries are fixed widths; negative
 * ones share the room left in proportion to their magnitude.
 */
export function columns(width: number, spec: number[]): number[] {
  const out = spec.map((w) => (w > 0 ? w : 0));
  const sum = () => out.reduce((s, w) => s + w, 0);
  // Too narrow: shrink fixed columns from the right, to 3 columns first, then to nothing.
  for (const floor of [3, 0]) {
    for (let i = out.length - 1; i >= 0 && sum() > width; i--) {
      out[i] -= Math.min(sum() - width, Math.max(0, out[i] - floor));
    }
  }
  const room = Math.max(0, width - sum());
  const shares = spec.reduce((s, w) => s + (w < 0 ? -w : 0), 0);
  if (shares === 0) return out;
  for (const [i, w] of spec.entries()) if (w < 0) out[i] = Math.floor((room * -w) / shares);
  // The rounding rest goes to the last flexible column.
  out[spec.findLastIndex((w) => w < 0)] += width - sum();
  return out;
}

/** A cell of exactly `width` columns: the text, then `gap` spaces when there is room. */
export function cell(text: string, width: number, gap: number, right: boolean): string {
  if (width <= gap) return fit(text, width);
  return (right ? fitRight(text, width - gap) : fit(text, width - gap)) + " ".repeat(gap);
}

/** Draws `box` centred over `body` (rows of `width` columns). */
export function overlay(body: string[], box: string[], width: number): void {
  const boxWidth = textWidth(box[0] ?? "");
  const left = Math.max(0, Math.floor((width - boxWidth) / 2));
  const top = Math.max(0, Math.floor((body.length - box.length) / 2));
  for (let i = 0; i < box.length && top + i < body.length; i++) {
    body[top + i] = " ".repeat(left) + box[i] + " ".repeat(Math.max(0, width - left - boxWidth));
  }
}
