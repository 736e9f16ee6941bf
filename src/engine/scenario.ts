/**
 * Scenario files: what the scripted engine does in a run, as JSONC. The
 * format is described in docs/scenario.md and checked against
 * {@link SCENARIO_SCHEMA}.
 *
 * @module
 */
import { parseJsonc } from "../codec/jsonc.ts";
import type { Artefact, Gate, Usage } from "../contract/events.ts";
import { TasklineError } from "../errors.ts";
import { SCENARIO_SCHEMA } from "./scenario_schema.ts";

/** One tool call of a step. */
export interface ToolCallSpec {
  tool: string;
  /** The complete arguments. Default `{}`. */
  input?: unknown;
  /** The complete output. Default empty. */
  output?: string;
  /** The output is `output` repeated this many times (large outputs). Default 1. */
  output_repeat?: number;
  /** Default false, or true when `exit_code` is non-zero. */
  is_error?: boolean;
  /** For tools that run a command (bash). Default null. */
  exit_code?: number | null;
  /** Default false. */
  timed_out?: boolean;
  /** How long the call takes (before `--speed`). Default 2 ticks. */
  duration_ms?: number;
}

/** One step of an agent session: a text, tool calls, a retry, a failure or a pause. */
export interface StepSpec {
  /** Streamed as `agent_delta` chunks, then published as `agent_text`. */
  text?: string;
  /** Streamed as thinking deltas before the text. */
  thinking?: string;
  /** Characters per delta. Default 12. */
  chunk_chars?: number;
  tools?: ToolCallSpec[];
  /** The tool calls run at once and return in order of duration. Default false. */
  parallel?: boolean;
  retry?: { what: string; attempts?: number; delay_ms?: number };
  /** The run fails with this message. */
  fail?: string;
  /** Waits this long before the step. Default one tick. */
  delay_ms?: number;
}

/** An agent session. */
export interface AgentSpec {
  role: string;
  /** The provider's model id. Default `claude-sonnet-4-5`. */
  model?: string;
  /** Tokens of the whole session (spread over its steps for budgets). Default zeros. */
  usage?: Partial<Usage>;
  steps?: StepSpec[];
}

/** A commit the pipeline makes. */
export interface CommitSpec {
  message: string;
  files?: string[];
  /** Default: a hash derived from the message and the run. */
  hash?: string;
}

/** One attempt at a subtask. */
export interface AttemptSpec {
  agents?: AgentSpec[];
  /** Default `done`. */
  status?: "done" | "failed";
  commit?: CommitSpec;
  /** Paths that conflicted when integrating; non-empty means the attempt conflicted. */
  conflicts?: string[];
  /** Wait before a retry of a failed attempt. Default 4 ticks. */
  delay_ms?: number;
}

/** A subtask of the build. */
export interface SubtaskSpec {
  /** Default: a fresh UUID per run. */
  id?: string;
  title: string;
  attempts: AttemptSpec[];
}

/** A required validation command. */
export interface ValidationSpec {
  command: string;
  /** Default false. */
  integration?: boolean;
  /** Exit code of each try, 0 passing; a failed try is fixed automatically while fixes are left. Default `[0]`. */
  exit_codes?: number[];
  /** The fixer session after a failed try. Default: a short `fixer` session. */
  fix?: AgentSpec;
}

/** A phase of the pipeline. */
export interface PhaseSpec {
  /** Snake case, for example `spec`, `plan`, `build`, `validate`, `qa`, `merge`. */
  name: string;
  /** The phase body runs this many times (long demo runs). Default 1. */
  repeat?: number;
  /** A checkpoint commit before the phase's work (subtask null). */
  checkpoint?: CommitSpec;
  agents?: AgentSpec[];
  subtasks?: SubtaskSpec[];
  validations?: ValidationSpec[];
  artefact?: Artefact;
  merge?: { commit?: string; branch?: string; base?: string };
  /** After the phase, wait for a human when `pipeline.approvals` lists this gate. */
  gate?: Gate;
  /** Default: a sentence built from what the phase did. */
  summary?: string;
  /** The phase fails with this message (the run fails). */
  fail?: string;
}

/** A scenario. */
export interface Scenario {
  name?: string;
  description?: string;
  /** The unit of default delays, in milliseconds before `--speed`. Default 100. */
  tick_ms?: number;
  /** Simulates a workspace that cannot be opened: the run ends at once, task status unchanged. */
  workspace_error?: boolean;
  /** The lesson kept in project memory when the task is done. */
  lesson?: string;
  phases: PhaseSpec[];
}

let validator: ((v: unknown) => boolean) & { errors?: unknown } | null = null;

async function validate(value: unknown): Promise<string[]> {
  if (!validator) {
    // Loaded at the first check: the program's other commands do not load ajv.
    const { Ajv2020 } = await import("ajv/dist/2020.js");
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    validator = ajv.compile(SCENARIO_SCHEMA);
  }
  if (validator(value)) return [];
  const errors = (validator.errors ?? []) as Array<
    { instancePath: string; message?: string; params?: Record<string, unknown> }
  >;
  return errors.slice(0, 5).map((e) => {
    const extra = e.params?.additionalProperty ? ` (${e.params.additionalProperty})` : "";
    return `${e.instancePath || "/"} ${e.message ?? "is invalid"}${extra}`;
  });
}

/**
 * Reads a scenario from JSONC text and checks it against the schema.
 *
 * @throws TasklineError `usage` naming the source and the first problems.
 *
 * @example
 * ```ts
 * const s = await parseScenario('{"phases": [{"name": "build"}]}', "inline");
 * ```
 */
export async function parseScenario(text: string, source: string): Promise<Scenario> {
  const r = parseJsonc(text);
  if (!r.ok) {
    throw new TasklineError(
      "usage",
      `Cannot read scenario ${source}: ${r.message}${r.line > 0 ? ` at line ${r.line}` : ""}`,
    );
  }
  return await checkScenario(r.value, source);
}

/** Checks a parsed value against the scenario schema. */
export async function checkScenario(value: unknown, source: string): Promise<Scenario> {
  const problems = await validate(value);
  if (problems.length > 0) {
    throw new TasklineError(
      "usage",
      `Cannot use scenario ${source}: ${problems.join("; ")} (see docs/scenario.md)`,
    );
  }
  return value as Scenario;
}
