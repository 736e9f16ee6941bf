/**
 * Claude Code's `--output-format stream-json --verbose` (the Agent SDK's
 * `SDKMessage` lines) as a taskline run. What each line becomes is the
 * table of docs/agents.md; in short:
 *
 * - `system` `init`: the session starts (phase `agent`, `agent_started`
 *   of role `claude_code` with the init's `model`);
 * - `assistant`: `text` blocks are `agent_text`, `tool_use` blocks
 *   `tool_called`, `thinking` blocks `agent_delta` (thinking) unless the
 *   deltas were streamed; the message's `usage` counts once per message id;
 * - `user`: `tool_result` blocks are `tool_returned` (their content, a
 *   string or text blocks joined, is the complete output);
 * - `stream_event` (with `--include-partial-messages`): text and thinking
 *   deltas are `agent_delta`;
 * - `result`: the session ends (`agent_finished` with the session's usage
 *   and `total_cost_usd` as `cost_usd`, `phase_finished`); `is_error` or an
 *   `error_*` subtype fails it, its `errors` (or `result`) in the log.
 *
 * Messages with a `parent_tool_use_id` are a subagent's, started by the Task
 * (or Agent) tool call of that id: they are recorded under the subagent's
 * own role (the call's `subagent_type`), between an `agent_started` and an
 * `agent_finished` of that role; the subagent ends when that call returns.
 *
 * @example
 * ```ts
 * const a = new ClaudeCodeAdapter();
 * const out: Produced[] = [];
 * a.take({ type: "system", subtype: "init", session_id: "s", model: "claude-sonnet-4-5" }, out);
 * ```
 *
 * @module
 */
import { type AdapterOptions, type AgentAdapter, isObject, str } from "./agent_adapter.ts";
import { contentText } from "./content_text.ts";
import { type Produced, RunBuilder, type RunEnd } from "./run_builder.ts";
import { anthropicUsage, modelUsageTotal, RunningTotals } from "./usage.ts";

/** The role of Claude Code's main agent. */
export const CLAUDE_CODE_ROLE = "claude_code";
/** Tools that start a subagent (the Task tool, renamed Agent in later releases). */
const SUBAGENT_TOOLS = new Set(["Task", "Agent"]);
/** Subagent roles remembered by call id, at most. */
const ROLES_MAX = 4096;
/** Longest role name taken from a transcript, in characters. */
const ROLE_CHARS_MAX = 64;

/** Reads Claude Code's stream-json output. */
export class ClaudeCodeAdapter implements AgentAdapter {
  #b: RunBuilder;
  #model: string;
  #session: string | null = null;
  /** The subagent role each subagent-starting call asked for. */
  #roles = new Map<string, string>();
  /** Deltas were streamed in this session: thinking blocks were shown already. */
  #streamed = false;
  #totals = new RunningTotals();

  constructor(options: AdapterOptions = {}) {
    this.#b = new RunBuilder(CLAUDE_CODE_ROLE, "Claude Code's final line (its result)", options);
    this.#model = options.model ?? "";
  }

  take(v: unknown, out: Produced[]): void {
    if (!isObject(v)) return;
    switch (v.type) {
      case "system":
        if (v.subtype === "init") this.#init(v, out);
        return;
      case "assistant":
        this.#assistant(v, out);
        return;
      case "user":
        this.#user(v, out);
        return;
      case "stream_event":
        this.#stream(v, out);
        return;
      case "result":
        this.#result(v, out);
        return;
    }
  }

  finish(out: Produced[], cause: "eof" | "interrupt" | "cancel"): RunEnd {
    return this.#b.finish(out, cause);
  }

  #open(out: Produced[], model: unknown, session: unknown) {
    if (this.#b.sessionOpen) return;
    this.#streamed = false;
    this.#session = typeof session === "string" ? session : null;
    this.#b.startSession(out, str(model) || this.#model);
  }

