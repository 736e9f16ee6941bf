/**
 * `taskline run <REF>`: runs a task with the scripted engine, or resumes its
 * paused run.
 *
 * @module
 */
import type { Envelope } from "../contract/envelope.ts";
import { encodeEnvelope } from "../codec/encode.ts";
import { TasklineError } from "../errors.ts";
import { type RunSummary, runTask } from "../engine/run_task.ts";
import { parseScenario, type Scenario } from "../engine/scenario.ts";
import { BUILTIN_SCENARIO } from "../../scenarios/builtin.ts";
import { parseArgs } from "./args.ts";
import { liveChannelSink } from "../follow/live_channel.ts";
import type { Context } from "./context.ts";
import { readStdinText } from "./io.ts";

export const RUN_HELP = `Usage: taskline run <TASK> [options]

Runs a task through its phases with the scripted engine (a scenario), or
continues its paused run. Exit codes: 0 done, 1 failed, 2 waits for a human
(an approval) or reached a budget, 130 cancelled or interrupted.

Options:
  --scenario <FILE|NAME|->  the scenario to play (JSONC, see docs/scenario.md). FILE must be
                            inside .taskline/ (taskline reads nothing else); NAME means
                            .taskline/scenarios/NAME.jsonc; - reads it from stdin;
                            "builtin" (the default) is the built-in scenario
  --resume                  continue the task's current run (same run, seq continues)
  --restart                 start a new run even though the current one is paused
  --speed <FACTOR>          play the scenario's timings this many times faster (default 1)
  --max-tokens <N>          token budget of the run for this invocation
                            (default pipeline.max_tokens)
  --max-duration <TIME>     active-time budget for this invocation: seconds, or 90s, 15m,
                            1h30m (default pipeline.max_duration_secs)
  --json                    print every envelope as published (agent_delta included), then
                            a summary {"run_status","last_error","run","task",...}`;

/** Largest scenario read, in bytes. */
const SCENARIO_BYTES_MAX = 16 * 1024 * 1024;

/** Seconds of `90`, `90s`, `15m`, `2h`, `1h30m`. */
export function parseDurationSecs(text: string): number {
  const t = text.trim();
  if (/^\d+(\.\d+)?$/.test(t)) {
    const n = Number(t);
    if (n > 0) return n;
  }
  const m = /^(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+(?:\.\d+)?)s)?$/.exec(t);
  if (m && t !== "") {
    const secs = Number(m[1] ?? 0) * 86400 + Number(m[2] ?? 0) * 3600 + Number(m[3] ?? 0) * 60 +
      Number(m[4] ?? 0);
    if (secs > 0) return secs;
  }
  throw new TasklineError(
    "usage",
    `--max-duration takes seconds or a time such as 90s, 15m, 1h30m, not "${t.slice(0, 40)}"`,
  );
}

/** Reads the scenario named by `--scenario`. */
export async function loadScenario(ctx: Context, value: string): Promise<Scenario> {
  if (value === "builtin") return BUILTIN_SCENARIO;
  if (value === "-") {
    return parseScenario(
      await readStdinText(ctx.io.stdin, SCENARIO_BYTES_MAX, "The scenario"),
      "on stdin",
    );
  }
  let path = value;
  if (!value.includes("/") && !/\.jsonc?$/.test(value)) {
    path = `${ctx.state.root}/scenarios/${value}.jsonc`;
  }
  const normalized = path.replace(/^\.\//, "");
  const root = ctx.state.root.replace(/^\.\//, "");
  if (!(normalized.startsWith(`${root}/`)) || normalized.split("/").includes("..")) {
    throw new TasklineError(
      "usage",
      `Cannot read scenario ${value}: taskline reads only inside ${root}/; put it in ${root}/scenarios/ or pass it on stdin with \`--scenario -\``,
    );
  }
  let text: string;
  try {
    text = await Deno.readTextFile(normalized);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) {
      throw new TasklineError("not-found", `Cannot read scenario ${normalized}: no such file`);
    }
    throw new TasklineError("io", `Cannot read scenario ${normalized}: ${(e as Error).message}`);
  }
  return parseScenario(text, normalized);
}

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
  const { values, positionals } = parseArgs("run", args, {
    scenario: { type: "string" },
    resume: { type: "boolean" },
    restart: { type: "boolean" },
    speed: { type: "string" },
    "max-tokens": { type: "string" },
    "max-duration": { type: "string" },
    json: { type: "boolean" },
  });
  ctx.json = values.json === true;
  if (positionals.length !== 1) {
    throw new TasklineError("usage", "taskline run: name one task, for example `taskline run 3`");
  }
  if (values.resume && (values.scenario !== undefined || values.restart)) {
    throw new TasklineError(
      "usage",
      "taskline run: --resume plays the run's own scenario; it does not go with --scenario or --restart",
    );
  }
  let speed = 1;
  if (values.speed !== undefined) {
    speed = Number(values.speed);
    if (!Number.isFinite(speed) || speed <= 0) {
      throw new TasklineError("usage", `--speed takes a positive number, not "${values.speed}"`);
    }
  }
  let maxTokens: number | undefined;
  if (values["max-tokens"] !== undefined) {
    const s = String(values["max-tokens"]);
    if (!/^\d{1,15}$/.test(s) || Number(s) === 0) {
      throw new TasklineError("usage", `--max-tokens takes a positive integer, not "${s}"`);
    }
    maxTokens = Number(s);
  }
  const maxDurationSecs = values["max-duration"] !== undefined
    ? parseDurationSecs(String(values["max-duration"]))
    : undefined;
  const task = await ctx.task(positionals[0]);
  const settings = await ctx.settings();
  const scenario = values.scenario !== undefined
    ? await loadScenario(ctx, String(values.scenario))
    : undefined;

  const out = ctx.io.stdout;
  let writing: Promise<void> = Promise.resolve();
  const print = (line: string) => {
    writing = writing.then(() => out.write(line + "\n")).then(() => out.flush()).catch(() => {});
  };
  const live = liveChannelSink(ctx.state); // agent_delta to a running server, if any
  const summary = await runTask(ctx.state, task, {
    scenario,
    resume: values.resume === true,
    restart: values.restart === true,
    speed,
    maxTokens,
    maxDurationSecs,
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
  }).finally(() => live.close());
  print(ctx.json ? JSON.stringify(summary) : hint(summary));
  await writing;
  return summary.exit_code;
}
