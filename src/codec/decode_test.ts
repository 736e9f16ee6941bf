import fc from "fast-check";
import { assert, assertEquals } from "../../tests/assert.ts";
import { envelope } from "../../tests/arbitraries.ts";
import { decodeLine, decodeValue } from "./decode.ts";
import { encodeEnvelope } from "./encode.ts";
import { EVENT_TYPES } from "../contract/events.ts";

const RUN = "5f0c1d2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f";

/** The spec's table "Logs recorded before 0.5", written out here on purpose. */
const SPEC_DEFAULTS: Array<[type: string, field: string, value: unknown]> = [
  ["tool_called", "call", "000000000000"],
  ["tool_returned", "call", "000000000000"],
  ["tool_called", "subtask", null],
  ["tool_returned", "subtask", null],
  ["tool_returned", "exit_code", null],
  ["tool_returned", "output_file", null],
  ["tool_returned", "timed_out", false],
  ["tool_returned", "output_chars", 0],
  ["agent_started", "model", ""],
  ["run_finished", "usage", {
    input_tokens: 0,
    output_tokens: 0,
    cache_read_tokens: 0,
    cache_write_tokens: 0,
  }],
  ["run_finished", "active_ms", 0],
  ["run_finished", "started_at", "1970-01-01T00:00:00Z"],
];

/** Pre-0.5 events as 0.4 wrote them (none of the 0.5 fields). */
const OLD_EVENTS: Record<string, Record<string, unknown>> = {
  tool_called: { type: "tool_called", run: RUN, role: "coder", tool: "bash", input: { c: 1 } },
  tool_returned: {
    type: "tool_returned",
    run: RUN,
    role: "coder",
    tool: "bash",
    is_error: false,
    duration_ms: 5,
    preview: "ok",
  },
  agent_started: { type: "agent_started", run: RUN, role: "coder", subtask: null },
  run_finished: { type: "run_finished", run: RUN, success: true, status: "done" },
};

function line(schema: number | undefined, event: Record<string, unknown>): string {
  const o: Record<string, unknown> = {};
  if (schema !== undefined) o.schema = schema;
  o.seq = 3;
  o.at = "2026-09-27T19:06:24.439595Z";
  o.event = event;
  return JSON.stringify(o);
}

Deno.test("schema 1 and 2 lines get every 0.5 default of the spec's table", () => {
  for (const schema of [undefined, 2]) {
    for (const [type, field, value] of SPEC_DEFAULTS) {
      const d = decodeLine(line(schema, OLD_EVENTS[type]));
      assert(d.ok, `${type} decodes`);
      assertEquals(d.env.schema, schema ?? 1);
      assertEquals(d.upgraded, true);
      assertEquals(
        (d.env.event as Record<string, unknown>)[field],
        value,
        `${type}.${field} of schema ${schema ?? "(none)"}`,
      );
    }
  }
});

Deno.test("fields that are present are never replaced by defaults", () => {
  const ev = {
    ...OLD_EVENTS.tool_returned,
    call: "a1b2c3d4e5f6",
    subtask: "s",
    exit_code: 101,
    timed_out: true,
    output_chars: 9,
    output_file: ".taskline/x",
  };
  const d = decodeLine(line(2, ev));
  assert(d.ok);
  assertEquals(d.env.event as unknown, ev);
  assertEquals(d.upgraded, false);
});

Deno.test("a schema 3 line passes through untouched: no defaults", () => {
  for (const ev of Object.values(OLD_EVENTS)) {
    const text = line(3, ev);
    const d = decodeLine(text);
    assert(d.ok);
    assertEquals(d.env.schema, 3);
    assertEquals(d.env.event as unknown, ev);
    assertEquals(d.upgraded, false);
    assertEquals(encodeEnvelope(d.env), text);
  }
});

Deno.test("a line without schema reads as schema 1", () => {
  const d = decodeLine(
    '{"at":"2026-01-02T03:04:05Z","event":{"type":"paused","run":"r","reason":"x"}}',
  );
  assert(d.ok);
  assertEquals(d.env.schema, 1);
  assertEquals(d.env.seq, undefined);
  assertEquals(Object.keys(d.env), ["schema", "at", "event"]);
});

Deno.test("unknown event types and unknown fields are kept as they are", () => {
  const text =
    '{"schema":2,"seq":7,"at":"2026-09-27T10:00:25Z","event":{"type":"future_thing","run":"r","answer":{"deep":[1,2]}},"origin":"vendor"}';
  const d = decodeLine(text);
  assert(d.ok);
  assertEquals(d.env.event, { type: "future_thing", run: "r", answer: { deep: [1, 2] } });
  assertEquals(d.env.origin, "vendor");
  assertEquals(encodeEnvelope(d.env), text);
  const known = decodeLine(line(2, { ...OLD_EVENTS.agent_started, model: "m", mood: "happy" }));
  assert(known.ok);
  assertEquals((known.env.event as Record<string, unknown>).mood, "happy");
});

