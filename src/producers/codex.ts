/**
 * OpenAI Codex's `codex exec --json` (the `ThreadEvent` lines) as a taskline
 * run. What each line becomes is the table of docs/agents.md; in short:
 *
 * - `thread.started`: the session starts (phase `agent`, `agent_started` of
 *   role `codex`; Codex names no model: `--model` does);
 * - `item.started` / `item.updated` / `item.completed` of a tool item
 *   (`command_execution`, `file_change`, `mcp_tool_call`, `web_search`,
 *   `collab_tool_call`): `tool_called` when first seen, `tool_returned` when
 *   completed, paired by the item's `id` (a file change is one call per
 *   path, `write_file` for an added file, `edit_file` otherwise);
 * - `agent_message` and `plan` items: `agent_text`; `reasoning`:
 *   `agent_delta` (thinking); `item.plan.delta`: `agent_delta` (text);
 *   an `error` item and an `error` line: a `log` warning;
 * - `turn.completed`: the session ends with its usage (Codex reports the
 *   thread's running total: what this turn added is recorded);
 *   `turn.failed`: it ends failed, its error in the log.
 *
 * @example
 * ```ts
 * const a = new CodexAdapter({ model: "gpt-5-codex" });
 * const out: Produced[] = [];
 * a.take({ type: "thread.started", thread_id: "t" }, out);
 * ```
 *
 * @module
 */
import { type AdapterOptions, type AgentAdapter, isObject, str } from "./agent_adapter.ts";
import { contentText } from "./content_text.ts";
import { type Produced, RunBuilder, type RunEnd } from "./run_builder.ts";
import { openaiUsage, RunningTotals } from "./usage.ts";

/** The role of Codex's main agent. */
export const CODEX_ROLE = "codex";
/** Items completed, remembered so that a repeated `item.completed` is not a new call. */
const DONE_MAX = 65_536;

/** Reads Codex's `exec --json` output. */
export class CodexAdapter implements AgentAdapter {
  #b: RunBuilder;
  #model: string;
  #thread = "";
  #lastText = "";
  #lastError: string | null = null;
  #done = new Set<string>();
  #totals = new RunningTotals();

  constructor(options: AdapterOptions = {}) {
    this.#b = new RunBuilder(CODEX_ROLE, "Codex's final line (turn.completed)", options);
    this.#model = options.model ?? "";
  }

