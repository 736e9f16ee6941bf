/**
 * `taskline history [REF]`: what each task delivered and what it cost.
 * The documents come from src/views/history.ts; this file renders them.
 *
 * @module
 */
import { TasklineError } from "../errors.ts";
import {
  buildTaskHistory,
  listHistory,
  type RunHistory,
  type TaskHistory,
  tokensOf,
} from "../views/history.ts";
import { HistoryCache } from "../views/history_cache.ts";
import {
  formatAge,
  formatCost,
  formatCount,
  formatDuration,
  formatTime,
  plural,
} from "../views/units.ts";
import { parseArgs } from "./args.ts";
import type { Context } from "./context.ts";
import { oneLine } from "./render.ts";

export const HISTORY_HELP = `Usage: taskline history [REF] [options]

Without REF: a table of ready and done tasks, most recent activity first:
number, title, status, runs, commits, files changed, tokens, active time,
cost and last activity. With REF: one task in detail, finished or not.

Options:
  --all     every task, whatever its status
  --json    TaskHistory documents (an array without REF, one object with it)

A "+" marks a lower bound: part of the run was recorded before 0.5, or the
run did not finish. Cost needs a price for every model the task used
(\`pricing\` in .taskline/config.jsonc); otherwise it shows "-".`;

/** Legend printed under a table or detail that shows a `+`. */
export const LOWER_BOUND_LEGEND =
  "+ lower bound: part of the work was recorded before 0.5 (no totals then) or a run did not finish";

export async function historyCommand(ctx: Context, args: string[]): Promise<number> {
  const { values, positionals } = parseArgs("history", args, {
    all: { type: "boolean" },
    json: { type: "boolean" },
  });
  ctx.json = values.json === true;
  if (positionals.length > 1) {
    throw new TasklineError("usage", "taskline history: name at most one task");
  }
  const settings = await ctx.settings();
  const now = nowOf(ctx);
  const cache = new HistoryCache({ disk: true });
  const out = ctx.io.stdout;
  if (positionals.length === 1) {
    const task = await ctx.task(positionals[0]);
    const doc = await buildTaskHistory(ctx.state, task, {
      settings,
      cache,
      signal: ctx.io.signal,
    });
    await warnProblems(ctx, doc);
    if (ctx.json) await out.write(JSON.stringify(doc) + "\n");
    else await out.write(renderDetail(doc, now));
    return 0;
  }
  const tasks = await ctx.tasks();
  const docs = await listHistory(ctx.state, {
    all: values.all === true,
    settings,
    cache,
    tasks,
    signal: ctx.io.signal,
  });
  for (const d of docs) await warnProblems(ctx, d);
  if (ctx.json) await out.write(JSON.stringify(docs) + "\n");
  else await out.write(renderTable(docs, now, values.all === true));
  return 0;
}

/**
 * The time ages are counted from: now, or `TASKLINE_NOW` (RFC 3339) for
 * reproducible output in tests and documentation.
 */
function nowOf(ctx: Context): number {
  const fixed = ctx.io.env("TASKLINE_NOW");
  if (fixed === undefined || fixed === "") return Date.now();
  const ms = Date.parse(fixed);
  if (!Number.isFinite(ms)) {
    throw new TasklineError(
      "usage",
      `TASKLINE_NOW must be an RFC 3339 time, not "${fixed.slice(0, 40)}"`,
    );
  }
  return ms;
}

async function warnProblems(ctx: Context, doc: TaskHistory): Promise<void> {
  if (doc.errors.length === 0) return;
  const more = doc.errors.length > 1 ? ` (and more: taskline history ${doc.number})` : "";
  await ctx.warn(`${ctx.state.logPath(doc.dir)}: ${doc.errors[0]}${more}`);
}

function mark(known: boolean): string {
  return known ? "" : "+";
}

