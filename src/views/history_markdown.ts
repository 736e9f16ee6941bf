/**
 * The history as a CI job's summary (`taskline history [REF] --format
 * markdown`, appended to `$GITHUB_STEP_SUMMARY`): the table of finished work
 * of the project, or one task with a table of its runs. Same figures as the
 * text view (history_text.ts, whose cost functions it calls), every text of
 * the log made inert by markdown.ts, times in UTC (a summary is read long
 * after it was written, so no "3 h ago"), and at most 320,000 characters,
 * under GitHub's 1 MiB per step whatever the text.
 *
 * @example
 * ```ts
 * await Deno.writeTextFile(summaryPath, historyMarkdown(docs, { all: false }), { append: true });
 * ```
 *
 * @module
 */
import { latestValidations, type RunHistory, type TaskHistory, tokensOf } from "./history.ts";
import {
  costText,
  LOWER_BOUND_LEGEND,
  mark,
  runState,
  runTotals,
  taskCostText,
  usageBreakdown,
} from "./history_text.ts";
import { mdCode, mdDocument, mdText } from "./markdown.ts";
import { takeLines } from "./md_budget.ts";
import { formatCount, formatDuration, formatTime, plural } from "./units.ts";

/** Most characters of a summary: 3 bytes of UTF-8 each at most, under 1 MiB. */
export const SUMMARY_CHARS_MAX = 320_000;
/** Most rows of a table. */
const ROWS_MAX = 2_000;

/** The cells of a table row, made inert for a GFM table. */
function row(cells: string[]): string {
  return `| ${cells.join(" | ")} |`;
}

function cell(text: string, charsMax = 80): string {
  return mdText(text, { charsMax, table: true });
}

/** A table: head, alignment, rows within the bounds, and what was left. */
function table(head: string[], right: Set<number>, rows: string[], rest: string): string[] {
  const taken = takeLines(rows, { itemsMax: ROWS_MAX, charsMax: SUMMARY_CHARS_MAX - 4_000 });
  const out = [row(head), row(head.map((_, i) => right.has(i) ? "---:" : "---")), ...taken.lines];
  if (taken.left > 0) out.push("", `… and ${taken.left} more: ${rest}`);
  return out;
}

/** Options of {@link historyMarkdown}. */
export interface HistoryMarkdownOptions {
  /** The documents are every task's (`--all`), not only ready and done ones. Default false. */
  all?: boolean;
}

/** The table of finished work of the project (`history --format markdown`). */
export function historyMarkdown(docs: TaskHistory[], options: HistoryMarkdownOptions = {}): string {
  const lines: string[] = [`### taskline: ${options.all ? "every task" : "finished work"}`, ""];
  if (docs.length === 0) {
    lines.push(options.all ? "No tasks yet." : "No ready or done tasks yet.");
    return mdDocument(lines);
  }
  const rows = docs.map((d) =>
    row([
      String(d.number),
      cell(d.task.title),
      cell(
        d.running
          ? `${d.task.status} (running)`
          : d.bad_log
          ? `${d.task.status} (log unreadable)`
          : d.task.status,
        40,
      ),
      String(d.totals.runs),
      String(d.totals.commits),
      String(d.changed_files.files.length),
      cell(formatCount(tokensOf(d.totals.usage)) + mark(d.totals.complete)),
      cell(formatDuration(d.totals.active_ms) + mark(d.totals.complete)),
      cell(costText(d)),
      cell(d.last_activity ? formatTime(d.last_activity) : "-"),
    ])
  );
  lines.push(
    ...table(
      [
        "#",
        "Task",
        "Status",
        "Runs",
        "Commits",
        "Files",
        "Tokens",
        "Active",
        "Cost",
        "Last activity (UTC)",
      ],
      new Set([0, 3, 4, 5, 6, 7, 8]),
      rows,
      "`taskline history --all`",
    ),
    "",
  );
  if (docs.some((d) => !d.totals.complete)) lines.push(mdText(LOWER_BOUND_LEGEND), "");
  lines.push(
    `${
      plural(docs.length, "task")
    }. One task in detail: \`taskline history N\`; its tool calls: \`taskline trace N\`.`,
  );
  return mdDocument(lines);
}

function validationsCell(r: RunHistory): string {
  if (r.validations.length === 0) return "-";
  const latest = latestValidations(r.validations);
  const failed = [...latest.values()].filter((p) => !p).length;
  return failed === 0 ? `${latest.size} passing` : `${failed} of ${latest.size} failing`;
}

/** One task as a job summary (`history REF --format markdown`). */
export function taskHistoryMarkdown(d: TaskHistory): string {
  const n = d.number;
  // "Task 5", not "#5": GitHub would link #5 to the repository's issue 5.
  const lines: string[] = [
    `### Task ${n}: ${mdText(d.task.title, { charsMax: 200, lineStart: false })}`,
    "",
  ];
  const facts = [
    `**${mdText(d.task.status, { charsMax: 40, lineStart: false })}**${
      d.running ? " (running)" : ""
    }`,
    `branch ${mdCode(d.task.branch)}`,
    plural(d.totals.runs, "run"),
    plural(d.totals.commits, "commit"),
    `${plural(d.changed_files.files.length, "file")} changed`,
  ];
  if (d.validations_passed !== null) {
    facts.push(`validations ${d.validations_passed ? "passing" : "failing"}`);
  }
  if (d.last_qa) {
    facts.push(
      `QA round ${d.last_qa.round}: ${
        mdText(d.last_qa.verdict, { charsMax: 40, lineStart: false })
      }`,
    );
  }
  lines.push(facts.join(" · "), "");
  if (d.bad_log) {
    lines.push(
      `The task's log cannot be read: ${mdText(d.bad_log.message, { lineStart: false })}`,
      "",
    );
  }
  if (d.runs.length === 0) lines.push("No run yet.", "");
  else {
    const currency = d.cost?.currency ?? "USD";
    const rows = d.runs.map((r) =>
      row([
        mdCode(r.run.slice(0, 8), { table: true }) + (r.current ? " (current)" : ""),
        cell(runState(r), 60),
        cell(formatTime(r.started_at)),
        cell(r.finished_at ? formatTime(r.finished_at) : "-"),
        String(r.resumes),
        String(r.commits.length),
        cell(validationsCell(r)),
        cell(runTotals(r, currency), 120),
      ])
    );
    lines.push(
      ...table(
        [
          "Run",
          "State",
          "Started (UTC)",
          "Finished (UTC)",
          "Resumes",
          "Commits",
          "Validations",
          "Tokens, active time, cost",
        ],
        new Set([4, 5]),
        rows,
        `\`taskline history ${n}\``,
      ),
      "",
    );
  }
  const u = d.totals.usage;
  const m = mark(d.totals.complete);
  lines.push(
    `Total: ${formatCount(tokensOf(u))}${m} tokens (${usageBreakdown(u)}), ${
      formatDuration(d.totals.active_ms)
    }${m} active, ${mdText(taskCostText(d), { lineStart: false })}.`,
    "",
  );
  if (!d.totals.complete) lines.push(mdText(LOWER_BOUND_LEGEND), "");
  lines.push(
    `Every run in detail: \`taskline history ${n}\`; the tool calls: \`taskline trace ${n}\`; ` +
      `the pull request's text: \`taskline pr ${n}\`.`,
  );
  return mdDocument(lines);
}
