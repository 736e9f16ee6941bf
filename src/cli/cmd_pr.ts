/**
 * `taskline pr <TASK> [--json] [--base BRANCH]`: the pull request of a
 * task's branch, for `gh pr create` and the like. The document comes from
 * src/views/pull_request.ts; this file prints it.
 *
 * @module
 */
import { warnProblems } from "./cmd_history.ts";
import { TasklineError } from "../errors.ts";
import { openLogsSynchronously } from "../store/log_file.ts";
import { buildTaskHistory } from "../views/history.ts";
import { HistoryCache } from "../views/history_cache.ts";
import { buildPullRequest } from "../views/pull_request.ts";
import { hasUnsafe } from "../views/terminal_text.ts";
import { type CommandSpec, parseArgs } from "./args.ts";
import type { Context } from "./context.ts";

/** `taskline pr`, declared: its flags and help. */
export const PR_SPEC: CommandSpec = {
  name: "pr",
  usage: ["<TASK> [options]"],
  about: `Prints the body of a pull request for the task's branch, in Markdown, made
from the task's events: the description, what the last finished run
delivered (commits, files changed, the merge), its validation commands with
their last result and the fixes they needed, the QA verdict, the answers at
approval gates, tokens, active time and cost (as \`taskline history\` shows
them), and where to see the rest. Text of the log is escaped so that it
cannot open HTML, a link, an image or a mention.

  gh pr create --title "$(taskline pr 5 --json | jq -r .title)" \\
    --body-file <(taskline pr 5)`,
  flags: {
    json: {
      type: "boolean",
      description: "{title, body, branch, base, commits, files, validations, usage, cost, " +
        "number, run, status, success, merged}",
    },
    base: {
      type: "string",
      value: "BRANCH",
      description: "the branch to merge into",
      default: "the base the run merged into, else main",
    },
  },
  notes: "Exit 1 when the task has no finished run yet.",
};

export async function prCommand(ctx: Context, args: string[]): Promise<number> {
  openLogsSynchronously();
  const { values, positionals } = parseArgs(PR_SPEC.name, args, PR_SPEC.flags);
  ctx.json = values.json === true;
  if (positionals.length !== 1) {
    throw new TasklineError("usage", "taskline pr: name one task, for example `taskline pr 3`");
  }
  const base = values.base as string | undefined;
  // A branch name as git would take it (git check-ref-format): no white space, no control
  // character, none of ~ ^ : ? * [ \ and no "..".
  if (
    base !== undefined &&
    (base === "" || base.length > 255 || /[\s~^:?*[\\]|\.\./.test(base) || hasUnsafe(base))
  ) {
    throw new TasklineError(
      "usage",
      `taskline pr: --base takes a branch name, not "${base.slice(0, 40)}"`,
    );
  }
  const task = await ctx.task(positionals[0]);
  const doc = await buildTaskHistory(ctx.state, task, {
    settings: await ctx.settings(),
    cache: new HistoryCache({ disk: true }),
    signal: ctx.io.signal,
  });
  await warnProblems(ctx, doc);
  const pr = buildPullRequest(doc, { base });
  await ctx.io.stdout.write(ctx.json ? JSON.stringify(pr) + "\n" : pr.body);
  return 0;
}
