/**
 * `taskline schema`: prints the JSON Schema of a schema-2 envelope.
 *
 * @module
 */
import { ENVELOPE_SCHEMA } from "../contract/schema.ts";
import type { CommandSpec } from "./args.ts";
import type { Context } from "./context.ts";

/** `taskline schema`, declared: it takes no flags (and reads no arguments). */
export const SCHEMA_SPEC: CommandSpec = {
  name: "schema",
  usage: [""],
  about: "Prints the JSON Schema (2020-12) of one line of events.jsonl (schema 2).",
  flags: {},
};

export async function schemaCommand(ctx: Context, _args: string[]): Promise<number> {
  await ctx.io.stdout.write(JSON.stringify(ENVELOPE_SCHEMA, null, 2) + "\n");
  return 0;
}