  #init(v: Record<string, unknown>, out: Produced[]) {
    const session = typeof v.session_id === "string" ? v.session_id : null;
    if (this.#b.sessionOpen) {
      // The same session announcing itself again goes on.
      if (session === this.#session) return;
      this.#b.endSession(out, {
        success: false,
        summary: "a new session began before Claude Code's result",
        reason: "input_ended",
      });
    }
    this.#open(out, v.model, session);
  }

  /** The role of the subagent that the call `parent` started, starting it when new. */
  #subagent(out: Produced[], parent: string, v: Record<string, unknown>, model: unknown): string {
    if (!this.#b.hasSubagent(parent)) {
      let role = this.#roles.get(parent) ?? (str(v.subagent_type) || "subagent");
      role = role.slice(0, ROLE_CHARS_MAX);
      if (role === CLAUDE_CODE_ROLE) role = `${role} subagent`;
      this.#b.startSubagent(out, parent, role, str(model));
    }
    return this.#b.roleOf(parent);
  }

  #assistant(v: Record<string, unknown>, out: Produced[]) {
    const msg = v.message;
    if (!isObject(msg)) return;
    this.#open(out, msg.model, v.session_id);
    const parent = typeof v.parent_tool_use_id === "string" ? v.parent_tool_use_id : null;
    const role = parent === null ? this.#b.mainRole : this.#subagent(out, parent, v, msg.model);
    if (typeof msg.id === "string" && isObject(msg.usage)) {
      this.#b.message(parent, msg.id, anthropicUsage(msg.usage));
    }
    if (typeof v.error === "string") {
      this.#b.log(out, "warn", `Claude Code reported an error from the model's API: ${v.error}`);
    }
    if (!Array.isArray(msg.content)) return;
    for (const block of msg.content) {
      if (!isObject(block)) continue;
      const type = block.type;
      if (type === "text") {
        if (typeof block.text === "string") this.#b.text(out, role, block.text);
      } else if (type === "thinking") {
        if (!this.#streamed && typeof block.thinking === "string") {
          this.#b.delta(out, role, "thinking", block.thinking);
        }
      } else if (type === "tool_use" || type === "server_tool_use" || type === "mcp_tool_use") {
        if (typeof block.id !== "string" || typeof block.name !== "string") continue;
        if (SUBAGENT_TOOLS.has(block.name) && isObject(block.input)) {
          if (this.#roles.size >= ROLES_MAX) this.#roles.clear();
          this.#roles.set(block.id, str(block.input.subagent_type) || "subagent");
        }
        this.#b.called(out, block.id, role, block.name, block.input);
      } else if (
        typeof type === "string" && type.endsWith("_tool_result") &&
        typeof block.tool_use_id === "string"
      ) {
        // A server tool's result (web search...) comes in the assistant's own message.
        this.#returned(out, block.tool_use_id, block);
      }
    }
  }

  #user(v: Record<string, unknown>, out: Produced[]) {
    const msg = v.message;
    if (!isObject(msg) || !Array.isArray(msg.content)) return;
    for (const block of msg.content) {
      if (!isObject(block) || block.type !== "tool_result") continue;
      if (typeof block.tool_use_id !== "string") continue;
      this.#open(out, "", v.session_id);
      this.#returned(out, block.tool_use_id, block);
    }
  }

  #returned(out: Produced[], id: string, block: Record<string, unknown>) {
    const content = block.content;
    const isError = block.is_error === true ||
      (isObject(content) && typeof content.type === "string" && content.type.endsWith("_error"));
    // The subagent this call started ends before the call returns.
    this.#b.endSubagent(out, id, isError ? "failed" : "completed");
    const output = content === undefined || typeof content === "string" || Array.isArray(content)
      ? contentText(content)
      : JSON.stringify(content);
    this.#b.returned(out, id, { is_error: isError, output });
  }

  #stream(v: Record<string, unknown>, out: Produced[]) {
    const ev = v.event;
    if (!isObject(ev)) return;
    const started = ev.type === "message_start" && isObject(ev.message) ? ev.message : null;
    this.#open(out, started?.model, v.session_id);
    this.#streamed = true;
    if (ev.type !== "content_block_delta" || !isObject(ev.delta)) return;
    const parent = typeof v.parent_tool_use_id === "string" ? v.parent_tool_use_id : null;
    const role = this.#b.roleOf(parent);
    const d = ev.delta;
    if (d.type === "text_delta" && typeof d.text === "string") {
      this.#b.delta(out, role, "text", d.text);
    } else if (d.type === "thinking_delta" && typeof d.thinking === "string") {
      this.#b.delta(out, role, "thinking", d.thinking);
    }
  }

  #result(v: Record<string, unknown>, out: Produced[]) {
    this.#open(out, "", v.session_id);
    const session = str(v.session_id, this.#session ?? "");
    const subtype = str(v.subtype, "success");
    const success = v.is_error !== true && subtype === "success";
    const errors = Array.isArray(v.errors)
      ? v.errors.filter((e): e is string => typeof e === "string")
      : [];
    const resultText = str(v.result);
    const why = errors.join("; ") || resultText || "no message";
    const error = `Claude Code failed (${subtype}): ${why}`;
    // modelUsage: the session's totals so far, subagents and internal calls
    // included (the main agent gets what its subagents did not use); usage:
    // the main loop's only.
    const total = modelUsageTotal(v.modelUsage);
    const end = {
      success,
      summary: success ? resultText || "completed" : error,
      error,
      totalUsage: total ? this.#totals.added(session, total) : undefined,
      usage: total ? undefined : isObject(v.usage) ? anthropicUsage(v.usage) : undefined,
      costUsd: typeof v.total_cost_usd === "number"
        ? this.#totals.addedCost(session, v.total_cost_usd)
        : undefined,
      durationMs: typeof v.duration_ms === "number" ? v.duration_ms : undefined,
    };
    this.#b.endSession(out, end);
  }
}
