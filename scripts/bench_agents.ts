/**
 * The `record --from claude-code` benchmark of `deno task bench` (issue 38):
 * a Claude Code transcript of 100,000 lines (generated, deterministic: steps
 * of a text, a tool call and its result of about 400 characters, a subagent
 * now and then, usage on every message) piped into `taskline record --from
 * claude-code`, against the same run given to `taskline record` as taskline
 * events (the events the adapter makes, each output whole in `output`), pair
 * by pair in one run (the machine is shared): the ratio of the rates is the
 * figure, goal at least one half. Both are measured with the trace store on
 * (the default: one file a call) and off (what the adapter itself costs).
 *
 * @module
 */
import { median, row, runTimed, shq, taskline } from "./bench_proc.ts";
import type { RecordBench } from "./bench_record.ts";
import { StateDir } from "../src/store/state_dir.ts";
import { createTask } from "../src/store/tasks.ts";
import { agentAdapter, type Produced } from "../src/producers/mod.ts";

/** Transcript lines and pairs, per mode. */
const SIZES = {
  full: { lines: 100_000, pairs: 3 },
  quick: { lines: 20_000, pairs: 2 },
  tiny: { lines: 2_000, pairs: 1 },
} as const;

const GOAL_RATIO = 0.5;

/** A deterministic Claude Code transcript of about `lines` lines. */
export function claudeTranscript(lines: number, seed = 38): string[] {
  let x = seed;
  const rand = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
  const out: string[] = [];
  const session = "4f1d2c3b-8a9e-4b7c-9d21-0e6f5a4b3c2d";
  const model = "claude-sonnet-4-5-20250929";
  out.push(JSON.stringify({
    type: "system",
    subtype: "init",
    cwd: "/home/ci/work/app",
    session_id: session,
    tools: ["Task", "Bash", "Glob", "Grep", "Read", "Edit", "Write"],
    mcp_servers: [],
    model,
    permissionMode: "acceptEdits",
    apiKeySource: "ANTHROPIC_API_KEY",
    claude_code_version: "2.1.328",
  }));
  const words = ["parse", "date", "the", "test", "fails", "because", "Z", "offset", "módulo", "→"];
  const sentence = (n: number) =>
    Array.from({ length: n }, () => words[Math.floor(rand() * words.length)]).join(" ");
  let step = 0;
  let sub: string | null = null;
  while (out.length < lines - 1) {
    step++;
    const msg = `msg_${step.toString(36).padStart(8, "0")}`;
    const parent = sub;
    const usage = {
      input_tokens: 4 + Math.floor(rand() * 20),
      cache_creation_input_tokens: Math.floor(rand() * 2000),
      cache_read_input_tokens: 10_000 + Math.floor(rand() * 20_000),
      output_tokens: 20 + Math.floor(rand() * 300),
      service_tier: "standard",
    };
    const assistant = (content: unknown[]) =>
      JSON.stringify({
        type: "assistant",
        message: {
          id: msg,
          type: "message",
          role: "assistant",
          model,
          content,
          stop_reason: null,
          stop_sequence: null,
          usage,
        },
        parent_tool_use_id: parent,
        session_id: session,
        uuid: `a0000000-0000-4000-8000-${step.toString(16).padStart(12, "0")}`,
      });
    out.push(assistant([{ type: "text", text: sentence(12) }]));
    const id = `toolu_${step.toString(36).padStart(10, "0")}`;
    if (sub === null && step % 50 === 0) {
      // A subagent: its messages follow until its Task call returns.
      out.push(assistant([{
        type: "tool_use",
        id,
        name: "Task",
        input: { description: "explore", prompt: sentence(20), subagent_type: "Explore" },
      }]));
      sub = id;
      continue;
    }
    const bash = rand() < 0.5;
    out.push(assistant([{
      type: "tool_use",
      id,
      name: bash ? "Bash" : "Read",
      input: bash
        ? { command: `deno test tests/${sentence(1)}_test.ts`, description: sentence(4) }
        : { file_path: `/home/ci/work/app/src/${sentence(1)}.ts` },
    }]));
    out.push(JSON.stringify({
      type: "user",
      message: {
        role: "user",
        content: [{
          tool_use_id: id,
          type: "tool_result",
          content: Array.from({ length: 8 }, () => sentence(8)).join("\n"),
          is_error: rand() < 0.1,
        }],
      },
      parent_tool_use_id: parent,
      session_id: session,
    }));
    if (sub !== null && step % 10 === 0) {
      out.push(JSON.stringify({
        type: "user",
        message: {
          role: "user",
          content: [{
            tool_use_id: sub,
            type: "tool_result",
            content: [{ type: "text", text: sentence(30) }],
          }],
        },
        parent_tool_use_id: null,
        session_id: session,
      }));
      sub = null;
    }
  }
  out.push(JSON.stringify({
    type: "result",
    subtype: "success",
    is_error: false,
    duration_ms: 3_600_000,
    num_turns: step,
    result: "done",
    session_id: session,
    total_cost_usd: 12.5,
    usage: { input_tokens: 1000, output_tokens: 100_000 },
    modelUsage: { [model]: { inputTokens: 1000, outputTokens: 100_000 } },
  }));
  return out;
}

