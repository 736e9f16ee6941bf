/**
 * Property tests (fast-check) of `record --from`: any sequence of the line
 * types of Claude Code's and Codex's output, in any order, with ids that
 * repeat, collide or are missing, junk between them and the input cut
 * anywhere, gives a run that is whole: every event valid for the contract,
 * written through the run recorder with seq 1..n without a gap and
 * `run_finished` last; every call returned with its own `call` or named in
 * a `log` warning, no return without its call; agents and phases started
 * and finished in pairs; the run's usage the sum of its agents'.
 *
 * @module
 */
import fc from "fast-check";
import { assert, assertEquals } from "./assert.ts";
import { tempProject } from "./helpers.ts";
import { logLines } from "./record_util.ts";
import { checkEventInput } from "../src/store/event_input.ts";
import { RunRecorder } from "../src/store/recorder.ts";
import { createTask } from "../src/store/tasks.ts";
import { agentAdapter, type AgentFormat, type Produced } from "../src/producers/mod.ts";
import { producedEvents } from "../src/cli/cmd_record.ts";

const NUM_RUNS = Number(Deno.env.get("TASKLINE_FUZZ_RUNS") ?? 150);

const id = fc.constantFrom("t1", "t2", "t3", "task_1", "task_2", "item_1", "item_2", "");
const parent = fc.constantFrom(null, null, "task_1", "task_2", "t9");
const str = fc.oneof(
  fc.string(),
  fc.constantFrom("Bash", "Task", "Agent", "Read", "\u001b[2J\nid: 9"),
);
const count = fc.oneof(fc.nat(100_000), fc.constantFrom(-1, 1.5, "7", null));
const junk = fc.oneof(
  fc.constant(null),
  fc.integer(),
  fc.string(),
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.record({ type: fc.string() }),
);

const block = fc.oneof(
  fc.record({ type: fc.constant("text"), text: str }),
  fc.record({ type: fc.constant("thinking"), thinking: str }),
  fc.record({
    type: fc.constantFrom("tool_use", "server_tool_use"),
    id,
    name: str,
    input: fc.oneof(
      fc.record({ command: str }),
      fc.record({ subagent_type: str, prompt: str }),
      junk,
    ),
  }),
  fc.record({ type: fc.constant("web_search_tool_result"), tool_use_id: id, content: junk }),
  junk,
);
const claudeLine = fc.oneof(
  fc.record({
    type: fc.constant("system"),
    subtype: fc.constantFrom("init", "hook_response"),
    session_id: fc.constantFrom("s1", "s2"),
    model: str,
  }),
  fc.record({
    type: fc.constant("assistant"),
    message: fc.record({
      id: fc.constantFrom("m1", "m2", "m3"),
      model: str,
      content: fc.array(block, { maxLength: 3 }),
      usage: fc.record({
        input_tokens: count,
        output_tokens: count,
        cache_read_input_tokens: count,
      }),
    }),
    parent_tool_use_id: parent,
    session_id: fc.constantFrom("s1", "s2"),
  }),
  fc.record({
    type: fc.constant("user"),
    message: fc.record({
      role: fc.constant("user"),
      content: fc.array(
        fc.record({
          type: fc.constant("tool_result"),
          tool_use_id: id,
          content: fc.oneof(
            str,
            fc.array(fc.record({ type: fc.constant("text"), text: str }), { maxLength: 2 }),
            junk,
          ),
          is_error: fc.boolean(),
        }),
        { maxLength: 3 },
      ),
    }),
    parent_tool_use_id: parent,
  }),
  fc.record({
    type: fc.constant("stream_event"),
    event: fc.record({
      type: fc.constant("content_block_delta"),
      delta: fc.oneof(
        fc.record({ type: fc.constant("text_delta"), text: str }),
        fc.record({ type: fc.constant("thinking_delta"), thinking: str }),
      ),
    }),
    parent_tool_use_id: parent,
  }),
  fc.record({
    type: fc.constant("result"),
    subtype: fc.constantFrom("success", "error_max_turns", "error_during_execution"),
    is_error: fc.boolean(),
    session_id: fc.constantFrom("s1", "s2"),
    result: str,
    errors: fc.array(str, { maxLength: 2 }),
    duration_ms: count,
    total_cost_usd: fc.oneof(fc.double({ min: 0, max: 5, noNaN: true }), junk),
    usage: fc.record({ input_tokens: count, output_tokens: count }),
    modelUsage: fc.oneof(
      fc.dictionary(
        fc.constantFrom("a", "b"),
        fc.record({ inputTokens: count, outputTokens: count }),
      ),
      junk,
    ),
  }),
  fc.record({ type: fc.constantFrom("rate_limit_event", "tool_progress") }),
  junk,
);

