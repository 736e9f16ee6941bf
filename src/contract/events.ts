/**
 * The 22 event types of the event contract, with their fields exactly as the
 * contract lists them. Fields added in 0.5 are required here: the codec fills
 * their defaults when it reads an older log, so every reader sees them.
 *
 * @module
 */

/** A run, task or subtask identifier (UUID). */
export type Uuid = string;

/** A tool call id: 12 lowercase hexadecimal digits, random per call. */
export type CallId = string;

/** The call id that pre-0.5 logs read as: such calls pair by order and tool. */
export const LEGACY_CALL_ID: CallId = "000000000000";

/** Token usage of an agent session or a run. */
export interface Usage {
  input_tokens: number;
  output_tokens: number;
  cache_read_tokens: number;
  cache_write_tokens: number;
}

/** Usage with every count zero: the default of runs recorded before 0.5. */
export function zeroUsage(): Usage {
  return { input_tokens: 0, output_tokens: 0, cache_read_tokens: 0, cache_write_tokens: 0 };
}

/** Text arriving while an agent step streams. */
export interface Delta {
  kind: "text" | "thinking";
  text: string;
}

/** A document the pipeline wrote. */
export type Artefact =
  | { kind: "spec" }
  | { kind: "plan" }
  | { kind: "qa_report"; round: number };

/** Points where a run may wait for a human. */
export type Gate = "spec" | "plan" | "merge";

/** The gates, in the order a run reaches them. */
export const GATES: readonly Gate[] = ["spec", "plan", "merge"];

export interface RunStarted {
  type: "run_started";
  run: Uuid;
  task: Uuid;
}
export interface PhaseStarted {
  type: "phase_started";
  run: Uuid;
  phase: string;
}
export interface PhaseFinished {
  type: "phase_finished";
  run: Uuid;
  phase: string;
  success: boolean;
  summary: string;
}
export interface AgentStarted {
  type: "agent_started";
  run: Uuid;
  role: string;
  subtask: Uuid | null;
  /** The provider's model id; empty in logs recorded before 0.5. */
  model: string;
}
export interface AgentDelta {
  type: "agent_delta";
  run: Uuid;
  role: string;
  subtask: Uuid | null;
  delta: Delta;
}
export interface AgentText {
  type: "agent_text";
  run: Uuid;
  role: string;
  text: string;
}
export interface ToolCalled {
  type: "tool_called";
  run: Uuid;
  role: string;
  tool: string;
  /** The complete arguments of the call. */
  input: unknown;
  call: CallId;
  subtask: Uuid | null;
}
export interface ToolReturned {
  type: "tool_returned";
  run: Uuid;
  role: string;
  tool: string;
  is_error: boolean;
  duration_ms: number;
  /** The first 200 characters of the output. */
  preview: string;
  call: CallId;
  subtask: Uuid | null;
  exit_code: number | null;
  timed_out: boolean;
  /** Length of the complete output before any truncation. */
  output_chars: number;
  /** Path of the complete output relative to the project root, or null. */
  output_file: string | null;
}
export interface AgentFinished {
  type: "agent_finished";
  run: Uuid;
  role: string;
  steps: number;
  usage: Usage;
  stop: string;
  /**
   * Optional (added after 0.5): the cost of the session as the agent reported it,
   * in US dollars; it covers the subagent sessions this one started.
   */
  cost_usd?: number;
}
export interface SubtaskUpdated {
  type: "subtask_updated";
  run: Uuid;
  subtask: Uuid;
  status: string;
}
export interface SubtaskIntegrated {
  type: "subtask_integrated";
  run: Uuid;
  subtask: Uuid;
  commit: string;
  conflicts: string[];
}
export interface Committed {
  type: "committed";
  run: Uuid;
  subtask: Uuid | null;
  commit: string;
  message: string;
  files: string[];
}
export interface Merged {
  type: "merged";
  run: Uuid;
  commit: string;
  branch: string;
  base: string;
}
export interface ValidationFinished {
  type: "validation_finished";
  run: Uuid;
  command: string;
  integration: boolean;
  passed: boolean;
  exit_code: number | null;
}
export interface BudgetUpdated {
  type: "budget_updated";
  run: Uuid;
  tokens: number;
  token_limit: number | null;
  active_ms: number;
  duration_limit_ms: number | null;
}
export interface ArtefactWritten {
  type: "artefact_written";
  run: Uuid;
  artefact: Artefact;
}
export interface ApprovalRequested {
  type: "approval_requested";
  run: Uuid;
  gate: Gate;
}
export interface ApprovalResolved {
  type: "approval_resolved";
  run: Uuid;
  gate: Gate;
  approved: boolean;
  comment: string | null;
}
export interface Retrying {
  type: "retrying";
  run: Uuid;
  what: string;
  attempt: number;
  delay_ms: number;
}
export interface Paused {
  type: "paused";
  run: Uuid;
  reason: string;
}
export interface RunFinished {
  type: "run_finished";
  run: Uuid;
  success: boolean;
  status: string;
  /** Totals of the whole run, resumes included. */
  usage: Usage;
  active_ms: number;
  started_at: string;
}
export interface Log {
  type: "log";
  run?: Uuid | null;
  level: string;
  message: string;
}

