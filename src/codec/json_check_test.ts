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
    '{"a":"é “quoted” — → 日本語 🚀 \u007f"}',
    '{"a":"\\ud800","b":"x\\udfffy","c":"\\udbff\\u0000"}',
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
    '{"a":"\\ud83d\\ude80"}',
    '{"a":"\\uD800"}',
    '{"a":"\\ud80"}',
    '{"a":"\\ud800\\udc00"}',
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

/** The check of raw bytes inside a JSON string: `{"a":"<bytes>"}`. */
function checkBytes(bytes: number[]): number {
  const head = encoder.encode('{"a":"');
  const all = [...head, ...bytes, 34, 125];
  checker.room.set(all);
  return checker.check(checker.room.byteOffset, checker.room.byteOffset + all.length);
}

Deno.test("the JSON check says no to bytes that are not well-formed UTF-8", () => {
  const bad = [
    [0x80],
    [0xbf],
    [0xc0, 0xaf], // overlong /
    [0xc1, 0xbf],
    [0xc3],
    [0xc3, 0x28],
    [0xe0, 0x80, 0xaf], // overlong
    [0xed, 0xa0, 0x80], // a surrogate
    [0xed, 0xbf, 0xbf],
    [0xe2, 0x82],
    [0xf0, 0x80, 0x80, 0xaf],
    [0xf4, 0x90, 0x80, 0x80], // past U+10FFFF
    [0xf5, 0x80, 0x80, 0x80],
    [0xff],
    [0xe6, 0x97, 0xa5, 0x80],
  ];
  for (const b of bad) {
    assertEquals(
      checkBytes(b),
      -1,
      `says yes to ${b.map((x) => x.toString(16))}`,
    );
  }
  const good = [[0xc3, 0xa9], [0xe2, 0x80, 0x94], [0xf0, 0x9f, 0x9a, 0x80], [0x7f], [
    0xef,
    0xbf,
    0xbf,
  ]];
  for (const b of good) assert(checkBytes(b) >= 0, `says no to ${b.map((x) => x.toString(16))}`);
  // Any bytes but escapes: yes only when a strict decoder reads them and JSON.stringify writes them so.
  const strict = new TextDecoder("utf-8", { fatal: true });
  fc.assert(
    fc.property(
      fc.array(fc.integer({ min: 0x20, max: 0xff }).filter((x) => x !== 0x5c), { maxLength: 12 }),
      (b) => {
        let expected: boolean;
        try {
          const s = strict.decode(new Uint8Array(b));
          expected = JSON.stringify(s) === `"${s}"`;
        } catch {
          expected = false;
        }
        assertEquals(checkBytes(b) >= 0, expected, b.map((x) => x.toString(16)).join(" "));
      },
    ),
    { numRuns: 20_000 },
  );
});

Deno.test("the byte searches find newlines and needles as indexOf does", () => {
  const room = checker.room;
  const base = room.byteOffset;
  fc.assert(
    fc.property(
      fc.array(fc.constantFrom(10, 34, 97, 98, 95, 120), { maxLength: 80 }),
      fc.array(fc.constantFrom(34, 97, 98, 95), { minLength: 3, maxLength: 6 }),
      fc.nat(80),
      (hay, needle, from) => {
        const s = Math.min(from, hay.length);
        room.set(hay);
        room.set(needle, 1024);
        const h = new Uint8Array(hay);
        const nl = h.indexOf(10, s);
        assertEquals(checker.eol(base + s, base + hay.length), nl < 0 ? -1 : base + nl);
        const prev = h.subarray(0, s).lastIndexOf(10);
        assertEquals(checker.sol(base, base + s), base + prev + 1);
        const str = String.fromCharCode(...hay), n = String.fromCharCode(...needle);
        const at = str.indexOf(n, s);
        assertEquals(
          checker.find(base + s, base + hay.length, base + 1024, needle.length),
          at < 0 ? -1 : base + at,
        );
      },
    ),
    { numRuns: 20_000 },
  );
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
      const unsure = /\\u(?!00[01])|"\d+":|\d[.eE]|-?\d{16}|\\\//.test(t);
      if (!unsure && check(t) < 0) throw new Error(`says no to ${t}`);
    }),
    { numRuns: 5_000 },
  );
});

Deno.test("the JSON check says no to a key twice in one object at any depth", () => {
  const cases: Array<[string, boolean]> = [
    ['{"e":{"input":{"a":1,"a":2}}}', false],
    ['{"e":{"i":{"a":1,"b":{"a":2},"a":3}}}', false],
    ['{"e":{"i":[{"a":1},{"b":[{"c":{"d":1,"d":1}}]}]}}', false],
    ['{"e":{"i":[{"a":1},{"a":2}]}}', true],
    ['{"e":{"i":{"x":{"a":1},"a":2}},"j":{"a":{"a":{"a":1}}}}', true],
  ];
  for (const [t, yes] of cases) assertEquals(check(t) >= 0, yes, t);
  // Random nestings of objects and arrays with keys from a few names: the
  // check says yes exactly when no object has a key twice.
  const key = fc.constantFrom("a", "b", "ab", "run", "type", "");
  const { value } = fc.letrec<{ value: string; object: string; array: string }>((tie) => ({
    value: fc.oneof(
      { depthSize: "small", maxDepth: 6 },
      fc.integer({ min: -9, max: 99 }).map(String),
      fc.constantFrom('"s"', "null", "true"),
      tie("object"),
      tie("array"),
    ),
    object: fc.array(fc.tuple(key, tie("value")), { maxLength: 5 }).map((ms) =>
      `{${ms.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(",")}}`
    ),
    array: fc.array(tie("value"), { maxLength: 4 }).map((vs) => `[${vs.join(",")}]`),
  }));
  fc.assert(
    fc.property(value, (t) => assertEquals(check(t) >= 0, canonical(t), t)),
    { numRuns: 5000 },
  );
});
