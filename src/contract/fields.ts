/**
 * The fields each event type carries, as data: the JSON Schema and the
 * upgraders are both built from this one table.
 *
 * @module
 */
import type { EventType } from "./events.ts";

/** JSON Schema fragments of the contract's shared shapes. */
const uuid = { type: "string", minLength: 1 };
const nullableUuid = { type: ["string", "null"] };
const str = { type: "string" };
const bool = { type: "boolean" };
const num = { type: "number" };
const int = { type: "integer" };
const nullableNum = { type: ["number", "null"] };
const nullableInt = { type: ["integer", "null"] };
const call = { type: "string", pattern: "^[0-9a-f]{12}$" };
const gate = { enum: ["spec", "plan", "merge"] };
const usage = {
  type: "object",
  required: ["input_tokens", "output_tokens", "cache_read_tokens", "cache_write_tokens"],
  properties: {
    input_tokens: { type: "integer", minimum: 0 },
    output_tokens: { type: "integer", minimum: 0 },
    cache_read_tokens: { type: "integer", minimum: 0 },
    cache_write_tokens: { type: "integer", minimum: 0 },
  },
};
const delta = {
  type: "object",
  required: ["kind", "text"],
  properties: { kind: { enum: ["text", "thinking"] }, text: str },
};
const artefact = {
  type: "object",
  required: ["kind"],
  properties: { kind: { enum: ["spec", "plan", "qa_report"] }, round: int },
  if: { properties: { kind: { const: "qa_report" } } },
  then: { required: ["kind", "round"] },
};
const timestamp = { type: "string", format: "date-time" };
/** Added after 0.5, optional: adding an optional field is not a breaking change (schema stays 2). */
const costUsd = {
  type: "number",
  minimum: 0,
  description:
    "Optional (added after 0.5). The cost of the session as the agent itself reported it, in US " +
    "dollars (Claude Code's total_cost_usd); it covers the subagent sessions this one started. " +
    "Absent when the agent reports none.",
};

/** One field of an event: its schema, and its default when it was added in 0.5. */
export interface FieldSpec {
  schema: Record<string, unknown>;
  /** Present when the field was added in 0.5: the value older logs read as. */
  default0_5?: () => unknown;
  /** Optional in the contract itself (not only in older logs). */
  optional?: boolean;
}

const added = (schema: Record<string, unknown>, d: () => unknown): FieldSpec => ({
  schema,
  default0_5: d,
});
const f = (schema: Record<string, unknown>): FieldSpec => ({ schema });

/** Every event type's fields, in the contract's order. */
export const EVENT_FIELDS: Record<EventType, Record<string, FieldSpec>> = {
  run_started: { run: f(uuid), task: f(uuid) },
  phase_started: { run: f(uuid), phase: f(str) },
  phase_finished: { run: f(uuid), phase: f(str), success: f(bool), summary: f(str) },
  agent_started: {
    run: f(uuid),
    role: f(str),
    subtask: f(nullableUuid),
    model: added(str, () => ""),
  },
  agent_delta: { run: f(uuid), role: f(str), subtask: f(nullableUuid), delta: f(delta) },
  agent_text: { run: f(uuid), role: f(str), text: f(str) },
  tool_called: {
    run: f(uuid),
    role: f(str),
    tool: f(str),
    input: f({}),
    call: added(call, () => "000000000000"),
    subtask: added(nullableUuid, () => null),
  },
  tool_returned: {
    run: f(uuid),
    role: f(str),
    tool: f(str),
    is_error: f(bool),
    duration_ms: f(num),
    preview: f(str),
    call: added(call, () => "000000000000"),
    subtask: added(nullableUuid, () => null),
    exit_code: added(nullableInt, () => null),
    timed_out: added(bool, () => false),
    output_chars: added({ type: "integer", minimum: 0 }, () => 0),
    output_file: added({ type: ["string", "null"] }, () => null),
  },
  agent_finished: {
    run: f(uuid),
    role: f(str),
    steps: f(num),
    usage: f(usage),
    stop: f(str),
    cost_usd: { schema: costUsd, optional: true },
  },
  subtask_updated: { run: f(uuid), subtask: f(uuid), status: f(str) },
  subtask_integrated: {
    run: f(uuid),
    subtask: f(uuid),
    commit: f(str),
    conflicts: f({ type: "array", items: str }),
  },
  committed: {
    run: f(uuid),
    subtask: f(nullableUuid),
    commit: f(str),
    message: f(str),
    files: f({ type: "array", items: str }),
  },
  merged: { run: f(uuid), commit: f(str), branch: f(str), base: f(str) },
  validation_finished: {
    run: f(uuid),
    command: f(str),
    integration: f(bool),
    passed: f(bool),
    exit_code: f(nullableInt),
  },
  budget_updated: {
    run: f(uuid),
    tokens: f(num),
    token_limit: f(nullableNum),
    active_ms: f(num),
    duration_limit_ms: f(nullableNum),
  },
  artefact_written: { run: f(uuid), artefact: f(artefact) },
  approval_requested: { run: f(uuid), gate: f(gate) },
  approval_resolved: {
    run: f(uuid),
    gate: f(gate),
    approved: f(bool),
    comment: f({ type: ["string", "null"] }),
  },
  retrying: { run: f(uuid), what: f(str), attempt: f(num), delay_ms: f(num) },
  paused: { run: f(uuid), reason: f(str) },
  run_finished: {
    run: f(uuid),
    success: f(bool),
    status: f(str),
    usage: added(usage, () => ({
      input_tokens: 0,
      output_tokens: 0,
      cache_read_tokens: 0,
      cache_write_tokens: 0,
    })),
    active_ms: added(num, () => 0),
    started_at: added(timestamp, () => "1970-01-01T00:00:00Z"),
  },
  log: {
    run: { schema: nullableUuid, optional: true },
    level: f(str),
    message: f(str),
  },
};

/** Per type, the 0.5 fields and their defaults, for the upgrader's hot path. */
export const DEFAULTS_0_5: ReadonlyMap<string, ReadonlyArray<[string, () => unknown]>> = new Map(
  Object.entries(EVENT_FIELDS).map(([type, fields]) => [
    type,
    Object.entries(fields)
      .filter(([, spec]) => spec.default0_5 !== undefined)
      .map(([name, spec]) => [name, spec.default0_5!] as [string, () => unknown]),
  ]),
);