  take(v: unknown, out: Produced[]): void {
    if (!isObject(v)) return;
    switch (v.type) {
      case "thread.started":
        if (this.#b.sessionOpen) {
          this.#b.endSession(out, {
            success: false,
            summary: "a new thread began before Codex's turn.completed",
            reason: "input_ended",
            steps: 1,
          });
        }
        this.#thread = str(v.thread_id);
        this.#open(out);
        return;
      case "turn.started":
        this.#open(out);
        return;
      case "item.started":
      case "item.updated":
      case "item.completed":
        if (!isObject(v.item)) return;
        this.#open(out);
        this.#item(v.item, v.type === "item.completed", out);
        return;
      case "item.plan.delta":
        this.#open(out);
        if (typeof v.delta === "string") this.#b.delta(out, CODEX_ROLE, "text", v.delta);
        return;
      case "error":
        this.#open(out);
        this.#lastError = str(v.message, "error");
        this.#b.log(out, "warn", `Codex reported an error: ${this.#lastError}`);
        return;
      case "turn.completed":
        this.#open(out);
        this.#b.endSession(out, {
          success: true,
          summary: this.#lastText || "turn completed",
          usage: this.#totals.added(this.#thread, openaiUsage(v.usage)),
          steps: 1,
        });
        return;
      case "turn.failed": {
        this.#open(out);
        const why = isObject(v.error) ? str(v.error.message) : "";
        const message = `Codex turn failed: ${why || this.#lastError || "no message"}`;
        this.#b.endSession(out, { success: false, summary: message, error: message, steps: 1 });
        return;
      }
    }
  }

  finish(out: Produced[], cause: "eof" | "interrupt" | "cancel"): RunEnd {
    if (cause === "eof" && this.#b.sessionOpen && this.#lastError !== null) {
      // The input ended after an error line and before the turn's end: that error ended it.
      const message = `Codex turn failed: ${this.#lastError}`;
      this.#b.endSession(out, {
        success: false,
        summary: message,
        error: `${message} (standard input closed before ${this.#b.finalLine})`,
        steps: 1,
      });
    }
    return this.#b.finish(out, cause);
  }

  #open(out: Produced[]) {
    if (this.#b.sessionOpen) return;
    this.#lastText = "";
    this.#lastError = null;
    this.#done.clear();
    this.#b.startSession(out, this.#model);
  }

  #item(item: Record<string, unknown>, completed: boolean, out: Produced[]) {
    const id = item.id;
    if (typeof id !== "string") return;
    const role = CODEX_ROLE;
    switch (item.type) {
      case "agent_message":
      case "plan":
        if (completed && typeof item.text === "string") {
          this.#b.text(out, role, item.text);
          if (item.type === "agent_message") this.#lastText = item.text;
        }
        return;
      case "reasoning":
        if (completed && typeof item.text === "string") {
          this.#b.delta(out, role, "thinking", item.text);
        }
        return;
      case "error":
        if (completed) {
          this.#b.log(out, "warn", `Codex reported an error: ${str(item.message, "error")}`);
        }
        return;
      case "command_execution": {
        this.#call(out, id, "shell", { command: item.command ?? null });
        if (!completed) return;
        const exit = typeof item.exit_code === "number" && Number.isInteger(item.exit_code)
          ? item.exit_code
          : null;
        const status = str(item.status);
        let output = str(item.aggregated_output);
        if (output === "" && status === "declined") output = "declined";
        this.#returned(out, id, {
          is_error: status === "failed" || status === "declined" || (exit !== null && exit !== 0),
          output,
          exit_code: exit,
        });
        return;
      }
      case "file_change": {
        if (!Array.isArray(item.changes)) return;
        for (const change of item.changes) {
          if (!isObject(change) || typeof change.path !== "string") continue;
          const key = `${id}\u0000${change.path}`;
          const kind = str(change.kind, "update");
          this.#call(out, key, kind === "add" ? "write_file" : "edit_file", {
            path: change.path,
            kind,
          });
          if (!completed) continue;
          this.#returned(out, key, {
            is_error: item.status === "failed",
            output: typeof change.diff === "string" ? change.diff : `${kind} ${change.path}`,
          });
        }
        return;
      }
      case "mcp_tool_call": {
        this.#call(out, id, `mcp__${str(item.server)}__${str(item.tool)}`, item.arguments ?? null);
        if (!completed) return;
        const error = isObject(item.error) ? str(item.error.message, "error") : null;
        const result = isObject(item.result) ? item.result : null;
        let output = error ?? (result ? contentText(result.content) : "");
        if (output === "" && result && result.structured_content != null) {
          output = JSON.stringify(result.structured_content);
        }
        this.#returned(out, id, { is_error: error !== null || item.status === "failed", output });
        return;
      }
      case "web_search": {
        const input: Record<string, unknown> = { query: item.query ?? null };
        if (item.action !== undefined) input.action = item.action;
        this.#call(out, id, "web_search", input);
        if (completed) this.#returned(out, id, { is_error: false, output: str(item.query) });
        return;
      }
      case "collab_tool_call": {
        this.#call(out, id, str(item.tool, "collab_tool_call"), {
          receiver_thread_ids: item.receiver_thread_ids ?? null,
          prompt: item.prompt ?? null,
        });
        if (!completed) return;
        this.#returned(out, id, {
          is_error: item.status === "failed",
          output: JSON.stringify(item.agents_states ?? {}, null, 2),
        });
        return;
      }
    }
  }

  #call(out: Produced[], key: string, tool: string, input: unknown) {
    if (this.#done.has(key) || this.#b.isOpen(key)) return;
    this.#b.called(out, key, CODEX_ROLE, tool, input);
  }

  #returned(
    out: Produced[],
    key: string,
    r: { is_error: boolean; output: string; exit_code?: number | null },
  ) {
    if (this.#done.has(key)) return;
    if (this.#done.size >= DONE_MAX) this.#done.clear();
    this.#done.add(key);
    this.#b.returned(out, key, r);
  }
}
