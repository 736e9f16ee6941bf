/**
 * The history documents as text: the table of finished work and the detail
 * of one task. Shared by `taskline history` and the terminal UI.
 *
 * @module
 */
import type { Usage } from "../contract/events.ts";
import { type RunHistory, type TaskHistory, tokensOf } from "./history.ts";
import { formatAge, formatCost, formatCount, formatDuration, formatTime, plural } from "./units.ts";
import { oneLine } from "./event_line.ts";
import { cutColumns, displayWidth, visible } from "./terminal_text.ts";

/** Legend printed under a table or detail that shows a `+`. */
export const LOWER_BOUND_LEGEND =
  "+ lower bound: part of the work was recorded before 0.5 (no totals then) or a run did not finish";

/** Legend printed under a table that shows a cost the agents reported. */
export const REPORTED_COST_LEGEND =
  "* cost reported by the agent itself (the price table has no price for its model)";

/** The mark of a total that is a lower bound (a run's totals not all known): "+". */
export function mark(known: boolean): string {
  return known ? "" : "+";
}

/** Tokens by kind: "1,000 in, 200 out, 0 cache read, 0 cache write". */
export function usageBreakdown(u: Usage): string {
  return `${formatCount(u.input_tokens)} in, ${formatCount(u.output_tokens)} out, ` +
    `${formatCount(u.cache_read_tokens)} cache read, ${
      formatCount(u.cache_write_tokens)
    } cache write`;
}

/** Where a run stands: "running", "paused"..., or "finished done (success)". */
export function runState(r: RunHistory): string {
  if (r.state !== "finished") return r.state;
  const how = r.success === true ? " (success)" : r.success === false ? " (no success)" : "";
  return `finished ${r.status ?? "-"}${how}`;
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
  // Cells hold log and task text: escaped (terminal_text.ts) before widths are measured.
  const rows = docs.map((d) =>
    [
      String(d.number),
      cutColumns(oneLine(d.task.title, 200), 40),
      d.running
        ? `${oneLine(d.task.status, 16)} (running)`
        : d.bad_log
        ? `${oneLine(d.task.status, 16)} (log unreadable)`
        : oneLine(d.task.status, 16),
      String(d.totals.runs),
      String(d.totals.commits),
      String(d.changed_files.files.length),
      formatCount(tokensOf(d.totals.usage)) + mark(d.totals.complete),
      formatDuration(d.totals.active_ms) + mark(d.totals.complete),
      costText(d),
      formatAge(d.last_activity ? Date.parse(d.last_activity) : null, nowMs),
    ].map((c) => visible(c))
  );
  // Padded by display columns: a title's emoji or combining marks keep the columns in line.
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => displayWidth(r[i]))));
  const line = (cells: string[]) =>
    cells.map((c, i) => {
      if (i === cells.length - 1) return c;
      const pad = " ".repeat(Math.max(0, widths[i] - displayWidth(c)));
      return right.has(i) ? pad + c : c + pad;
    }).join("  ").trimEnd() + "\n";
  let text = line(head) + rows.map(line).join("");
  if (docs.some((d) => !d.totals.complete)) text += LOWER_BOUND_LEGEND + "\n";
  if (docs.some((d) => d.cost?.reported === true && costText(d) !== "-")) {
    text += REPORTED_COST_LEGEND + "\n";
  }
  return text;
}

/** A task's cost; "-" when unknown or partial (documents of other servers may carry partial ones). */
export function costText(d: TaskHistory): string {
  if (!d.cost || d.cost.complete === false) return "-";
  return formatCost(d.cost.amount, d.cost.currency) + (d.cost.reported === true ? "*" : "");
}

/**
 * A run's totals as the detail shows them: `25k tokens, 41 s active, cost
 * $0.35` (a `+` after a lower bound). Shared with the Markdown documents
 * (`taskline pr`, `history --format markdown`) so that they say the same.
 */
export function runTotals(r: RunHistory, currency: string): string {
  const tokens = `${formatCount(tokensOf(r.usage))}${mark(r.totals_known)} tokens`;
  const active = `${formatDuration(r.active_ms)}${mark(r.totals_known)} active`;
  const cost = `cost ${formatCost(r.cost, r.cost_reported ? "USD" : currency)}${
    r.cost_reported ? " (reported by the agent)" : ""
  }`;
  return `${tokens}, ${active}, ${cost}`;
}

/**
 * A task's cost as the detail shows it: `cost $1.83`, or `cost -` with the
 * models that have no price. Shared with the Markdown documents.
 */
export function taskCostText(d: TaskHistory): string {
  const unpriced = d.unpriced_models ?? [];
  return costText(d) !== "-"
    ? `cost ${formatCost(d.cost!.amount, d.cost!.currency)}${
      d.cost!.reported === true ? " (reported by the agent)" : ""
    }`
    : unpriced.length > 0
    ? `cost - (no price for ${
      unpriced.map((x) => x === "" ? "a model not recorded before 0.5" : x).join(", ")
    })`
    : "cost -";
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
      `${formatCount(tokensOf(u))}${m} tokens (${usageBreakdown(u)}), ${
        formatDuration(d.totals.active_ms)
      }${m} active`,
  );
  lines.push(
    `${taskCostText(d)} · last activity ${
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
    lines.push(
      `Run ${r.run}${r.current ? " (current)" : ""} · ${runState(r)} · ${
        plural(r.resumes, "resume")
      }`,
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
      : "the calls that wrote files";
    lines.push(`Changed files (from ${from}${cf.approximate ? ", approximate" : ""}):`);
    for (const f of cf.files) lines.push(`  ${f.path}`);
  }
  if (d.errors?.length) {
    lines.push("", "Problems:");
    for (const e of d.errors) lines.push(`  ${e}`);
  }
  if (!d.totals.complete) lines.push("", LOWER_BOUND_LEGEND);
  // Each entry is one line of the renderer's: a line break or any other
  // control or bidi character inside one came from the log, and is shown
  // as an escape (terminal_text.ts), never obeyed.
  return lines.map((l) => visible(l)).join("\n") + "\n";
}
