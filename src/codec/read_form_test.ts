import { assert, assertEquals } from "../../tests/assert.ts";
import fc from "fast-check";
import { decodeLine } from "../codec/decode.ts";
import { encodeEnvelope } from "../codec/encode.ts";
import { isStringifyForm, readFormText, taggedText } from "./read_form.ts";

const RUN = "5f0c1d2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f";

function readForm(line: string): string {
  const d = decodeLine(line);
  if (!d.ok) throw new Error(d.reason);
  return readFormText({ env: d.env, upgraded: d.upgraded, text: line });
}

Deno.test("isStringifyForm accepts what JSON.stringify writes and nothing it would write otherwise", () => {
  for (const ok of ['{"a":[1,-2,0,true,null,"x\\ty\\"\\\\\\u0001"]}', '{"é":"\u2028"}']) {
    assert(isStringifyForm(ok), ok);
    assertEquals(JSON.stringify(JSON.parse(ok)), ok);
  }
  for (
    const doubt of [
      '{"a": 1}',
      '{"a":1.0}',
      '{"a":1e3}',
      '{"a":-0}',
      '{"a":"\\/"}',
      '{"a":"\\u0041"}',
      "[01]",
      '{"a":1.5}',
    ]
  ) {
    assert(!isStringifyForm(doubt), doubt);
  }
});

Deno.test("the read form of any line is what encoding the decoded envelope gives", () => {
  fc.assert(
    fc.property(fc.jsonValue(), fc.boolean(), (value, spaced) => {
      const env = {
        schema: 2,
        seq: 3,
        at: "2026-01-01T00:00:00Z",
        event: { type: "log", run: RUN, level: "info", message: "m", extra: value },
      };
      const line = spaced ? JSON.stringify(env, null, 1).replaceAll("\n", "") : JSON.stringify(env);
      const d = decodeLine(line);
      assert(d.ok);
      assertEquals(readForm(line), encodeEnvelope(d.env));
    }),
    { numRuns: 500 },
  );
});

Deno.test("a line already in the read form is printed as it is; tagged lines put task and number first", () => {
  const line =
    `{"schema":2,"seq":1,"at":"2026-01-01T00:00:00Z","event":{"type":"run_started","run":"${RUN}","task":"t"}}`;
  assertEquals(readForm(line), line);
  const d = decodeLine(line);
  assert(d.ok);
  assertEquals(
    taggedText({ env: d.env, upgraded: false, text: line }, { id: "tid", number: 4 }),
    `{"task":"tid","number":4,${line.slice(1)}`,
  );
  // Unknown envelope fields come after event, as the encoder writes them.
  const extra = `{"schema":2,"seq":1,"at":"2026-01-01T00:00:00Z","event":{"type":"x"},"z":1}`;
  assertEquals(readForm(extra), extra);
  const upgraded =
    `{"schema":2,"seq":1,"at":"2026-01-01T00:00:00Z","event":{"type":"tool_called","run":"${RUN}","role":"r","tool":"t","input":{}}}`;
  assertEquals(JSON.parse(readForm(upgraded)).event.call, "000000000000");
});

Deno.test("a compact line with a key twice deep in its event, or a key of digits, reads as a full decode gives it", () => {
  const head =
    `{"schema":2,"seq":1,"at":"2026-01-01T00:00:00Z","event":{"type":"log","level":"info",`;
  for (
    const [line, want] of [
      [
        `${head}"meta":{"command":"rm -rf /","timeout":5,"command":"ls"}}}`,
        `${head}"meta":{"command":"ls","timeout":5}}}`,
      ],
      [`${head}"meta":[{"a":{"b":1,"b":2}}]}}`, `${head}"meta":[{"a":{"b":2}}]}}`],
      [`${head}"meta":{"b":1,"10":2}}}`, `${head}"meta":{"10":2,"b":1}}}`],
    ]
  ) {
    assertEquals(readForm(line), want);
    assertEquals(readForm(want), want);
  }
});
