/**
 * The pull request of a task's branch, from its history document (so from
 * its events only): a title, a Markdown body and the facts a script wants
 * (`taskline pr`). taskline does not talk to a code host; `gh pr create`
 * takes what this writes.
 *
 * The body describes the task's last finished run: what it delivered (its
 * commits, the files they changed, the merge), its validation commands with
 * their last result and the fixes they needed, the QA verdict, the answers
 * at approval gates with their comments, its tokens, active time and cost
 * as `taskline history` shows them (the same functions, history_text.ts),
 * and where to see the rest. Every text of the log goes through
 * markdown.ts: inert, whatever it holds. Decisions: docs/ci.md.
 *
 * @example
 * ```ts
 * const doc = await buildTaskHistory(state, task, { settings });
 * const pr = buildPullRequest(doc, { base: "develop" });
 * console.log(pr.title, pr.body);
 * ```
 *
 * @module
 */
import type { Usage } from "../contract/events.ts";
import { parseTimeNs } from "../contract/time.ts";
import { TasklineError } from "../errors.ts";
import { oneLine } from "./event_line.ts";
import {
  type CommitRecord,
  type MergeRecord,
  type RunHistory,
  type TaskHistory,
  tokensOf,
} from "./history.ts";
import { runTotals, taskCostText, usageBreakdown } from "./history_text.ts";
import { mdCode, mdDocument, mdParagraphs, mdText } from "./markdown.ts";
import { takeLines } from "./md_budget.ts";
import { formatCost, formatCount, formatDuration, formatTime, plural } from "./units.ts";

/** A commit of the run, as `--json` gives it. */
export interface PullRequestCommit {
  commit: string;
  /** The first 7 characters of `commit`. */
  short: string;
  message: string;
  files: string[];
  subtask: string | null;
  at: string;
}

/** A validation command of the run: its last result and the fixes it needed. */
export interface PullRequestValidation {
  command: string;
  integration: boolean;
  /** The last result. */
  passed: boolean;
  exit_code: number | null;
  /** How many times it ran in the run. */
  runs: number;
  /** Failed results that were followed by another run of it: the fixes it needed. */
  fixes: number;
  /** Commits without a subtask made between a failed result and the next run of it. */
  fix_commits: string[];
}

/** The pull request of a task (`taskline pr --json`). */
export interface PullRequest {
  title: string;
  /** Markdown; log text in it is inert (markdown.ts). */
  body: string;
  /** The task's branch: `task.json`'s `branch`, else `taskline/<NNN>-<slug>`. */
  branch: string;
  /** `--base`, else the base of the run's merge, else `main`. */
  base: string;
  commits: PullRequestCommit[];
  /** Paths changed by the run's commits, sorted. */
  files: string[];
  validations: PullRequestValidation[];
  /** The run's totals (a lower bound when `totals_known` is false). */
  usage: Usage & { tokens: number; active_ms: number; totals_known: boolean };
  /** The run's cost as the history gives it; null when it has none. */
  cost: { amount: number; currency: string; text: string } | null;
  // Extensions.
  number: number;
  /** The run described. */
  run: string;
  status: string | null;
  success: boolean | null;
  merged: MergeRecord | null;
}

/** Options of {@link buildPullRequest}. */
export interface PullRequestOptions {
  /** The branch to merge into. Default: the base of the run's merge, else `main`. */
  base?: string;
}

/** The base used when neither `--base` nor a merge names one. */
export const DEFAULT_BASE = "main";

/** GitHub refuses a pull request body longer than this (characters). */
export const BODY_CHARS_MAX = 65_536;

/** Bounds of the body's parts (characters after escaping), well under {@link BODY_CHARS_MAX} together. */
const BOUNDS = {
  /** Characters of the description read, and of its Markdown. */
  descriptionSource: 4_000,
  description: 8_000,
  commits: { itemsMax: 50, charsMax: 16_000 },
  files: { itemsMax: 100, charsMax: 12_000 },
  validations: { itemsMax: 30, charsMax: 8_000 },
  approvals: { itemsMax: 20, charsMax: 6_000 },
};

