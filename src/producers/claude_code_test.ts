import { assert, assertEquals } from "../../tests/assert.ts";
import { ClaudeCodeAdapter } from "./claude_code.ts";
import type { Produced, RunEnd } from "./run_builder.ts";

/** Runs lines through a fresh adapter: the events, the outputs by call, and the run's end. */
function record(lines: unknown[], model = "") {
  let n = 0;
  let t = 0;
  const a = new ClaudeCodeAdapter({
    model,
    newCall: () => (++n).toString(16).padStart(12, "0"),
    now: () => (t += 100),
  });
  const out: Produced[] = [];
  for (const l of lines) a.take(l, out);
  const end: RunEnd = a.finish(out, "eof");
  return { events: out.map((p) => p.event), out, end };
}

const init = (session = "s1", model = "claude-sonnet-4-5") => ({
  type: "system",
  subtype: "init",
  session_id: session,
  model,
  cwd: "/w",
  tools: ["Bash", "Task"],
});
const assistant = (
  id: string,
  content: unknown[],
  opts: { parent?: string | null; usage?: Record<string, number>; model?: string } = {},
) => ({
  type: "assistant",
  message: {
    id,
    type: "message",
    role: "assistant",
    model: opts.model ?? "claude-sonnet-4-5",
    content,
    stop_reason: null,
    usage: opts.usage ?? { input_tokens: 1, output_tokens: 1 },
  },
  parent_tool_use_id: opts.parent ?? null,
  session_id: "s1",
});
const toolUse = (id: string, name: string, input: unknown) => ({
  type: "tool_use",
  id,
  name,
  input,
});
const results = (parent: string | null, ...r: Array<[string, unknown, boolean?]>) => ({
  type: "user",
  message: {
    role: "user",
    content: r.map(([id, content, isError]) => ({
      type: "tool_result",
      tool_use_id: id,
      content,
      ...(isError === undefined ? {} : { is_error: isError }),
    })),
  },
  parent_tool_use_id: parent,
  session_id: "s1",
});
const result = (fields: Record<string, unknown> = {}) => ({
  type: "result",
  subtype: "success",
  is_error: false,
  duration_ms: 4000,
  num_turns: 2,
  result: "All tests pass.\nDetails follow.",
  session_id: "s1",
  total_cost_usd: 0.25,
  usage: { input_tokens: 3, output_tokens: 30 },
  ...fields,
});

Deno.test("a Claude Code session: model, texts, calls paired by the agent's ids out of order, totals and cost", () => {
  const { events, out, end } = record([
    init(),
    assistant("m1", [{ type: "text", text: "Looking at it." }]),
    assistant("m1", [toolUse("tu_a", "Bash", { command: "deno test" })]),
    assistant("m1", [toolUse("tu_b", "Grep", { pattern: "parse" })]),
    results(null, ["tu_b", [{ type: "text", text: "src/a.ts" }, {
      type: "text",
      text: "src/b.ts",
    }]]),
    results(null, ["tu_a", "1 failed", true]),
    result({
      modelUsage: {
        "claude-sonnet-4-5": {
          inputTokens: 40,
          outputTokens: 400,
          cacheReadInputTokens: 9000,
          cacheCreationInputTokens: 700,
        },
      },
    }),
  ]);
  assertEquals(events.map((e) => e.type), [
    "phase_started",
    "agent_started",
    "agent_text",
    "tool_called",
    "tool_called",
    "tool_returned",
    "tool_returned",
    "agent_finished",
    "phase_finished",
  ]);
  assertEquals(events[1], {
    type: "agent_started",
    role: "claude_code",
    subtask: null,
    model: "claude-sonnet-4-5",
  });
  assertEquals(events[3].input, { command: "deno test" });
  // Grep returned first: paired with its own call, not the first one open.
  assertEquals([events[5].tool, events[5].call], ["Grep", events[4].call]);
  assertEquals([events[6].tool, events[6].call, events[6].is_error], [
    "Bash",
    events[3].call,
    true,
  ]);
  assertEquals(out[5].output, "src/a.ts\nsrc/b.ts");
  assertEquals(out[6].output, "1 failed");
  assertEquals(events[6].duration_ms, 300);
  assertEquals(events[7], {
    type: "agent_finished",
    role: "claude_code",
    steps: 1,
    usage: {
      input_tokens: 40,
      output_tokens: 400,
      cache_read_tokens: 9000,
      cache_write_tokens: 700,
    },
    stop: '{"reason":"completed"}',
    cost_usd: 0.25,
  });
  assertEquals(events[8], {
    type: "phase_finished",
    phase: "agent",
    success: true,
    summary: "All tests pass.",
  });
  assertEquals(end, { success: true, status: "done", activeMs: 4000 });
  for (const e of events) if (e.call !== undefined) assert(/^[0-9a-f]{12}$/.test(String(e.call)));
});

