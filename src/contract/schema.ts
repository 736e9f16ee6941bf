/**
 * The JSON Schema (2020-12) of a schema-2 envelope, as written by any
 * release from 0.4 on: fields added in 0.5 are optional, unknown event types
 * and unknown fields are allowed (clients must ignore them).
 *
 * @module
 */
import { EVENT_TYPES } from "./events.ts";
import { EVENT_FIELDS } from "./fields.ts";

function eventSchema(type: string): Record<string, unknown> {
  const fields = EVENT_FIELDS[type as keyof typeof EVENT_FIELDS];
  const properties: Record<string, unknown> = { type: { const: type } };
  const required = ["type"];
  for (const [name, spec] of Object.entries(fields)) {
    properties[name] = spec.schema;
    if (!spec.optional && spec.default0_5 === undefined) required.push(name);
  }
  return { type: "object", required, properties };
}

/**
 * The envelope schema. `taskline schema` prints it.
 *
 * @example
 * ```ts
 * import { ENVELOPE_SCHEMA } from "./mod.ts";
 * console.log(ENVELOPE_SCHEMA.$id);
 * ```
 */
export const ENVELOPE_SCHEMA: Record<string, unknown> = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: "https://taskline.dev/schema/envelope-2.json",
  title: "taskline event envelope, schema 2",
  description:
    "One line of .taskline/tasks/<task dir>/events.jsonl and of `taskline events --json`. " +
    "Fields added in 0.5 are optional when reading; unknown event types and fields are ignored.",
  type: "object",
  required: ["schema", "at", "event"],
  properties: {
    schema: { const: 2, description: "Event format version." },
    seq: {
      type: "integer",
      minimum: 1,
      description: "Position in the run; absent for ephemeral and run-less events.",
    },
    at: { type: "string", format: "date-time", description: "Publication time (RFC 3339)." },
    event: { $ref: "#/$defs/event" },
  },
  $defs: {
    event: {
      type: "object",
      required: ["type"],
      properties: { type: { type: "string", minLength: 1 } },
      allOf: EVENT_TYPES.map((type) => ({
        if: { properties: { type: { const: type } }, required: ["type"] },
        then: { $ref: `#/$defs/${type}` },
      })),
    },
    ...Object.fromEntries(EVENT_TYPES.map((t) => [t, eventSchema(t)])),
  },
};
