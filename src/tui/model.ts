/**
 * What the terminal UI shows, as plain rows and lines. The data layer
 * (data.ts) fills these from the library's views; the app (app.ts) only
 * lays them out.
 *
 * @module
 */

/** How a row reads at a glance (its colour). */
export type Tone = "ok" | "fail" | "run" | "wait" | "none";

/** A row of the Tasks board. */
export interface BoardRow {
  number: number;
  title: string;
  /** The task's status, or `running` while a process runs it. */
  status: string;
  /** The phase in progress, or the last phase of the last run. */
  phase: string;
  /** A gate waiting for a human, or "". */
  approval: string;
  /** Live progress of a running task, or the outcome of its last run. */
  progress: string;
  tone: Tone;
}

/** One line of the Activity feed. */
export interface FeedEntry {
  /** The event cursor (unique in the feed). */
  key: string;
  number: number;
  /** One-line rendering of the event. */
  text: string;
  tone: Tone;
}

/** A table: header cells, rows of cells keyed by task number. */
export interface Table {
  header: string[];
  /** Alignment of each column. */
  align: ("left" | "right")[];
  /** The column that takes the room left (the title). */
  flex: number;
  /** Columns left out on a narrow terminal, first first. */
  drop: number[];
  rows: { number: number; cells: string[]; tone: Tone }[];
  /** Lines under the table (legends). */
  notes: string[];
}

/** A scrollable text document (the detail of a task). */
export interface DocView {
  title: string;
  /** Raw text lines (cleaned and wrapped when drawn). */
  lines: string[];
}

/** One call of a trace. */
export interface TraceCallRow {
  /** Unique in the trace (the call id, with an index for legacy calls). */
  key: string;
  call: string;
  time: string;
  role: string;
  tool: string;
  /** The input on one line. */
  summary: string;
  /** ok, exit N, error, timed out, no result. */
  result: string;
  duration: string;
  tone: Tone;
  /** Detail lines: the input, pretty-printed, and facts about the call. */
  detail: string[];
  /** The 200-character preview. */
  preview: string;
  /** Path of the kept output relative to the project root, or null. */
  outputFile: string | null;
  outputChars: number;
}

/** The trace of a task's run. */
export interface TraceView {
  title: string;
  calls: TraceCallRow[];
  notes: string[];
}

/** The output of one call, as far as it was kept. */
export interface OutputView {
  text: string;
  /** Where it came from: "complete output", "preview only: ...". */
  note: string;
}

/** A value being loaded, or why it cannot be shown. */
export type Loadable<T> = T | { loading: true } | { error: string };

/** Whether a loadable value is there. */
export function isReady<T extends object>(v: Loadable<T>): v is T {
  return !("loading" in v) && !("error" in v);
}

/** What the app reads; every call is cheap (loading happens behind it). */
export interface TuiModel {
  board(): BoardRow[];
  /** Oldest first, at most the feed's cap. */
  feed(): readonly FeedEntry[];
  /** The History table: ready and done tasks, or every task with `all`. */
  history(all?: boolean): Table;
  /** The detail of a task (starts loading it when needed). */
  detail(number: number): Loadable<DocView>;
  /** The trace of a task's current run (starts loading it when needed). */
  trace(number: number): Loadable<TraceView>;
  /** The output of a call of `trace(number)` (starts loading it when needed). */
  output(number: number, call: TraceCallRow): Loadable<OutputView>;
  /** A short status: live, the count of tasks, a problem. */
  status(): string;
}