/**
 * The pull request of the task's last finished run. Throws `wrong-state`
 * when the task has no finished run (nothing has been delivered yet), and
 * `bad-log-file` when its log cannot be read.
 */
export function buildPullRequest(doc: TaskHistory, options: PullRequestOptions = {}): PullRequest {
  const n = doc.number;
  if (doc.bad_log) throw new TasklineError("bad-log-file", doc.bad_log.message);
  const run = lastFinished(doc.runs);
  if (!run) {
    const last = doc.runs[doc.runs.length - 1];
    const id = last ? oneLine(last.run.slice(0, 8), 8) : "";
    throw new TasklineError(
      "wrong-state",
      !last
        ? `Task #${n} has no run yet: nothing to put in a pull request`
        : last.state === "running"
        ? `Task #${n} has no finished run yet (run ${id} is running): nothing to put in a pull request; follow it to its end with \`taskline events ${n} --follow\``
        : `Task #${n} has no finished run (run ${id} was interrupted before it finished): nothing to put in a pull request`,
    );
  }
  const base = options.base ?? (run.merged?.base || DEFAULT_BASE);
  const commits = run.commits.map((c): PullRequestCommit => ({
    commit: c.commit,
    short: c.commit.slice(0, 7),
    message: c.message,
    files: c.files,
    subtask: c.subtask,
    at: c.at,
  }));
  const files = [...new Set(run.commits.flatMap((c) => c.files))].sort();
  const validations = validationsOf(run);
  const currency = doc.cost?.currency ?? "USD";
  const title = oneLine(doc.task.title, 256) || `Task #${n}`;
  return {
    title,
    body: bodyOf(doc, run, { files, validations, currency }),
    branch: doc.task.branch,
    base,
    commits,
    files,
    validations,
    usage: {
      ...run.usage,
      tokens: tokensOf(run.usage),
      active_ms: run.active_ms,
      totals_known: run.totals_known,
    },
    cost: run.cost === null
      ? null
      : { amount: run.cost, currency, text: formatCost(run.cost, currency) },
    number: n,
    run: run.run,
    status: run.status,
    success: run.success,
    merged: run.merged,
  };
}

function lastFinished(runs: RunHistory[]): RunHistory | null {
  for (let i = runs.length - 1; i >= 0; i--) if (runs[i].state === "finished") return runs[i];
  return null;
}

/** Each command of the run (with its integration flag), in the order it first ran. */
function validationsOf(run: RunHistory): PullRequestValidation[] {
  const byKey = new Map<string, RunHistory["validations"]>();
  for (const v of run.validations) {
    const key = `${v.integration}|${v.command}`;
    let list = byKey.get(key);
    if (!list) byKey.set(key, list = []);
    list.push(v);
  }
  const fixCommits = run.commits.filter((c) => c.subtask === null);
  const out: PullRequestValidation[] = [];
  for (const results of byKey.values()) {
    const last = results[results.length - 1];
    let fixes = 0;
    const commits = new Set<string>();
    for (let i = 0; i + 1 < results.length; i++) {
      if (results[i].passed) continue;
      fixes++;
      // Between the failure and the next run of the command (an `at` that is no time: none).
      const from = parseTimeNs(results[i].at), to = parseTimeNs(results[i + 1].at);
      if (from === null || to === null) continue;
      for (const c of fixCommits) {
        const at = parseTimeNs(c.at);
        if (at !== null && at >= from && at <= to) commits.add(c.commit);
      }
    }
    out.push({
      command: last.command,
      integration: last.integration,
      passed: last.passed,
      exit_code: last.exit_code,
      runs: results.length,
      fixes,
      fix_commits: [...commits],
    });
  }
  return out;
}

/** Log text after other text on its line (nothing there opens a block). */
function inline(text: unknown, charsMax = 300): string {
  return mdText(text, { charsMax, lineStart: false });
}