const item = fc.oneof(
  fc.record({
    id,
    type: fc.constant("command_execution"),
    command: str,
    aggregated_output: str,
    exit_code: fc.oneof(fc.constant(null), fc.integer({ min: -1, max: 255 })),
    status: fc.constantFrom("in_progress", "completed", "failed", "declined"),
  }),
  fc.record({
    id,
    type: fc.constant("file_change"),
    changes: fc.array(
      fc.record({
        path: fc.constantFrom("a.rs", "b.rs", str as unknown as string),
        kind: fc.constantFrom("add", "update", "delete"),
      }),
      { maxLength: 3 },
    ),
    status: fc.constantFrom("completed", "failed"),
  }),
  fc.record({
    id,
    type: fc.constant("mcp_tool_call"),
    server: str,
    tool: str,
    arguments: junk,
    status: fc.constantFrom("in_progress", "completed", "failed"),
    error: fc.oneof(fc.constant(null), fc.record({ message: str })),
  }),
  fc.record({
    id,
    type: fc.constantFrom("web_search", "agent_message", "reasoning", "plan", "error", "todo_list"),
    text: str,
    query: str,
    message: str,
  }),
  junk,
);
const codexLine = fc.oneof(
  fc.record({ type: fc.constant("thread.started"), thread_id: fc.constantFrom("th1", "th2") }),
  fc.record({ type: fc.constant("turn.started") }),
  fc.record({ type: fc.constantFrom("item.started", "item.updated", "item.completed"), item }),
  fc.record({ type: fc.constant("item.plan.delta"), item_id: id, delta: str }),
  fc.record({
    type: fc.constant("turn.completed"),
    usage: fc.record({ input_tokens: count, cached_input_tokens: count, output_tokens: count }),
  }),
  fc.record({
    type: fc.constant("turn.failed"),
    error: fc.oneof(fc.record({ message: str }), junk),
  }),
  fc.record({ type: fc.constant("error"), message: str }),
  fc.record({ type: fc.constantFrom("turn.diff_updated", "request_user_input") }),
  junk,
);

/** Records `lines` as `record --from` does and checks the run it gives. */
async function checkRun(
  state: Awaited<ReturnType<typeof tempProject>>["state"],
  format: AgentFormat,
  lines: unknown[],
  n: number,
): Promise<void> {
  const task = await createTask(state, `case ${n}`);
  const rec = await RunRecorder.open(state, task);
  const adapter = agentAdapter(format, { model: "m" });
  try {
    rec.start();
    const write = async (out: Produced[]) => {
      for (const p of out) {
        const { type: _t, ...rest } = p.event;
        const c = checkEventInput({
          type: p.event.type,
          ...rest,
          ...(p.output === undefined ? {} : { output: p.output }),
        });
        assert(c.ok, `${JSON.stringify(p.event).slice(0, 300)}: ${c.ok ? "" : c.reason}`);
      }
      const batch = await producedEvents(rec, out);
      if (batch.length > 0) rec.emitAll(batch);
    };
    for (const l of lines) {
      const out: Produced[] = [];
      adapter.take(l, out);
      await write(out);
    }
    const out: Produced[] = [];
    const end = adapter.finish(out, "eof");
    await write(out);
    await rec.finish({
      success: end.success,
      status: end.status,
      segmentMs: end.activeMs ?? undefined,
    });
  } finally {
    await rec.close();
  }
  const log = await logLines(state, task);
  log.forEach((l, i) => assertEquals(l.seq, i + 1));
  assertEquals(log[0].event.type, "run_started");
  assertEquals(log.at(-1)!.event.type, "run_finished");
  assertEquals(log.filter((l) => l.event.type === "run_finished").length, 1);
  const called = new Set<string>();
  const returned = new Set<string>();
  const logs = log.filter((l) => l.event.type === "log").map((l) => String(l.event.message));
  const balance = new Map<string, number>();
  const sum = { input_tokens: 0, output_tokens: 0, cache_read_tokens: 0, cache_write_tokens: 0 };
  for (const { event: e } of log) {
    if (e.type === "tool_called") {
      assert(!called.has(String(e.call)), `call ${e.call} twice`);
      called.add(String(e.call));
    } else if (e.type === "tool_returned") {
      assert(called.has(String(e.call)), `a return without its call: ${e.call}`);
      assert(!returned.has(String(e.call)), `call ${e.call} returned twice`);
      returned.add(String(e.call));
    } else if (e.type === "agent_started" || e.type === "phase_started") {
      const k = `${e.type.split("_")[0]}:${e.role ?? ""}`;
      balance.set(k, (balance.get(k) ?? 0) + 1);
    } else if (e.type === "agent_finished" || e.type === "phase_finished") {
      const k = `${e.type.split("_")[0]}:${e.role ?? ""}`;
      balance.set(k, (balance.get(k) ?? 0) - 1);
      assert((balance.get(k) ?? 0) >= 0, `${e.type} before its start`);
      if (e.type === "agent_finished") {
        const u = e.usage as Record<string, number>;
        for (const k of Object.keys(sum) as Array<keyof typeof sum>) {
          assert(Number.isInteger(u[k]) && u[k] >= 0, `usage ${k} ${u[k]}`);
          sum[k] += u[k];
        }
      }
    }
  }
  for (const c of called) {
    if (returned.has(c)) continue;
    assert(logs.some((m) => m.includes(c)), `call ${c} neither returned nor named in the log`);
  }
  for (const [k, v] of balance) assertEquals(v, 0, `${k} not finished`);
  assertEquals(log.at(-1)!.event.usage, sum);
  // A run is done only when the agent's final line came and nothing failed.
  if (log.at(-1)!.event.success) assertEquals(log.at(-1)!.event.status, "done");
}

for (const [format, line] of [["claude-code", claudeLine], ["codex", codexLine]] as const) {
  Deno.test(`any sequence of ${format}'s line types gives a whole run: gapless, run_finished last, every call paired or named`, async () => {
    await using p = await tempProject();
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(line as fc.Arbitrary<unknown>, { maxLength: 25 }),
        async (lines) => {
          await checkRun(p.state, format, lines, ++n);
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });
}
