/**
 * `taskline run <REF>`: runs a task with the scripted engine, or resumes its
 * paused run.
 *
 * @module
 */
import type { Envelope } from "../contract/envelope.ts";
import { encodeEnvelope } from "../codec/encode.ts";
import { TasklineError } from "../errors.ts";
import type { RunSummary } from "../engine/run_task.ts";
import { checkRunRequest, CLI_RUN_NAMES, startRun } from "../engine/actions.ts";
import { loadScenario } from "../engine/scenario_file.ts";
import { type CommandSpec, parseArgs } from "./args.ts";
import { liveChannelSink } from "../follow/live_channel.ts";
import type { Context } from "./context.ts";
import { readStdinText } from "./io.ts";

/** `taskline run`, declared: its flags and help. */
export const RUN_SPEC: CommandSpec = {
  name: "run",
  usage: ["<TASK> [options]"],
  about: `Runs a task through its phases with the scripted engine (a scenario), or
continues its paused run. Exit codes: 0 done, 1 failed, 2 waits for a human
(an approval) or reached a budget, 130 cancelled or interrupted.`,
  flags: {
    scenario: {
      type: "string",
      value: "FILE|NAME|-",
      description: "the scenario to play (JSONC, see docs/scenario.md). FILE must be inside " +
        ".taskline/ (taskline reads nothing else); NAME means .taskline/scenarios/NAME.jsonc; " +
        '- reads it from stdin; "builtin" is the built-in scenario',
      default: "builtin",
    },
    resume: {
      type: "boolean",
      description: "continue the task's current run (same run, seq continues)",
    },
    restart: {
      type: "boolean",
      description: "start a new run even though the current one is paused",
    },
    speed: {
      type: "string",
      value: "FACTOR",
      description: "play the scenario's timings this many times faster",
      default: "1",
    },
    "max-tokens": {
      type: "string",
      value: "N",
      description: "token budget of the run for this invocation",
      default: "pipeline.max_tokens",
    },
    "max-duration": {
      type: "string",
      value: "TIME",
      description: "active-time budget for this invocation: seconds, or 90s, 15m, 1h30m",
      default: "pipeline.max_duration_secs",
    },
    json: {
      type: "boolean",
      description: "print every envelope as published (agent_delta included), then a summary " +
        '{"run_status","last_error","run","task",...}',
    },
  },
};

/** Largest scenario read, in bytes. */
const SCENARIO_BYTES_MAX = 16 * 1024 * 1024;

function human(env: Envelope): string | null {
  const e = env.event as unknown as Record<string, unknown>;
  const time = env.at.slice(11, 19);
  switch (e.type) {
    case "run_started":
      return `${time} ▶ run ${String(e.run).slice(0, 8)} started (seq ${env.seq})`;
    case "phase_started":
      return `${time}   phase ${e.phase}`;
    case "phase_finished":
      return `${time}   phase ${e.phase} ${e.success ? "done" : "failed"}: ${e.summary}`;
    case "subtask_updated":
      return e.status === "pending"
        ? null
        : `${time}     subtask ${String(e.subtask).slice(0, 8)} ${e.status}`;
    case "validation_finished":
      return `${time}     ${e.passed ? "✓" : "✗"} ${e.command} (exit ${e.exit_code})`;
    case "committed":
      return `${time}     commit ${String(e.commit).slice(0, 8)} ${e.message}`;
    case "merged":
      return `${time}     merged ${e.branch} into ${e.base}`;
    case "retrying":
      return `${time}     retrying ${e.what} (attempt ${e.attempt})`;
    case "approval_requested":
      return `${time} ? waiting for approval of the ${e.gate} gate`;
    case "paused":
      return `${time} ⏸ paused: ${e.reason}`;
    case "log":
      return e.level === "error" || e.level === "warn" ? `${time} ! ${e.message}` : null;
    case "run_finished":
      return `${time} ■ run finished: ${e.status}${e.success ? "" : " (not successful)"}`;
    default:
      return null;
  }
}

function hint(s: RunSummary): string {
  const n = s.task.number;
  switch (s.run_status) {
    case "done":
      return `Task #${n} is done.`;
    case "awaiting_approval":
      return `Task #${n} waits for approval of the ${s.pending_approval} gate: \`taskline approve ${n}\` or \`taskline reject ${n} --reason TEXT\`, then \`taskline run ${n} --resume\`.`;
    case "budget_exhausted":
      return `Task #${n} paused, ${s.last_error}. Raise the budget (--max-tokens, --max-duration or pipeline.max_tokens, pipeline.max_duration_secs) and run \`taskline run ${n} --resume\`.`;
    case "cancelled":
      return `Task #${n}: run ${s.last_error}. Continue it with \`taskline run ${n} --resume\`.`;
    case "failed":
      return `Task #${n} failed: ${s.last_error}`;
  }
}

export async function runCommand(ctx: Context, args: string[]): Promise<number> {
  const { values, positionals } = parseArgs(RUN_SPEC.name, args, RUN_SPEC.flags);
  ctx.json = values.json === true;
  if (positionals.length !== 1) {
    throw new TasklineError("usage", "taskline run: name one task, for example `taskline run 3`");
  }
  const plan = checkRunRequest({
    resume: values.resume === true,
    restart: values.restart === true,
    scenario: values.scenario,
    speed: values.speed,
    maxTokens: values["max-tokens"],
    maxDuration: values["max-duration"],
  }, CLI_RUN_NAMES);
  const task = await ctx.task(positionals[0]);
  const settings = await ctx.settings();
  const scenario = plan.scenario !== undefined
    ? await loadScenario(ctx.state, plan.scenario, {
      readStdin: () => readStdinText(ctx.io.stdin, SCENARIO_BYTES_MAX, "The scenario"),
    })
    : undefined;

  const out = ctx.io.stdout;
  let writing: Promise<void> = Promise.resolve();
  const print = (line: string) => {
    writing = writing.then(() => out.write(line + "\n")).then(() => out.flush()).catch(() => {});
  };
  const live = liveChannelSink(ctx.state); // agent_delta to a running server, if any
  const summary = await (async () => {
    const started = await startRun(ctx.state, task, plan, {
      ...(scenario ? { scenario } : {}),
      settings,
      signal: ctx.io.signal,
      onRepair: (m) => void ctx.warn(m),
      sink: live.sink,
      onEnvelope: (env) => {
        if (ctx.json) print(encodeEnvelope(env));
        else {
          const line = human(env);
          if (line !== null) print(line);
        }
      },
    });
    return await started.done;
  })().finally(() => live.close());
  print(ctx.json ? JSON.stringify(summary) : hint(summary));
  await writing;
  return summary.exit_code;
}
