import fc from "fast-check";
import { assert, assertEquals } from "../../tests/assert.ts";
import { JsonChecker } from "./json_check.ts";
import { wasmModuleText } from "../../scripts/build_wasm.ts";

const checker = new JsonChecker();
const encoder = new TextEncoder();

function check(text: string): number {
  const n = encoder.encodeInto(text, checker.room).written;
  return checker.check(checker.room.byteOffset, checker.room.byteOffset + n);
}

/** What the check must agree with when it says yes. */
function canonical(text: string): boolean {
  try {
    return JSON.stringify(JSON.parse(text)) === text;
  } catch {
    return false;
  }
}

Deno.test("json_check_wasm.ts is assembled from the current json_check.wat", async () => {
  assertEquals(
    await Deno.readTextFile(new URL("./json_check_wasm.ts", import.meta.url)),
    await wasmModuleText(),
    "run `deno task build-wasm`",
  );
});

Deno.test("the JSON check says yes to JSON.stringify's form and to nothing else", () => {
  const yes = [
    '{"schema":2,"seq":1,"at":"2026-01-01T00:00:00Z","event":{"type":"log","run":null}}',
    '{"a":[1,-2,0,true,false,null,"x\\n\\"\\\\\\t\\u001f\\u0000"],"b":{},"c":[],"d":[{}]}',
    "[]",
    '"text"',
    "123456789012345",
  ];
  for (const t of yes) {
    assert(canonical(t), t);
    assert(check(t) >= 0, `says no to ${t}`);
  }
  const no = [
    '{"a": 1}',
    '{"a":1,}',
    '{"a":1',
    '{"a":1}}',
    '{"a":01}',
    '{"a":-0}',
    '{"a":1.5}',
    '{"a":1e3}',
    '{"a":1234567890123456}',
    '{"a":"\\/"}',
    '{"a":"\\u0041"}',
    '{"a":"\\u001F"}',
    '{"a":"é"}',
    '{"a":"\u0001"}',
    '{"1":2,"a":1}',
    '{"a":tru}',
    '{"a":nul}',
    '["a" ,1]',
    " []",
    "",
    "{",
    '{"a"}',
    '{"a":}',
    "[1,]",
    '{"a":[1}',
    '{"a":{"b":1]}',
    '"abc',
    '"\\x"',
    '{"e":{"x":1,"y":2,"x":3}}',
    '{"a":1,"b":2,"a":3}',
    '{" ":null,"    ":null,"":false," ":false}',
  ];
  for (const t of no) assertEquals(check(t), -1, `says yes to ${t}`);
});

Deno.test("the JSON check finds the keys at depth 2 and counts the outer ones", () => {
  // Depth counts arrays too: "q" is at depth 3.
  const text = '{"schema":2,"event":{"type":"x","run":"r","n\\"k":{"deep":1}},"z":[{"q":1}]}';
  assertEquals(check(text), 3);
  assertEquals(checker.outerKeys, 3);
  const base = checker.room.byteOffset;
  const keys = [0, 1, 2].map((i) =>
    text.slice(checker.keyStart(i) - base, checker.keyEnd(i) - base)
  );
  assertEquals(keys, ["type", "run", 'n\\"k']);
  assertEquals(text.slice(checker.typeValueAt - base, checker.typeValueAt - base + 3), '"x"');
  assertEquals(text.slice(checker.runValueAt - base, checker.runValueAt - base + 3), '"r"');
  assertEquals(check('{"e":{"a":1}}'), 1);
  assertEquals([checker.typeValueAt, checker.runValueAt], [0, 0]);
});

Deno.test("the JSON check never says yes to a text JSON.stringify would write otherwise", () => {
  const value = fc.jsonValue({ maxDepth: 4 });
  // Texts near JSON.stringify's form: its output, cut, with a character
  // changed, inserted or removed, or written by JSON.stringify with spaces.
  const text = fc.oneof(
    value.map((v) => JSON.stringify(v) ?? "null"),
    value.map((v) => JSON.stringify(v, null, 1) ?? "null"),
    fc.tuple(value, fc.nat(), fc.constantFrom(...' ,:{}[]"\\01-.eEtfnu/\u0001é'), fc.nat(2)).map(
      ([v, at, c, how]) => {
        const s = JSON.stringify(v) ?? "null";
        const i = at % (s.length + 1);
        return how === 0
          ? s.slice(0, i) + c + s.slice(i)
          : how === 1
          ? s.slice(0, i) + c + s.slice(i + 1)
          : s.slice(0, i) + s.slice(i + 1);
      },
    ),
  );
  fc.assert(
    fc.property(text, (t) => {
      if (check(t) >= 0) assert(canonical(t), `says yes to ${JSON.stringify(t)}`);
    }),
    { numRuns: 20_000 },
  );
  // And it says yes to the form itself, for values without what it is not sure of.
  fc.assert(
    fc.property(value, (v) => {
      const t = JSON.stringify(v) ?? "null";
      const unsure = /[^\x20-\x7e]|\\u(?!00[01])|"\d+":|\d[.eE]|-?\d{16}|\\\//.test(t);
      if (!unsure && check(t) < 0) throw new Error(`says no to ${t}`);
    }),
    { numRuns: 5_000 },
  );
});

Deno.test("the JSON check says no to a key twice in one object at depth 2", () => {
  const keys = fc.array(fc.constantFrom("a", "b", "ab", "run", "type", ""), {
    minLength: 1,
    maxLength: 6,
  });
  fc.assert(
    fc.property(keys, fc.boolean(), (ks, nested) => {
      const obj = `{${ks.map((k, i) => `${JSON.stringify(k)}:${i}`).join(",")}}`;
      const t = nested ? `{"e":[${obj},${obj}]}` : `{"e":${obj},"f":${obj}}`;
      const twice = new Set(ks).size !== ks.length;
      assertEquals(check(t) >= 0, !twice || nested, t);
      if (check(t) >= 0) assert(nested || canonical(t));
    }),
    { numRuns: 2000 },
  );
});