/** Every event the contract names. */
export type KnownEvent =
  | RunStarted
  | PhaseStarted
  | PhaseFinished
  | AgentStarted
  | AgentDelta
  | AgentText
  | ToolCalled
  | ToolReturned
  | AgentFinished
  | SubtaskUpdated
  | SubtaskIntegrated
  | Committed
  | Merged
  | ValidationFinished
  | BudgetUpdated
  | ArtefactWritten
  | ApprovalRequested
  | ApprovalResolved
  | Retrying
  | Paused
  | RunFinished
  | Log;

/** The tag of a known event. */
export type EventType = KnownEvent["type"];

/**
 * An event as read: a known event, or any object with a `type` that this
 * release does not know (clients must ignore those, so readers keep them).
 */
export type AnyEvent = KnownEvent | UnknownEvent;

/** An event of a type this release does not know, kept as it was read. */
export interface UnknownEvent {
  type: string;
  run?: Uuid | null;
  [field: string]: unknown;
}

/** The 22 event types, in the contract's order. */
export const EVENT_TYPES: readonly EventType[] = [
  "run_started",
  "phase_started",
  "phase_finished",
  "agent_started",
  "agent_delta",
  "agent_text",
  "tool_called",
  "tool_returned",
  "agent_finished",
  "subtask_updated",
  "subtask_integrated",
  "committed",
  "merged",
  "validation_finished",
  "budget_updated",
  "artefact_written",
  "approval_requested",
  "approval_resolved",
  "retrying",
  "paused",
  "run_finished",
  "log",
];

const KNOWN = new Set<string>(EVENT_TYPES);

/**
 * Types other commands add to a run between its segments (`approve`,
 * `reject`, `cancel`): a line of these after a `run_finished` does not mean
 * the run goes on.
 */
export const BETWEEN_SEGMENTS: ReadonlySet<string> = new Set(["approval_resolved", "log"]);

/** Whether `type` is one of the 22 event types of the contract. */
export function isEventType(type: string): type is EventType {
  return KNOWN.has(type);
}

/** Ephemeral events are delivered live only: never logged, never given a seq. */
export function isEphemeral(type: string): boolean {
  return type === "agent_delta";
}

/** Narrows an event read from a log to a known type. */
export function isEvent<T extends EventType>(
  event: AnyEvent,
  type: T,
): event is Extract<KnownEvent, { type: T }> {
  return event.type === type;
}

/** The run an event belongs to, or null for run-less events. */
export function runOf(event: { readonly type: string }): Uuid | null {
  const run = (event as { run?: unknown }).run;
  return typeof run === "string" ? run : null;
}