Deno.test("a subagent's messages are its own role; its session ends when its Task call returns; the main agent gets the rest of the totals", () => {
  const { events } = record([
    init(),
    assistant("m1", [
      toolUse("task_1", "Task", {
        description: "d",
        prompt: "find callers",
        subagent_type: "Explore",
      }),
    ]),
    {
      ...results("task_1"),
      message: { role: "user", content: [{ type: "text", text: "find callers" }] },
    },
    assistant("s1", [toolUse("tu_s", "Grep", { pattern: "x" })], {
      parent: "task_1",
      model: "claude-haiku-4-5",
      usage: { input_tokens: 100, output_tokens: 5 },
    }),
    // The same message again, its usage reported anew: counted once, the last report.
    assistant("s1", [{ type: "text", text: "two callers" }], {
      parent: "task_1",
      model: "claude-haiku-4-5",
      usage: { input_tokens: 100, output_tokens: 20 },
    }),
    results("task_1", ["tu_s", "a.ts\nb.ts"]),
    results(null, ["task_1", [{ type: "text", text: "two callers: a.ts, b.ts" }]]),
    result({
      modelUsage: {
        "claude-sonnet-4-5": { inputTokens: 50, outputTokens: 60 },
        "claude-haiku-4-5": { inputTokens: 100, outputTokens: 20 },
      },
    }),
  ]);
  const brief = events.map((e) =>
    `${e.type}${e.role ? ` ${e.role}` : ""}${e.tool ? ` ${e.tool}` : ""}`
  );
  assertEquals(brief, [
    "phase_started",
    "agent_started claude_code",
    "tool_called claude_code Task",
    "agent_started Explore",
    "tool_called Explore Grep",
    "agent_text Explore",
    "tool_returned Explore Grep",
    "agent_finished Explore",
    "tool_returned claude_code Task",
    "agent_finished claude_code",
    "phase_finished",
  ]);
  assertEquals(events[3].model, "claude-haiku-4-5");
  const sub = events[7];
  assertEquals([sub.steps, sub.usage], [1, {
    input_tokens: 100,
    output_tokens: 20,
    cache_read_tokens: 0,
    cache_write_tokens: 0,
  }]);
  assertEquals(events[9].usage, {
    input_tokens: 50,
    output_tokens: 60,
    cache_read_tokens: 0,
    cache_write_tokens: 0,
  });
});

Deno.test("an error result fails the session with the agent's errors in the log", () => {
  const { events, end } = record([
    init(),
    assistant("m1", [toolUse("t1", "Bash", { command: "make" })]),
    results(null, ["t1", "ok"]),
    result({
      subtype: "error_max_turns",
      is_error: true,
      errors: ["Reached the maximum number of turns (2)"],
      total_cost_usd: 0.01,
    }),
  ]);
  const log = events.find((e) => e.type === "log");
  assertEquals(log, {
    type: "log",
    level: "error",
    message: "Claude Code failed (error_max_turns): Reached the maximum number of turns (2)",
  });
  assertEquals(events.at(-1)?.success, false);
  assertEquals(JSON.parse(String(events.at(-2)?.stop)), { reason: "failed" });
  assertEquals(end.status, "failed");
});

Deno.test("an API error result (subtype success, is_error true) fails the session", () => {
  const { end, events } = record([init(), result({ is_error: true, result: "API Error: 529" })]);
  assertEquals(end.success, false);
  assert(events.some((e) => e.type === "log" && String(e.message).includes("API Error: 529")));
});

Deno.test("input cut before the result: the run fails, the open call is named, the main usage is its messages'", () => {
  const { events, end } = record([
    init(),
    assistant("m1", [toolUse("t1", "Bash", { command: "sleep 100" })], {
      usage: { input_tokens: 7, output_tokens: 8, cache_read_input_tokens: 9 },
    }),
  ]);
  const logs = events.filter((e) => e.type === "log").map((e) => `${e.level}: ${e.message}`);
  assertEquals(logs.length, 2);
  assert(
    logs[0].startsWith("warn: 1 call(s) had no result when the session ended: 000000000001 (Bash"),
  );
  assertEquals(
    logs[1],
    "error: standard input closed before Claude Code's final line (its result)",
  );
  const finished = events.find((e) => e.type === "agent_finished")!;
  assertEquals(finished.usage, {
    input_tokens: 7,
    output_tokens: 8,
    cache_read_tokens: 9,
    cache_write_tokens: 0,
  });
  assertEquals(JSON.parse(String(finished.stop)), { reason: "input_ended" });
  assertEquals(end, { success: false, status: "failed", activeMs: null });
});

