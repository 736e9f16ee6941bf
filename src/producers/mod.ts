/**
 * Producers of runs from agents' own output: the format adapters of
 * `taskline record --from claude-code|codex`. Each reads one agent's JSON
 * lines and makes the bare events of the contract that `taskline record`
 * writes through the run recorder (docs/agents.md).
 *
 * @example
 * ```ts
 * const adapter = agentAdapter("codex", { model: "gpt-5-codex" });
 * const out: Produced[] = [];
 * adapter.take(JSON.parse(line), out);
 * const end = adapter.finish(out, "eof");
 * ```
 *
 * @module
 */
import type { AdapterOptions, AgentAdapter, AgentFormat } from "./agent_adapter.ts";
import { ClaudeCodeAdapter } from "./claude_code.ts";
import { CodexAdapter } from "./codex.ts";

export { type AgentFormat, RECORD_FORMATS, type RecordFormat } from "./agent_adapter.ts";
export type { AdapterOptions, AgentAdapter } from "./agent_adapter.ts";
export type { Produced, ProducedEvent, RunEnd } from "./run_builder.ts";
export { ClaudeCodeAdapter } from "./claude_code.ts";
export { CodexAdapter } from "./codex.ts";

/** The adapter of `format`. */
export function agentAdapter(format: AgentFormat, options: AdapterOptions = {}): AgentAdapter {
  return format === "claude-code" ? new ClaudeCodeAdapter(options) : new CodexAdapter(options);
}
