/**
 * `taskline history [REF]`: what each task delivered and what it cost.
 * The documents come from src/views/history.ts; this file renders them.
 *
 * @module
 */
import { TasklineError } from "../errors.ts";
import { buildTaskHistory, listHistory, type TaskHistory } from "../views/history.ts";
import { HistoryCache } from "../views/history_cache.ts";
import { type CommandSpec, parseArgs } from "./args.ts";
import type { Context } from "./context.ts";
import { renderDetail, renderTable } from "../views/history_text.ts";
import { historyMarkdown, taskHistoryMarkdown } from "../views/history_markdown.ts";
import { openLogsSynchronously } from "../store/log_file.ts";

/** `taskline history`, declared: its flags and help. */
export const HISTORY_SPEC: CommandSpec = {
  name: "history",
  usage: ["[REF] [options]"],
  about: `Without REF: a table of ready and done tasks, most recent activity first:
number, title, status, runs, commits, files changed, tokens, active time,
cost and last activity. With REF: one task in detail, finished or not.`,
  flags: {
    all: { type: "boolean", description: "every task, whatever its status" },
    json: {
      type: "boolean",
      description: "TaskHistory documents (an array without REF, one object with it)",
    },
    format: {
      type: "string",
      value: "F",
      description: "text, json, or markdown: the same as a CI job's summary (GitHub Flavored " +
        'Markdown, log text escaped, times in UTC), e.g. >> "$GITHUB_STEP_SUMMARY"',
      default: "text",
    },
  },
  notes: `A "+" marks a lower bound: part of the run was recorded before 0.5, or the
run did not finish. Cost needs a price for every model the task used
(\`pricing\` in .taskline/config.jsonc); otherwise it shows "-".`,
};

export async function historyCommand(ctx: Context, args: string[]): Promise<number> {
  openLogsSynchronously();
  const { values, positionals } = parseArgs(HISTORY_SPEC.name, args, HISTORY_SPEC.flags);
  const format = values.json === true ? "json" : String(values.format ?? "text");
  if (!["text", "json", "markdown"].includes(format)) {
    throw new TasklineError(
      "usage",
      `taskline history: --format takes text, json or markdown, not "${format.slice(0, 40)}"`,
    );
  }
  ctx.json = format === "json";
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
    else if (format === "markdown") await out.write(taskHistoryMarkdown(doc));
    else await out.write(renderDetail(doc, now));
    return doc.bad_log ? 1 : 0;
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
  else if (format === "markdown") {
    await out.write(historyMarkdown(docs, { all: values.all === true }));
  } else await out.write(renderTable(docs, now, values.all === true));
  // A task whose log is not a log is listed with its problem, and named on stderr.
  return docs.some((d) => d.bad_log) ? 1 : 0;
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

/** Says on stderr what was wrong with a task's log (its first problem, and that there are more). */
export async function warnProblems(ctx: Context, doc: TaskHistory): Promise<void> {
  if (doc.errors.length === 0) return;
  if (doc.bad_log) return await ctx.warn(doc.bad_log.message);
  const more = doc.errors.length > 1 ? ` (and more: taskline history ${doc.number})` : "";
  await ctx.warn(`${ctx.state.logPath(doc.dir)}: ${doc.errors[0]}${more}`);
}