Deno.test("an empty input, or one of unknown lines only, ends the run failed", () => {
  for (
    const lines of [[], [{ type: "rate_limit_event" }, { type: "system", subtype: "hook_started" }]]
  ) {
    const { events, end } = record(lines);
    assertEquals(events.map((e) => e.type), ["log"]);
    assertEquals(end.status, "failed");
  }
});

Deno.test("streamed deltas are agent_delta; thinking blocks are not shown twice", () => {
  const { events } = record([
    init(),
    {
      type: "stream_event",
      event: { type: "message_start", message: { id: "m1", model: "claude-sonnet-4-5" } },
      parent_tool_use_id: null,
    },
    {
      type: "stream_event",
      event: {
        type: "content_block_delta",
        index: 0,
        delta: { type: "thinking_delta", thinking: "hm" },
      },
      parent_tool_use_id: null,
    },
    {
      type: "stream_event",
      event: { type: "content_block_delta", index: 1, delta: { type: "text_delta", text: "Hel" } },
      parent_tool_use_id: null,
    },
    {
      type: "stream_event",
      event: {
        type: "content_block_delta",
        index: 1,
        delta: { type: "input_json_delta", partial_json: "{" },
      },
      parent_tool_use_id: null,
    },
    assistant("m1", [{ type: "thinking", thinking: "hm", signature: "x" }, {
      type: "text",
      text: "Hello",
    }]),
    result(),
  ]);
  const deltas = events.filter((e) => e.type === "agent_delta").map((e) => e.delta);
  assertEquals(deltas, [{ kind: "thinking", text: "hm" }, { kind: "text", text: "Hel" }]);
  assertEquals(events.filter((e) => e.type === "agent_text").map((e) => e.text), ["Hello"]);
});

Deno.test("two results of one session: each records what it adds to the running totals and cost", () => {
  const mu = (i: number) => ({ "claude-sonnet-4-5": { inputTokens: i, outputTokens: i } });
  const { events } = record([
    init(),
    result({ modelUsage: mu(10), total_cost_usd: 0.1 }),
    assistant("m2", [{ type: "text", text: "again" }]),
    result({ modelUsage: mu(25), total_cost_usd: 0.3 }),
  ]);
  const finished = events.filter((e) => e.type === "agent_finished");
  assertEquals(finished.map((e) => (e.usage as { input_tokens: number }).input_tokens), [10, 15]);
  assertEquals(finished.map((e) => Math.round(Number(e.cost_usd) * 100)), [10, 20]);
  assertEquals(events.filter((e) => e.type === "phase_started").length, 2);
});

Deno.test("a result for a call not in the input is named in a warning and not written", () => {
  const { events } = record([init(), results(null, ["toolu_gone", "late"]), result()]);
  assert(!events.some((e) => e.type === "tool_returned"));
  assert(events.some((e) => e.type === "log" && String(e.message).includes('"toolu_gone"')));
});

Deno.test("lines of unknown shapes make nothing and never throw", () => {
  const odd: unknown[] = [
    null,
    7,
    "text",
    [],
    { type: "assistant" },
    { type: "assistant", message: { content: "not a list" } },
    {
      type: "assistant",
      message: { content: [null, 1, { type: "tool_use" }, { type: "tool_use", id: 5, name: "x" }] },
    },
    { type: "user", message: { content: [{ type: "tool_result" }] } },
    { type: "stream_event", event: "x" },
    { type: "result", subtype: 12, usage: "x", modelUsage: [] },
    { type: "system", subtype: "init", model: { not: "a string" } },
  ];
  const { events } = record([init(), ...odd]);
  for (const e of events) assert(typeof e.type === "string");
  assert(!events.some((e) => e.type === "tool_called"));
});

Deno.test("the model comes from the transcript; --model only where the transcript names none", () => {
  assertEquals(
    record([init("s", "claude-opus-4-1"), result()], "other").events[1].model,
    "claude-opus-4-1",
  );
  assertEquals(record([init("s", ""), result()], "given").events[1].model, "given");
});
