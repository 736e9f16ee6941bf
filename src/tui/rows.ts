/**
 * The terminal UI's rows: the views' documents laid out as the screens show
 * them (the History table, a call of the Trace tab, a line of the feed, the
 * tone of an event or a run). Pure: data.ts loads the documents, these lay
 * them out.
 *
 * @module
 */
import type { Envelope } from "../contract/envelope.ts";

import { type RunHistory, type TaskHistory, tokensOf } from "../views/history.ts";
import type { TraceCall } from "../views/trace.ts";

import { formatAge, formatClock, formatCost, formatCount, formatDuration } from "../views/units.ts";
import { renderEvent, toolInputText } from "../views/event_line.ts";
import { LOWER_BOUND_LEGEND } from "../views/history_text.ts";

import type { FeedEntry, Table, Tone, TraceCallRow } from "./model.ts";

import { shownStatus } from "../views/task_status.ts";

/** A line of the feed, rendered only when it is first shown or filtered. */
export class FeedLine implements FeedEntry {
  readonly key: string;
  readonly number: number;
  readonly #env: Envelope;
  #text: string | null = null;

  constructor(key: string, number: number, env: Envelope) {
    this.key = key;
    this.number = number;
    this.#env = env;
  }

  get text(): string {
    return this.#text ??= renderEvent(this.#env, { color: false, textCharsMax: 300 });
  }

  get tone(): Tone {
    return toneOf(this.#env);
  }
}

/** How the last run of a task ended, in a few words. */
export function outcomeOf(run: RunHistory): { progress: string; tone: Tone } {
  if (run.state === "interrupted") {
    return { progress: "interrupted (ended without run_finished)", tone: "fail" };
  }
  const totals = `${formatCount(tokensOf(run.usage))}${run.totals_known ? "" : "+"} tok · ${
    formatDuration(run.active_ms)
  }`;
  if (run.paused_reason !== null && run.success !== true) {
    return { progress: `paused: ${run.paused_reason} · ${totals}`, tone: "wait" };
  }
  return {
    progress: `${run.success ? "succeeded" : "failed"} (${run.status ?? "-"}) · ${totals}`,
    tone: run.success ? "ok" : "fail",
  };
}

/** The History table: the columns of `taskline history`. */
export function historyTable(docs: TaskHistory[], nowMs = Date.now()): Table {
  let lowerBounds = false;
  const rows = docs.map((d) => {
    if (!d.totals.complete) lowerBounds = true;
    const plus = d.totals.complete ? "" : "+";
    const tone: Tone = d.running
      ? "run"
      : d.runs.at(-1)?.success === false
      ? "fail"
      : d.task.status === "done"
      ? "ok"
      : "none";
    return {
      number: d.number,
      tone,
      cells: [
        `#${d.number}`,
        d.task.title,
        d.running ? `${d.task.status} (running)` : shownStatus(d.task.status, false),
        String(d.totals.runs),
        String(d.totals.commits),
        String(d.changed_files.files.length),
        formatCount(tokensOf(d.totals.usage)) + plus,
        formatDuration(d.totals.active_ms) + plus,
        d.cost ? formatCost(d.cost.amount, d.cost.currency) : "-",
        formatAge(d.last_activity ? Date.parse(d.last_activity) : null, nowMs),
      ],
    };
  });
  return {
    header: [
      "#",
      "Title",
      "Status",
      "Runs",
      "Commits",
      "Files",
      "Tokens",
      "Active",
      "Cost",
      "Last activity",
    ],
    align: ["right", "left", "left", "right", "right", "right", "right", "right", "right", "left"],
    flex: 1,
    // Cost, commits, files, runs, active time, last activity go first, in that order.
    drop: [8, 4, 5, 3, 7, 9],
    rows,
    notes: lowerBounds ? [LOWER_BOUND_LEGEND] : [],
  };
}

export function callRow(c: TraceCall, i: number): TraceCallRow {
  let pretty: string;
  try {
    pretty = JSON.stringify(c.input, null, 2) ?? "null";
  } catch {
    pretty = String(c.input);
  }
  const inputLines = pretty.split("\n");
  const tone: Tone = c.result === "ok"
    ? "ok"
    : c.result === "no result"
    ? (c.returned_at === null ? "run" : "wait")
    : "fail";
  return {
    key: `${c.call}:${c.seq ?? i}`,
    call: c.call,
    time: formatClock(c.called_at ?? c.returned_at),
    role: c.role,
    tool: c.tool,
    summary: toolInputText(c.input),
    result: c.result,
    duration: formatDuration(c.duration_ms),
    tone,
    detail: [
      `${c.tool} by ${c.role}${c.subtask ? ` on subtask ${c.subtask.slice(0, 8)}` : ""} · run ${
        c.run.slice(0, 8)
      } · ${c.result}${c.duration_ms !== null ? ` in ${formatDuration(c.duration_ms)}` : ""} · ${
        formatCount(c.output_chars)
      } chars${c.paired !== "id" ? ` · paired ${c.paired}` : ""}`,
      `called ${formatClock(c.called_at)} · returned ${formatClock(c.returned_at)}${
        c.output_file ? ` · ${c.output_file}` : ""
      }`,
      "input:",
      ...inputLines.slice(0, 200).map((l) => "  " + l),
      ...(inputLines.length > 200 ? [`  … ${inputLines.length - 200} more lines`] : []),
    ],
    preview: c.preview,
    outputFile: c.output_file,
    outputChars: c.output_chars,
  };
}

/** The tone of an event line. */
export function toneOf(env: Envelope): Tone {
  // A newer format's event is shown as unknown, whatever its type.
  if (env.schema > 2) return "none";
  const e = env.event as Record<string, unknown>;
  switch (e.type) {
    case "run_finished":
    case "phase_finished":
      return e.success === true ? "ok" : "fail";
    case "tool_returned":
      return e.is_error === true ? "fail" : "none";
    case "validation_finished":
      return e.passed === true ? "ok" : "fail";
    case "approval_requested":
    case "paused":
    case "retrying":
      return "wait";
    case "run_started":
    case "phase_started":
      return "run";
    case "merged":
      return "ok";
    default:
      return "none";
  }
}