/** The history table. */
export function renderTable(docs: TaskHistory[], nowMs: number, all = false): string {
  if (docs.length === 0) {
    return all
      ? "No tasks yet.\n"
      : "No ready or done tasks yet (taskline history --all lists every task).\n";
  }
  const head = [
    "#",
    "TITLE",
    "STATUS",
    "RUNS",
    "COMMITS",
    "FILES",
    "TOKENS",
    "ACTIVE",
    "COST",
    "LAST ACTIVITY",
  ];
  const right = new Set([0, 3, 4, 5, 6, 7, 8]);
  const rows = docs.map((d) => [
    String(d.number),
    oneLine(d.task.title, 40),
    d.running ? `${oneLine(d.task.status, 16)} (running)` : oneLine(d.task.status, 16),
    String(d.totals.runs),
    String(d.totals.commits),
    String(d.changed_files.files.length),
    formatCount(tokensOf(d.totals.usage)) + mark(d.totals.complete),
    formatDuration(d.totals.active_ms) + mark(d.totals.complete),
    costText(d),
    formatAge(d.last_activity ? Date.parse(d.last_activity) : null, nowMs),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) =>
      i === cells.length - 1 ? c : right.has(i) ? c.padStart(widths[i]) : c.padEnd(widths[i])
    ).join("  ").trimEnd() + "\n";
  let text = line(head) + rows.map(line).join("");
  if (docs.some((d) => !d.totals.complete)) text += LOWER_BOUND_LEGEND + "\n";
  return text;
}

/** A task's cost; "-" when unknown or partial (documents of other servers may carry partial ones). */
function costText(d: TaskHistory): string {
  return d.cost && d.cost.complete !== false ? formatCost(d.cost.amount, d.cost.currency) : "-";
}

function runTotals(r: RunHistory, currency: string): string {
  const tokens = `${formatCount(tokensOf(r.usage))}${mark(r.totals_known)} tokens`;
  const active = `${formatDuration(r.active_ms)}${mark(r.totals_known)} active`;
  const cost = `cost ${formatCost(r.cost, currency)}`;
  return `${tokens}, ${active}, ${cost}`;
}

