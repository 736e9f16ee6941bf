import Ajv2020 from "ajv/dist/2020.js";
import fc from "fast-check";
import { assert, assertEquals } from "../../tests/assert.ts";
import { envelope } from "../../tests/arbitraries.ts";
import { REPO, runCli, tempProject } from "../../tests/helpers.ts";
import { ENVELOPE_SCHEMA } from "./schema.ts";
import { decodeLine, decodeValue } from "../codec/decode.ts";

// An independent reading of RFC 3339 date-time (ajv-formats is not a dependency).
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

function compile() {
  // deno-lint-ignore no-explicit-any
  const ajv = new (Ajv2020 as any)({ strict: true, allErrors: true, strictRequired: false });
  ajv.addFormat("date-time", DATE_TIME);
  return ajv.compile(ENVELOPE_SCHEMA) as ((v: unknown) => boolean) & { errors?: unknown[] };
}
const validate = compile();

/** Every log line and tagged envelope of every fixture, with where it came from. */
async function fixtureValues(): Promise<Array<{ where: string; value: unknown; text?: string }>> {
  const out: Array<{ where: string; value: unknown; text?: string }> = [];
  const walk = async (dir: string): Promise<void> => {
    for await (const e of Deno.readDir(dir)) {
      const path = `${dir}/${e.name}`;
      if (e.isDirectory) await walk(path);
      else if (e.name.endsWith(".jsonl")) {
        const lines = (await Deno.readTextFile(path)).split("\n");
        lines.forEach((text, i) => {
          try {
            out.push({ where: `${path}:${i + 1}`, value: JSON.parse(text), text });
          } catch { /* broken lines are the reader's business */ }
        });
      } else if (/^(events-global|real-events)\.json$/.test(e.name)) {
        (JSON.parse(await Deno.readTextFile(path)) as unknown[]).forEach((value, i) => {
          out.push({ where: `${path}[${i}]`, value });
        });
      }
    }
  };
  await walk(`${REPO}/fixtures`);
  return out;
}

Deno.test("every schema-2 line of every fixture is valid, raw and in the read form", async () => {
  let checked = 0;
  for (const { where, value, text } of await fixtureValues()) {
    if ((value as { schema?: unknown })?.schema !== 2) continue;
    const d = text !== undefined ? decodeLine(text) : decodeValue(structuredClone(value));
    if (!d.ok) {
      // The broken lines planted in fixtures: the schema rejects them too.
      assertEquals(validate(value), false, where);
      continue;
    }
    assert(validate(value), `${where} (raw): ${JSON.stringify(validate.errors)}`);
    assert(validate(d.env), `${where} (read form): ${JSON.stringify(validate.errors)}`);
    checked++;
  }
  assert(checked > 200, `only ${checked} schema-2 lines found`);
});

Deno.test("every generated valid envelope of the 22 types is valid", () => {
  fc.assert(
    fc.property(envelope({ unknown: true }), (env) => {
      assert(validate(env), `${JSON.stringify(env)}: ${JSON.stringify(validate.errors)}`);
    }),
    { numRuns: 1000 },
  );
});

const RUN = "5f0c1d2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f";
const GOOD = {
  schema: 2,
  seq: 1,
  at: "2026-09-27T10:00:00Z",
  event: { type: "approval_requested", run: RUN, gate: "plan" },
};

Deno.test("wrong lines are rejected", () => {
  assert(validate(GOOD));
  const tr = {
    type: "tool_returned",
    run: RUN,
    role: "coder",
    tool: "bash",
    is_error: false,
    duration_ms: 1,
    preview: "",
  };
  const wrong: Array<[string, unknown]> = [
    ["no schema", { seq: 1, at: GOOD.at, event: GOOD.event }],
    ["schema 1", { ...GOOD, schema: 1 }],
    ["schema as text", { ...GOOD, schema: "2" }],
    ["seq 0", { ...GOOD, seq: 0 }],
    ["seq not an integer", { ...GOOD, seq: 1.5 }],
    ["at not a time", { ...GOOD, at: "yesterday" }],
    ["no at", { schema: 2, seq: 1, event: GOOD.event }],
    ["no event", { schema: 2, seq: 1, at: GOOD.at }],
    ["event without type", { ...GOOD, event: { run: RUN } }],
    ["a gate that does not exist", { ...GOOD, event: { ...GOOD.event, gate: "deploy" } }],
    ["run_started without task", { ...GOOD, event: { type: "run_started", run: RUN } }],
    ["is_error as text", { ...GOOD, event: { ...tr, is_error: "yes" } }],
    ["a call id that is not 12 hex digits", { ...GOOD, event: { ...tr, call: "XYZ" } }],
    ["negative output_chars", { ...GOOD, event: { ...tr, output_chars: -1 } }],
    ["qa_report without round", {
      ...GOOD,
      event: { type: "artefact_written", run: RUN, artefact: { kind: "qa_report" } },
    }],
    ["usage with a missing count", {
      ...GOOD,
      event: {
        type: "agent_finished",
        run: RUN,
        role: "coder",
        steps: 1,
        usage: { input_tokens: 1, output_tokens: 1, cache_read_tokens: 0 },
        stop: "completed",
      },
    }],
    ["delta of an unknown kind", {
      ...GOOD,
      event: {
        type: "agent_delta",
        run: RUN,
        role: "coder",
        subtask: null,
        delta: { kind: "audio", text: "" },
      },
    }],
  ];
  for (const [why, value] of wrong) assertEquals(validate(value), false, `accepted: ${why}`);
});

Deno.test("unknown event types and fields are valid (clients ignore them)", () => {
  assert(validate({ ...GOOD, event: { type: "future_thing", run: RUN, answer: 42 } }));
  assert(validate({ ...GOOD, origin: "vendor", event: { ...GOOD.event, extra: [1] } }));
});

Deno.test("taskline schema prints the schema the library exports", async () => {
  await using project = await tempProject({ init: false });
  const r = await runCli(["schema"], { cwd: project.dir });
  assertEquals(r.code, 0);
  assertEquals(JSON.parse(r.stdout), ENVELOPE_SCHEMA);
  assertEquals(JSON.parse(r.stdout).$schema, "https://json-schema.org/draft/2020-12/schema");
});