Deno.test("the read form and the encoding put keys in the order schema, seq, at, event", () => {
  const text =
    '{"event":{"type":"paused","run":"r","reason":"x"},"zz":1,"at":"2026-01-02T03:04:05Z","seq":4,"schema":2}';
  const d = decodeLine(text);
  assert(d.ok);
  assertEquals(Object.keys(d.env), ["schema", "seq", "at", "event", "zz"]);
  assertEquals(
    encodeEnvelope(d.env),
    '{"schema":2,"seq":4,"at":"2026-01-02T03:04:05Z","event":{"type":"paused","run":"r","reason":"x"},"zz":1}',
  );
  // The encoder orders keys whatever order the object was built in.
  const env = { event: { type: "log", level: "info", message: "m" }, at: "t", schema: 2 };
  assertEquals(
    encodeEnvelope(env as never),
    '{"schema":2,"at":"t","event":{"type":"log","level":"info","message":"m"}}',
  );
});

Deno.test("broken lines are reasons, not exceptions", () => {
  const broken = [
    "",
    "not json",
    "[1,2]",
    "null",
    "42",
    '"text"',
    "{}",
    '{"event":null}',
    '{"event":[]}',
    '{"event":{}}',
    '{"event":{"type":""}}',
    '{"event":{"type":7}}',
    '{"schema":0,"at":"t","event":{"type":"log"}}',
    '{"schema":"2","at":"t","event":{"type":"log"}}',
    '{"schema":2.5,"at":"t","event":{"type":"log"}}',
    '{"schema":2,"seq":-1,"at":"t","event":{"type":"log"}}',
    '{"schema":2,"seq":1.5,"at":"t","event":{"type":"log"}}',
    '{"schema":2,"at":5,"event":{"type":"log"}}',
    '{"schema":2,"at":"t","event":{"type":"log"}',
  ];
  for (const text of broken) {
    const d = decodeLine(text);
    assertEquals(d.ok, false, `should be broken: ${text}`);
    if (!d.ok) assert(d.reason.length > 0);
  }
});

Deno.test("decode of encode is the identity on valid envelopes of all 22 types", () => {
  const seen = new Set<string>();
  fc.assert(
    fc.property(envelope(), (env) => {
      seen.add(env.event.type);
      const copy = structuredClone(env);
      const d = decodeLine(encodeEnvelope(env));
      assert(d.ok, d.ok ? "" : d.reason);
      assertEquals(d.env, copy);
      assertEquals(d.upgraded, false);
    }),
    { numRuns: 2000 },
  );
  assertEquals([...seen].sort(), [...EVENT_TYPES].sort());
});

Deno.test("decode of encode keeps unknown types and unknown fields, schema 2 and above", () => {
  fc.assert(
    fc.property(
      envelope({ schema: fc.integer({ min: 2, max: 9 }), unknown: true }),
      (env) => {
        const text = encodeEnvelope(env);
        const d = decodeLine(text);
        assert(d.ok, d.ok ? "" : d.reason);
        assertEquals(encodeEnvelope(d.env), text);
        assertEquals(Object.keys(d.env), Object.keys(env));
        assertEquals(JSON.stringify(d.env.event), JSON.stringify(env.event));
      },
    ),
    { numRuns: 1000 },
  );
});

Deno.test("an unknown envelope field named __proto__ stays a field", () => {
  const text =
    '{"schema":2,"at":"t","event":{"type":"log","level":"i","message":"m"},"__proto__":{"seq":5}}';
  const d = decodeLine(text);
  assert(d.ok);
  assertEquals(d.env.seq, undefined, "an unknown field must not become the envelope's seq");
  assertEquals(encodeEnvelope(d.env), text);
});

Deno.test("decodeLine never throws on arbitrary text or bytes", () => {
  const decoder = new TextDecoder();
  fc.assert(
    fc.property(
      fc.oneof(
        fc.string({ unit: "binary", maxLength: 300 }),
        fc.uint8Array({ maxLength: 300 }).map((b) => decoder.decode(b)),
        fc.jsonValue().map((v) => JSON.stringify(v)),
        fc.jsonValue().map((v) => JSON.stringify({ schema: 2, at: "t", event: v })),
        fc.dictionary(fc.string(), fc.jsonValue()).map((event) =>
          JSON.stringify({ schema: 1, event: { type: "tool_returned", ...event } })
        ),
        envelope({ unknown: true }).map((e) => encodeEnvelope(e).slice(0, -3)),
      ),
      (text) => {
        const d = decodeLine(text);
        assertEquals(typeof d.ok, "boolean");
      },
    ),
    { numRuns: 3000 },
  );
});

Deno.test("decodeValue reads the elements of a JSON array of tagged envelopes", async () => {
  const text = await Deno.readTextFile(
    new URL("../../fixtures/peer/events-global.json", import.meta.url),
  );
  const values = JSON.parse(text) as unknown[];
  const decoded = values.map((v) => decodeValue(v));
  assert(decoded.every((d) => d.ok));
  // The task tags are unknown envelope fields: kept.
  const first = decoded[0];
  assert(first.ok);
  assertEquals(first.env.number, 3);
  assertEquals(Object.keys(first.env).slice(0, 4), ["schema", "seq", "at", "event"]);
});