/** The same run as taskline events: what the adapter makes, each output whole. */
function asTasklineEvents(transcript: string[]): string[] {
  let n = 0;
  const adapter = agentAdapter("claude-code", {
    newCall: () => (++n).toString(16).padStart(12, "0"),
  });
  const out: Produced[] = [];
  for (const line of transcript) adapter.take(JSON.parse(line), out);
  const end = adapter.finish(out, "eof");
  const lines = out.map((p) =>
    JSON.stringify(p.output === undefined ? p.event : { ...p.event, output: p.output })
  );
  lines.push(JSON.stringify({ type: "run_finished", success: end.success, status: end.status }));
  return lines;
}

async function freshProject(root: string, traceOutputs: boolean): Promise<void> {
  await Deno.remove(root, { recursive: true }).catch(() => {});
  const state = new StateDir(`${root}/.taskline`);
  await Deno.mkdir(state.tasksDir, { recursive: true });
  if (!traceOutputs) {
    await Deno.writeTextFile(
      `${state.root}/config.jsonc`,
      '{ "pipeline": { "trace_outputs": false } }\n',
    );
  }
  await createTask(state, "Recorded from an agent");
}

const fmtRate = (n: number) => `${Math.round(n).toLocaleString("en-US")} lines/s`;

/**
 * Adds the row of `record --from claude-code` against `record` on the same
 * run as taskline events.
 */
export async function benchAgents(b: RecordBench): Promise<void> {
  const size = SIZES[b.opts.mode];
  const dir = `${b.opts.work}/record-agents`;
  await Deno.mkdir(dir, { recursive: true });
  const transcript = claudeTranscript(size.lines);
  const events = asTasklineEvents(transcript);
  const agentFile = `${dir}/claude-code.jsonl`, eventsFile = `${dir}/taskline.jsonl`;
  await Deno.writeTextFile(agentFile, transcript.join("\n") + "\n");
  await Deno.writeTextFile(eventsFile, events.join("\n") + "\n");
  const root = `${dir}/project`;
  const time = async (file: string, args: string[], traceOutputs: boolean) => {
    await freshProject(root, traceOutputs);
    await runTimed(["cat", file], { cwd: dir });
    const cmd = taskline(["record", "1", ...args]).map(shq).join(" ");
    const t = await runTimed(["sh", "-c", `cat ${shq(file)} | ${cmd}`], {
      cwd: root,
      timeBin: b.timeBin,
    });
    if (t.code !== 0) {
      throw new Error(`record ${args.join(" ")} exited ${t.code}: ${t.stderr.slice(-300)}`);
    }
    return t;
  };
  const results: string[] = [];
  let worst = Infinity;
  let rss: number | null = null;
  for (const traceOutputs of [true, false]) {
    const agent: number[] = [], plain: number[] = [], ratios: number[] = [];
    for (let i = 0; i < size.pairs; i++) {
      // Pair by pair, in turn first: a slower moment of the shared machine hits both.
      const order = i % 2 === 0 ? ["agent", "plain"] : ["plain", "agent"];
      const pair: Record<string, number> = {};
      for (const which of order) {
        const t = which === "agent"
          ? await time(agentFile, ["--from", "claude-code"], traceOutputs)
          : await time(eventsFile, [], traceOutputs);
        pair[which] = t.ms;
        if (which === "agent" && t.rssKb !== null) rss = Math.max(rss ?? 0, t.rssKb);
      }
      agent.push(pair.agent);
      plain.push(pair.plain);
      // Rates per input line: the transcript's lines against the events' lines.
      ratios.push((transcript.length / pair.agent) / (events.length / pair.plain));
    }
    const ratio = median(ratios);
    worst = Math.min(worst, ratio);
    results.push(
      `trace store ${traceOutputs ? "on" : "off"}: ${
        fmtRate(transcript.length / (median(agent) / 1000))
      } (${(median(agent) / 1000).toFixed(2)} s) against ${
        fmtRate(events.length / (median(plain) / 1000))
      } (${(median(plain) / 1000).toFixed(2)} s), ratio ${ratio.toFixed(2)} (pairs: ${
        ratios.map((r) => r.toFixed(2)).join(", ")
      })`,
    );
  }
  const r = row(
    "record-agents",
    `record --from claude-code: a ${transcript.length.toLocaleString("en-US")}-line transcript (${
      events.length.toLocaleString("en-US")
    } events) against the same run as taskline events, pair by pair`,
    {
      taskline: results[0],
      reference: results[1],
      ratio: `${worst.toFixed(2)}x record's rate on taskline events (the lower of the two)`,
      goal: `>= ${GOAL_RATIO}x`,
      met: b.opts.mode === "tiny" ? "-" : worst >= GOAL_RATIO ? "yes" : "no",
      rss: rss === null ? "-" : `${(rss / 1024).toFixed(0)} MB`,
    },
  );
  if (b.opts.mode === "tiny") r.notes.push("tiny mode: too small to judge the goal");
  b.rows.push(r);
}