/** The detail of one task. */
export function renderDetail(d: TaskHistory, nowMs: number): string {
  const lines: string[] = [];
  const currency = d.cost?.currency ?? "USD";
  lines.push(
    `#${d.number} ${oneLine(d.task.title, 100)} · ${d.task.status}${
      d.running ? " (running)" : ""
    } · branch ${d.task.branch}`,
  );
  const u = d.totals.usage;
  const m = mark(d.totals.complete);
  lines.push(
    `${plural(d.totals.runs, "run")}, ${plural(d.totals.commits, "commit")}, ` +
      `${plural(d.changed_files.files.length, "file")} changed, ` +
      `${formatCount(tokensOf(u))}${m} tokens (${formatCount(u.input_tokens)} in, ` +
      `${formatCount(u.output_tokens)} out, ${formatCount(u.cache_read_tokens)} cache read, ` +
      `${formatCount(u.cache_write_tokens)} cache write), ${
        formatDuration(d.totals.active_ms)
      }${m} active`,
  );
  const unpriced = d.unpriced_models ?? [];
  const cost = costText(d) !== "-"
    ? `cost ${costText(d)}`
    : unpriced.length > 0
    ? `cost - (no price for ${
      unpriced.map((x) => x === "" ? "a model not recorded before 0.5" : x).join(", ")
    })`
    : "cost -";
  lines.push(
    `${cost} · last activity ${
      formatAge(d.last_activity ? Date.parse(d.last_activity) : null, nowMs)
    }${d.last_activity ? ` (${formatTime(d.last_activity)} UTC)` : ""}`,
  );
  if (d.last_qa) {
    lines.push(
      `QA round ${d.last_qa.round}: ${d.last_qa.verdict}${
        d.last_qa.summary ? ` (${oneLine(d.last_qa.summary, 100)})` : ""
      }`,
    );
  }
  if (d.validations_passed !== null) {
    lines.push(`Validations: ${d.validations_passed ? "passing" : "failing"}`);
  }
  if (d.runs.length === 0) lines.push("", "No run yet.");
  for (const r of d.runs) {
    lines.push("");
    const state = r.state === "finished"
      ? `finished ${r.status ?? "-"}${
        r.success === true ? " (success)" : r.success === false ? " (no success)" : ""
      }`
      : r.state;
    lines.push(
      `Run ${r.run}${r.current ? " (current)" : ""} · ${state} · ${plural(r.resumes, "resume")}`,
    );
    lines.push(
      `  started ${formatTime(r.started_at)}, ${
        r.finished_at
          ? `finished ${formatTime(r.finished_at)}`
          : `last event ${formatTime(r.last_event_at)}`
      } · ${runTotals(r, currency)}`,
    );
    if (r.legacy) {
      lines.push(
        r.totals_known
          ? "  partly recorded before 0.5: totals from run.json, models of that part unknown"
          : "  partly recorded before 0.5: totals are lower bounds, models of that part unknown",
      );
    }
    if (r.phases.length > 0) {
      lines.push("  Phases:");
      for (const p of r.phases) {
        const outcome = p.success === true ? "ok" : p.success === false ? "failed" : "unfinished";
        const took = p.started_at && p.finished_at
          ? `  ${formatDuration(Date.parse(p.finished_at) - Date.parse(p.started_at))}`
          : "";
        lines.push(
          `    ${outcome.padEnd(10)} ${p.phase}${took}${
            p.summary ? `  ${oneLine(p.summary, 100)}` : ""
          }`,
        );
      }
    }
    if (r.approvals.length > 0 || r.pending_approval) {
      lines.push("  Approvals:");
      for (const a of r.approvals) {
        lines.push(
          `    ${(a.approved ? "approved" : "rejected").padEnd(10)} ${a.gate}${
            a.comment ? `  "${oneLine(a.comment, 100)}"` : ""
          }`,
        );
      }
      if (r.pending_approval) lines.push(`    ${"pending".padEnd(10)} ${r.pending_approval}`);
    }
    if (r.validations.length > 0) {
      lines.push("  Validations:");
      for (const v of r.validations) {
        lines.push(
          `    ${(v.passed ? "passed" : "failed").padEnd(10)} ${oneLine(v.command, 80)}${
            v.integration ? " (integration)" : ""
          }${v.exit_code !== null ? `  exit ${v.exit_code}` : ""}`,
        );
      }
    }
    if (r.commits.length > 0) {
      lines.push("  Commits:");
      for (const c of r.commits) {
        lines.push(
          `    ${c.commit.slice(0, 10)} ${oneLine(c.message, 80)}  (${
            plural(c.files.length, "file")
          })`,
        );
      }
    }
    if (r.merged) {
      lines.push(
        `  Merged: ${r.merged.commit.slice(0, 10)} ${r.merged.branch || "?"} into ${
          r.merged.base || "?"
        }`,
      );
    }
    if (r.paused_reason) lines.push(`  Paused: ${oneLine(r.paused_reason, 120)}`);
    if (r.last_error) lines.push(`  Last error: ${oneLine(r.last_error, 200)}`);
  }
  const cf = d.changed_files;
  lines.push("");
  if (cf.files.length === 0) lines.push("Changed files: none recorded");
  else {
    const from = cf.source.kind === "merged"
      ? `the merge ${(cf.source.commit ?? "").slice(0, 10)}, files of its commits`
      : cf.source.kind === "commits"
      ? "the commits"
      : "write_file / edit_file calls";
    lines.push(`Changed files (from ${from}${cf.approximate ? ", approximate" : ""}):`);
    for (const f of cf.files) lines.push(`  ${f.path}`);
  }
  if (d.errors?.length) {
    lines.push("", "Problems:");
    for (const e of d.errors) lines.push(`  ${e}`);
  }
  if (!d.totals.complete) lines.push("", LOWER_BOUND_LEGEND);
  return lines.join("\n") + "\n";
}