/** A commit message's first line (the contract's `message` is one; an engine may send more). */
function firstLine(message: string): string {
  return message.split(/\r\n|[\r\n]/, 1)[0];
}

/** A commit id as the body shows it: 7 characters, plain when it is hexadecimal (GitHub links it). */
function shortHash(commit: string): string {
  const s = commit.slice(0, 7);
  return /^[0-9a-f]{4,}$/i.test(s) ? s : mdCode(s);
}

/** `- ` and the lines the list left out, said with where to see them. */
function list(lines: string[], bound: { itemsMax: number; charsMax: number }, rest: string) {
  const taken = takeLines(lines, bound);
  const out = taken.lines.map((l) => `- ${l}`);
  if (taken.left > 0) out.push(`- … and ${taken.left} more: ${rest}`);
  return out;
}

function bodyOf(
  doc: TaskHistory,
  run: RunHistory,
  parts: { files: string[]; validations: PullRequestValidation[]; currency: string },
): string {
  const n = doc.number;
  const runId = mdCode(run.run.slice(0, 8));
  const lines: string[] = [];
  const raw = doc.task.description;
  let description = mdParagraphs(raw, { charsMax: BOUNDS.descriptionSource });
  let cut = raw.length > BOUNDS.descriptionSource;
  if (description.length > BOUNDS.description) {
    // Escapes made it longer: whole lines up to the bound.
    const at = description.lastIndexOf("\n", BOUNDS.description);
    description = (at > 0 ? description.slice(0, at) : "").trimEnd();
    cut = true;
  }
  if (cut) description += `\n\n(the whole description: \`taskline task show ${n}\`)`;
  if (description.trim() !== "") lines.push(description.trimStart(), "");

  // What the run delivered.
  lines.push(`### What run ${runId} delivered`, "");
  const outcome = run.success === true
    ? " (success)"
    : run.success === false
    ? " (no success)"
    : "";
  const resumes = run.resumes > 0 ? `, after ${plural(run.resumes, "resume")}` : "";
  lines.push(
    `The run finished with status **${inline(run.status ?? "-", 40)}**${outcome} ` +
      `on ${inline(formatTime(run.finished_at))} UTC${resumes}.`,
  );
  // Each note a paragraph of its own (a code host may join the lines of one).
  if (run.success !== true && run.pending_approval) {
    lines.push("", `It waits for a decision at the ${inline(run.pending_approval, 40)} gate.`);
  }
  if (run.success !== true && run.paused_reason) {
    lines.push("", `Paused: ${inline(run.paused_reason, 200)}`);
  }
  if (run.success !== true && run.last_error) {
    lines.push("", `Last error: ${inline(run.last_error)}`);
  }
  const later = doc.runs.slice(doc.runs.indexOf(run) + 1);
  if (later.length > 0) {
    const l = later[later.length - 1];
    lines.push(
      "",
      `A later run of the task, ${mdCode(l.run.slice(0, 8))}, ${
        l.state === "running" ? "is still running" : "did not finish"
      }; this describes the last one that finished.`,
    );
  }
  lines.push("");
  if (run.commits.length === 0) {
    lines.push("This run made no commits.", "");
  } else {
    lines.push(`**Commits** (${run.commits.length})`, "");
    lines.push(
      ...list(
        run.commits.map((c: CommitRecord) =>
          `${shortHash(c.commit)} ${inline(firstLine(c.message), 200) || "(no message)"}`
        ),
        BOUNDS.commits,
        `\`taskline history ${n}\``,
      ),
      "",
    );
    if (parts.files.length === 0) {
      lines.push("The commits name no files (the committer does not use git).", "");
    } else {
      lines.push(`**Files changed** (${parts.files.length})`, "");
      lines.push(
        ...list(
          parts.files.map((f) => mdCode(f, { charsMax: 200 })),
          BOUNDS.files,
          `\`taskline history ${n} --json\``,
        ),
        "",
      );
    }
  }
  if (run.merged) {
    const m = run.merged;
    lines.push(
      `**Merged** as ${shortHash(m.commit)}: ${m.branch ? mdCode(m.branch) : "a branch"} into ${
        m.base ? mdCode(m.base) : "its base"
      }.`,
      "",
    );
  }

  // Validations.
  lines.push("### Validations", "");
  if (parts.validations.length === 0) lines.push("No validation command ran in this run.", "");
  else {
    lines.push(
      ...list(
        parts.validations.map((v) => {
          const exit = v.exit_code !== null ? ` (exit ${v.exit_code})` : "";
          const where = v.integration ? ", on the integrated branch" : "";
          const fixes = v.fixes > 0
            ? `; needed ${plural(v.fixes, "fix", "fixes")}${
              v.fix_commits.length > 0
                ? ` (${v.fix_commits.slice(0, 10).map(shortHash).join(", ")})`
                : ""
            }`
            : "";
          const runs = v.runs > 1 ? `, ran ${v.runs} times` : "";
          return `**${v.passed ? "passed" : "failed"}**${exit} ${
            mdCode(v.command)
          }${where}${runs}${fixes}`;
        }),
        BOUNDS.validations,
        `\`taskline history ${n}\``,
      ),
      "",
    );
  }

  // QA.
  lines.push("### QA", "");
  const qa = doc.last_qa;
  if (!qa) lines.push("No QA report was written.", "");
  else {
    lines.push(
      `Round ${qa.round}: **${inline(qa.verdict, 40)}**${
        qa.summary ? `: ${inline(qa.summary)}` : ""
      }`,
      "",
    );
  }

  // Approvals.
  lines.push("### Approvals", "");
  if (run.approvals.length === 0 && !run.pending_approval) {
    lines.push("No gate asked for a human's decision in this run.", "");
  } else {
    const answers = run.approvals.map((a) =>
      `${mdText(a.gate, { charsMax: 40 })} gate: **${a.approved ? "approved" : "rejected"}**${
        a.comment ? `, saying “${inline(a.comment)}”` : ""
      } (${inline(formatTime(a.at))} UTC)`
    );
    if (run.pending_approval) {
      answers.push(`${mdText(run.pending_approval, { charsMax: 40 })} gate: **pending**`);
    }
    lines.push(...list(answers, BOUNDS.approvals, `\`taskline history ${n}\``), "");
  }

  // Usage, as the history shows it.
  lines.push("### Usage", "");
  const u = run.usage;
  lines.push(
    `- This run: ${inline(runTotals(run, parts.currency))} (${usageBreakdown(u)})`,
  );
  // The task's totals when they say more than the run's: other runs, or why there is no cost.
  if (doc.runs.length > 1 || doc.unpriced_models.length > 0) {
    const mark = doc.totals.complete ? "" : "+";
    lines.push(
      `- The task (${plural(doc.runs.length, "run")}): ${
        formatCount(tokensOf(doc.totals.usage))
      }${mark} tokens, ${formatDuration(doc.totals.active_ms)}${mark} active, ${
        inline(taskCostText(doc))
      }`,
    );
  }
  if (!run.totals_known || !doc.totals.complete) {
    lines.push(
      "- \\+ lower bound: part of the work was recorded before 0.5 (no totals then) or a run did not finish",
    );
  }
  lines.push("");

  // The rest.
  // The run's id goes in a command only when it is a plain id (it comes from the log).
  const prefix = run.run.slice(0, 8);
  const traceArgs = run.current ? "" : /^[0-9a-f-]+$/i.test(prefix) ? ` --run ${prefix}` : " --all";
  lines.push(
    "---",
    "",
    `Written by taskline from the task's events. Every run: \`taskline history ${n}\`; ` +
      `every tool call of this run: \`taskline trace ${n}${traceArgs}\`.`,
  );
  return mdDocument(lines);
}
