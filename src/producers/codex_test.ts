import { assert, assertEquals } from "../../tests/assert.ts";
import { CodexAdapter } from "./codex.ts";
import type { Produced } from "./run_builder.ts";

function record(lines: unknown[], model = "gpt-5-codex") {
  let n = 0;
  let t = 0;
  const a = new CodexAdapter({
    model,
    newCall: () => (++n).toString(16).padStart(12, "0"),
    now: () => (t += 50),
  });
  const out: Produced[] = [];
  for (const l of lines) a.take(l, out);
  const end = a.finish(out, "eof");
  return { events: out.map((p) => p.event), out, end };
}

const item = (kind: "started" | "updated" | "completed", it: Record<string, unknown>) => ({
  type: `item.${kind}`,
  item: it,
});
const cmd = (id: string, command: string, more: Record<string, unknown> = {}) => ({
  id,
  type: "command_execution",
  command,
  aggregated_output: "",
  exit_code: null,
  status: "in_progress",
  ...more,
});
const start = [{ type: "thread.started", thread_id: "th1" }, { type: "turn.started" }];
const done = (
  usage: Record<string, number> = {
    input_tokens: 1000,
    cached_input_tokens: 800,
    output_tokens: 50,
  },
) => ({
  type: "turn.completed",
  usage,
});

Deno.test("a Codex session: commands returning out of order, exit codes, the model from --model, usage without the cached input", () => {
  const { events, out, end } = record([
    ...start,
    item("completed", { id: "item_0", type: "reasoning", text: "**Plan**" }),
    item("started", cmd("item_1", "cargo test")),
    item("started", cmd("item_2", "rg parse_date")),
    item(
      "completed",
      cmd("item_2", "rg parse_date", {
        aggregated_output: "src/date.rs:12\n",
        exit_code: 0,
        status: "completed",
      }),
    ),
    item(
      "completed",
      cmd("item_1", "cargo test", {
        aggregated_output: "1 failed\n",
        exit_code: 101,
        status: "failed",
      }),
    ),
    item("completed", { id: "item_3", type: "agent_message", text: "Fixed the parser." }),
    done(),
  ]);
  assertEquals(events.map((e) => e.type), [
    "phase_started",
    "agent_started",
    "agent_delta",
    "tool_called",
    "tool_called",
    "tool_returned",
    "tool_returned",
    "agent_text",
    "agent_finished",
    "phase_finished",
  ]);
  assertEquals(events[1].model, "gpt-5-codex");
  assertEquals(events[3], {
    type: "tool_called",
    role: "codex",
    tool: "shell",
    input: { command: "cargo test" },
    call: events[3].call,
    subtask: null,
  });
  assertEquals([events[5].call, events[5].exit_code, events[5].is_error], [
    events[4].call,
    0,
    false,
  ]);
  assertEquals([events[6].call, events[6].exit_code, events[6].is_error], [
    events[3].call,
    101,
    true,
  ]);
  assertEquals([out[5].output, out[6].output], ["src/date.rs:12\n", "1 failed\n"]);
  assertEquals(events[8].usage, {
    input_tokens: 200,
    output_tokens: 50,
    cache_read_tokens: 800,
    cache_write_tokens: 0,
  });
  assertEquals(events[9].summary, "Fixed the parser.");
  assertEquals(end, { success: true, status: "done", activeMs: null });
});

Deno.test("a file change is one call per path, naming it: write_file for an added file, edit_file otherwise", () => {
  const { events, out } = record([
    ...start,
    item("completed", {
      id: "item_5",
      type: "file_change",
      changes: [
        { path: "src/date.rs", kind: "update", diff: "@@ -1 +1 @@\n-a\n+b\n" },
        { path: "tests/z.rs", kind: "add" },
      ],
      status: "completed",
    }),
    done(),
  ]);
  const calls = events.filter((e) => e.type === "tool_called");
  assertEquals(calls.map((e) => [e.tool, e.input]), [
    ["edit_file", { path: "src/date.rs", kind: "update" }],
    ["write_file", { path: "tests/z.rs", kind: "add" }],
  ]);
  const outputs = out.filter((p) => p.event.type === "tool_returned").map((p) => p.output);
  assertEquals(outputs, ["@@ -1 +1 @@\n-a\n+b\n", "add tests/z.rs"]);
});

