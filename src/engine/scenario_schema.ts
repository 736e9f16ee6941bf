/**
 * The JSON Schema (2020-12) of a scenario file. docs/scenario.md describes
 * the format in prose; this is the machine-checked form `taskline run
 * --scenario` validates against.
 *
 * @module
 */

const usage = {
  type: "object",
  additionalProperties: false,
  properties: {
    input_tokens: { type: "integer", minimum: 0 },
    output_tokens: { type: "integer", minimum: 0 },
    cache_read_tokens: { type: "integer", minimum: 0 },
    cache_write_tokens: { type: "integer", minimum: 0 },
  },
};

const delay = { type: "integer", minimum: 0, maximum: 3_600_000 };

const toolCall = {
  type: "object",
  additionalProperties: false,
  required: ["tool"],
  properties: {
    tool: { type: "string", minLength: 1 },
    input: {},
    output: { type: "string" },
    output_repeat: { type: "integer", minimum: 1, maximum: 100_000 },
    is_error: { type: "boolean" },
    exit_code: { type: ["integer", "null"] },
    timed_out: { type: "boolean" },
    duration_ms: delay,
  },
};

const step = {
  type: "object",
  additionalProperties: false,
  minProperties: 1,
  properties: {
    text: { type: "string" },
    thinking: { type: "string" },
    chunk_chars: { type: "integer", minimum: 1 },
    tools: { type: "array", items: { $ref: "#/$defs/tool_call" }, minItems: 1 },
    parallel: { type: "boolean" },
    retry: {
      type: "object",
      additionalProperties: false,
      required: ["what"],
      properties: {
        what: { type: "string" },
        attempts: { type: "integer", minimum: 1, maximum: 20 },
        delay_ms: delay,
      },
    },
    fail: { type: "string" },
    delay_ms: delay,
  },
};

const agent = {
  type: "object",
  additionalProperties: false,
  required: ["role"],
  properties: {
    role: { type: "string", minLength: 1 },
    model: { type: "string" },
    usage,
    steps: { type: "array", items: { $ref: "#/$defs/step" } },
  },
};

const commit = {
  type: "object",
  additionalProperties: false,
  required: ["message"],
  properties: {
    message: { type: "string", minLength: 1 },
    files: { type: "array", items: { type: "string" } },
    hash: { type: "string", pattern: "^[0-9a-f]{7,64}$" },
  },
};

const attempt = {
  type: "object",
  additionalProperties: false,
  properties: {
    agents: { type: "array", items: { $ref: "#/$defs/agent" } },
    status: { enum: ["done", "failed"] },
    commit,
    conflicts: { type: "array", items: { type: "string" } },
    delay_ms: delay,
  },
};

const subtask = {
  type: "object",
  additionalProperties: false,
  required: ["title", "attempts"],
  properties: {
    id: {
      type: "string",
      pattern: "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$",
    },
    title: { type: "string" },
    attempts: { type: "array", items: attempt, minItems: 1 },
  },
};

const validation = {
  type: "object",
  additionalProperties: false,
  required: ["command"],
  properties: {
    command: { type: "string", minLength: 1 },
    integration: { type: "boolean" },
    exit_codes: { type: "array", items: { type: "integer" }, minItems: 1 },
    fix: { $ref: "#/$defs/agent" },
  },
};

const phase = {
  type: "object",
  additionalProperties: false,
  required: ["name"],
  properties: {
    name: { type: "string", pattern: "^[a-z][a-z0-9_]*$" },
    repeat: { type: "integer", minimum: 1, maximum: 100_000 },
    checkpoint: commit,
    agents: { type: "array", items: { $ref: "#/$defs/agent" } },
    subtasks: { type: "array", items: subtask },
    validations: { type: "array", items: validation },
    artefact: {
      oneOf: [
        {
          type: "object",
          additionalProperties: false,
          required: ["kind"],
          properties: { kind: { enum: ["spec", "plan"] } },
        },
        {
          type: "object",
          additionalProperties: false,
          required: ["kind", "round"],
          properties: { kind: { const: "qa_report" }, round: { type: "integer", minimum: 1 } },
        },
      ],
    },
    merge: {
      type: "object",
      additionalProperties: false,
      properties: {
        commit: { type: "string" },
        branch: { type: "string" },
        base: { type: "string" },
      },
    },
    gate: { enum: ["spec", "plan", "merge"] },
    summary: { type: "string" },
    fail: { type: "string" },
  },
};

/** The JSON Schema of a scenario file. */
export const SCENARIO_SCHEMA: Record<string, unknown> = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: "https://taskline.dev/schema/scenario.json",
  title: "taskline scenario",
  description: "A scripted run of the taskline engine: phases, agents, tools, subtasks.",
  type: "object",
  additionalProperties: false,
  required: ["phases"],
  properties: {
    $schema: { type: "string" },
    name: { type: "string" },
    description: { type: "string" },
    tick_ms: delay,
    workspace_error: { type: "boolean" },
    lesson: { type: "string" },
    phases: { type: "array", items: phase, minItems: 1 },
  },
  $defs: { step, agent, tool_call: toolCall },
};