Deno.test("MCP calls, web searches and collab calls are calls; to-do lists and unknown items make nothing", () => {
  const { events, out } = record([
    ...start,
    item("started", {
      id: "i1",
      type: "mcp_tool_call",
      server: "docs",
      tool: "search",
      arguments: { q: "rfc" },
      status: "in_progress",
    }),
    item("started", { id: "i2", type: "todo_list", items: [{ text: "a", completed: false }] }),
    item("updated", { id: "i2", type: "todo_list", items: [{ text: "a", completed: true }] }),
    item("completed", {
      id: "i1",
      type: "mcp_tool_call",
      server: "docs",
      tool: "search",
      arguments: { q: "rfc" },
      result: { content: [{ type: "text", text: "RFC 3339" }], structured_content: null },
      error: null,
      status: "completed",
    }),
    item("completed", { id: "i3", type: "web_search", query: "chrono rfc3339" }),
    item("completed", {
      id: "i4",
      type: "mcp_tool_call",
      server: "s",
      tool: "t",
      arguments: {},
      error: { message: "boom" },
      status: "failed",
    }),
    item("completed", { id: "i5", type: "hologram", text: "?" }),
    done(),
  ]);
  const calls = events.filter((e) => e.type === "tool_called").map((e) => e.tool);
  assertEquals(calls, ["mcp__docs__search", "web_search", "mcp__s__t"]);
  const returned = out.filter((p) => p.event.type === "tool_returned");
  assertEquals(returned.map((p) => [p.event.tool, p.event.is_error, p.output]), [
    ["mcp__docs__search", false, "RFC 3339"],
    ["web_search", false, "chrono rfc3339"],
    ["mcp__s__t", true, "boom"],
  ]);
});

Deno.test("turn.failed fails the run with Codex's message in the log", () => {
  const { events, end } = record([
    ...start,
    { type: "error", message: "stream disconnected before completion" },
    { type: "turn.failed", error: { message: "stream disconnected before completion: 3 retries" } },
  ]);
  const logs = events.filter((e) => e.type === "log").map((e) => [e.level, e.message]);
  assertEquals(logs, [
    ["warn", "Codex reported an error: stream disconnected before completion"],
    ["error", "Codex turn failed: stream disconnected before completion: 3 retries"],
  ]);
  assertEquals(end.status, "failed");
});

Deno.test("an error line the turn recovers from is a warning: the run still succeeds", () => {
  const { end, events } = record([
    ...start,
    { type: "error", message: "Reconnecting... 1/5" },
    done(),
  ]);
  assertEquals(end.status, "done");
  assert(!events.some((e) => e.type === "log" && e.level === "error"));
});

Deno.test("input ending after an error line: the run fails with that error", () => {
  const { end, events } = record([...start, { type: "error", message: "quota exceeded" }]);
  assertEquals(end.status, "failed");
  const errors = events.filter((e) => e.type === "log" && e.level === "error");
  assert(String(errors.at(-1)?.message).startsWith("Codex turn failed: quota exceeded"));
});

Deno.test("input cut before turn.completed: failed, the running command named", () => {
  const { end, events } = record([...start, item("started", cmd("item_1", "sleep 600"))]);
  assertEquals(end.status, "failed");
  const messages = events.filter((e) => e.type === "log").map((e) => String(e.message));
  assert(messages[0].includes("(shell, the agent's item_1)"));
  assertEquals(messages[1], "standard input closed before Codex's final line (turn.completed)");
});

Deno.test("the thread's running usage: a second turn records what it added", () => {
  const { events } = record([
    ...start,
    done({ input_tokens: 100, cached_input_tokens: 0, output_tokens: 10 }),
    { type: "turn.started" },
    done({ input_tokens: 250, cached_input_tokens: 100, output_tokens: 30 }),
  ]);
  const usages = events.filter((e) => e.type === "agent_finished").map((e) => e.usage);
  assertEquals(usages, [
    { input_tokens: 100, output_tokens: 10, cache_read_tokens: 0, cache_write_tokens: 0 },
    { input_tokens: 50, output_tokens: 20, cache_read_tokens: 100, cache_write_tokens: 0 },
  ]);
});

Deno.test("a repeated item.completed is not a second call", () => {
  const c = cmd("item_1", "ls", { aggregated_output: "a\n", exit_code: 0, status: "completed" });
  const { events } = record([...start, item("completed", c), item("completed", c), done()]);
  assertEquals(events.filter((e) => e.type === "tool_called").length, 1);
  assertEquals(events.filter((e) => e.type === "tool_returned").length, 1);
});

Deno.test("Codex lines of unknown shapes make nothing and never throw", () => {
  const { events } = record([
    ...start,
    { type: "item.started" },
    { type: "item.completed", item: { type: "command_execution" } },
    { type: "item.completed", item: { id: "x", type: "file_change", changes: "no" } },
    { type: "turn.failed", error: "text" },
  ]);
  assertEquals(events.filter((e) => e.type === "tool_called").length, 0);
  assertEquals(events.at(-1)?.type, "phase_finished");
});
