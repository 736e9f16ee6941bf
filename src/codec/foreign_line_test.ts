import fc from "fast-check";
import { assert, assertEquals } from "../../tests/assert.ts";
import { decodeLine } from "./decode.ts";
import { ForeignLines } from "./foreign_line.ts";
import { lineText } from "./lines.ts";

const enc = new TextEncoder();
const dec = new TextDecoder();

/** What a full decode gives for a line: its read form and light facts, or null when broken. */
function fullDecode(bytes: Uint8Array) {
  const d = decodeLine(lineText(bytes));
  if (!d.ok) return null;
  const ev = d.env.event as { type: string; run?: unknown; success?: unknown };
  const event: Record<string, unknown> = { type: ev.type };
  if (typeof ev.run === "string") event.run = ev.run;
  if (typeof ev.success === "boolean") event.success = ev.success;
  return {
    json: JSON.stringify(d.env),
    upgraded: d.upgraded,
    schema: d.env.schema,
    seq: d.env.seq,
    at: d.env.at,
    event,
  };
}

const reader = new ForeignLines();

/** The foreign reader's answer for a line (null: it said no), checked against the full decode. */
function readChecked(bytes: Uint8Array): string | null {
  // Somewhere inside a larger buffer, as a reader holds it.
  const m = new Uint8Array(bytes.length + 7);
  m.set(bytes, 3);
  const yes = reader.read(m, 3, 3 + bytes.length);
  const want = fullDecode(bytes);
  if (!yes) return null;
  assert(want !== null, `said yes to a broken line: ${dec.decode(bytes)}`);
  assert(!want.upgraded, `said yes to a line that gets the 0.5 defaults: ${dec.decode(bytes)}`);
  const got = dec.decode(reader.out.subarray(reader.start, reader.end));
  assertEquals(got, want.json + "\n", dec.decode(bytes));
  assertEquals(reader.schema, want.schema);
  // (A seq written -0 reads as 0: the same number to every reader of it.)
  assertEquals(reader.seq, want.seq === undefined ? -1 : want.seq + 0);
  assertEquals(reader.at(), want.at);
  assertEquals({ ...reader.event }, want.event);
  return got.slice(0, -1);
}

Deno.test("a line of another serialiser is read as its read form, as a full decode gives it", () => {
  const cases: [string, string][] = [
    [
      '{"at": "2026-09-01T08:42:15.062666Z", "event": {"call": "d954fed46ae5", "input": {"command": "ls -la src/", "timeout_secs": 120}, "role": "coder", "run": "fc46", "subtask": null, "tool": "bash", "type": "tool_called"}, "schema": 2, "seq": 5}',
      '{"schema":2,"seq":5,"at":"2026-09-01T08:42:15.062666Z","event":{"call":"d954fed46ae5","input":{"command":"ls -la src/","timeout_secs":120},"role":"coder","run":"fc46","subtask":null,"tool":"bash","type":"tool_called"}}',
    ],
    [
      '\t{ "seq" : 7 ,"event":{"\\u0074ype":"log","level":"info","message":"caf\\u00e9 \\u201cq\\u201d \\ud83d\\ude80 \\/ \\u0041\\u001F\\u0008"},"schema":2,"at":"x", "host": "r\\u00e9"}\r',
      '{"schema":2,"seq":7,"at":"x","event":{"type":"log","level":"info","message":"café “q” 🚀 / A\\u001f\\b"},"host":"ré"}',
    ],
    [
      '{"event": {"type": "log", "n": [1.0, -0, 1E3, 1e400, 12345678901234567890, 0.10, -0.0]}, "schema": 3}',
      '{"schema":3,"at":"1970-01-01T00:00:00Z","event":{"type":"log","n":[1,0,1000,null,12345678901234567000,0.1,0]}}',
    ],
    [
      '{"schema": 2, "seq": 1, "at": "t", "event": {"type": "log", "a": "\\uD800 \\uDC00x \\udbff\\u0041"}}',
      '{"schema":2,"seq":1,"at":"t","event":{"type":"log","a":"\\ud800 \\udc00x \\udbffA"}}',
    ],
    [
      '{"schema": 2, "seq": 9, "at": "t", "event": {"type": "run_finished", "run": "r", "success": false, "status": "failed", "usage": null, "active_ms": 1, "started_at": "t"}}',
      '{"schema":2,"seq":9,"at":"t","event":{"type":"run_finished","run":"r","success":false,"status":"failed","usage":null,"active_ms":1,"started_at":"t"}}',
    ],
  ];
  for (const [line, form] of cases) assertEquals(readChecked(enc.encode(line)), form, line);
  assertEquals(reader.event.success, false);
});

Deno.test("the foreign reader says no where its answer could differ from a full decode's", () => {
  const no = [
    '{"schema": 2, "event": {"type": "log", "a": 1, "a": 2}}', // duplicate key
    '{"schema": 2, "schema": 2, "event": {"type": "log"}}',
    '{"schema": 2, "event": {"type": "log", "x": {"b": 1, "\\u0062": 2}}}',
    '{"schema": 2, "event": {"type": "log", "x": {"b": 1, "2": 2}}}', // a digit key goes first
    '{"schema": 2, "event": {"type": "log"}, "__proto__": {"a": 1}}',
    '{"schema": 2, "event": {"type": "tool_called", "run": "r"}}', // 0.5 defaults
    '{"schema": 2, "event": {"type": "lo\\"g"}}', // a type with an escape
    '{"schema": 2, "at": "a\\nb", "event": {"type": "log"}}',
    '{"schema": 2, "event": {"type": ""}}',
    '{"schema": 0, "event": {"type": "log"}}',
    '{"schema": 2, "seq": -1, "event": {"type": "log"}}',
    '{"schema": 2.5, "event": {"type": "log"}}',
    '{"schema": "2", "event": {"type": "log"}}',
    '{"schema": 2, "at": 1, "event": {"type": "log"}}',
    '{"schema": 2, "event": []}',
    '{"schema": 2, "event": {"type": 1}}',
    '{"schema": 2}',
    "{}",
    "[]",
    '{"schema": 2, "event": {"type": "log"},}',
    '{"schema": 2, "event": {"type": "log"}} x',
    '{"schema": 2, "event": {"type": "log", "a": 01}}',
    '{"schema": 2, "event": {"type": "log", "a": "\\x"}}',
    '{"schema": 2, "event": {"type": "log", "a": "\t"}}',
    '{"schema": 2, "event": {"type": "log", "a": tru}}',
    '\ufeff{"schema": 2, "event": {"type": "log"}}',
    '{"schema": 2, "event": {"type": "log", "a": ' + "[".repeat(200) + "]".repeat(200) + "}}",
  ];
  for (const line of no) assertEquals(readChecked(enc.encode(line)), null, line);
  // Bytes that are not UTF-8, inside a string and outside.
  const line = enc.encode('{"schema": 2, "event": {"type": "log", "a": "xx"}}');
  for (
    const bad of [[0xff], [0xc3, 0x28], [0xed, 0xa0, 0x80], [0xc0, 0xaf], [0xf4, 0x90, 0x80, 0x80]]
  ) {
    const b = new Uint8Array([...line.subarray(0, 45), ...bad, ...line.subarray(45)]);
    assertEquals(readChecked(b), null);
  }
});

// ---------------------------------------------------------------- property

/** A JSON value with the lexemes of its numbers and its keys' order kept. */
type Node =
  | { k: "obj"; entries: [string, Node][] }
  | { k: "arr"; items: Node[] }
  | { k: "str"; v: string }
  | { k: "num"; lex: string }
  | { k: "lit"; v: string };

const hardString = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 12 }),
  fc.string({ unit: "binary", maxLength: 12 }),
  fc.constantFrom("“q” — → café 日本語 🚀", "\ud800", "\udc00x", "\u2028\u007f\u0000", '"\\/', ""),
);
const keyArb = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom("a", "b", "type", "run", "input", "é", "k\u0000") },
  { weight: 1, arbitrary: hardString },
  { weight: 1, arbitrary: fc.constantFrom("1", "01", "__proto__", "schema") },
);
const numArb = fc.oneof(
  fc.integer().map(String),
  fc.constantFrom(
    "0",
    "-0",
    "1.0",
    "1e5",
    "1E-7",
    "0.1",
    "-0.0",
    "1e400",
    "5e-324",
    "123456789012345",
    "1234567890123456",
    "12345678901234567890",
    "2.5e+3",
  ),
);
const { node } = fc.letrec<{ node: Node }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    hardString.map((v): Node => ({ k: "str", v })),
    numArb.map((lex): Node => ({ k: "num", lex })),
    fc.constantFrom("true", "false", "null").map((v): Node => ({ k: "lit", v })),
    fc.array(tie("node"), { maxLength: 4 }).map((items): Node => ({ k: "arr", items })),
    fc.array(fc.tuple(keyArb, tie("node")), { maxLength: 5 })
      .map((entries): Node => ({ k: "obj", entries })),
  ),
}));

/** How a serialiser writes: white space, escapes, hex case. */
interface Style {
  space: string[];
  escapeAll: boolean;
  upperHex: boolean;
  slash: boolean;
  seed: number;
}

function write(n: Node, st: Style): string {
  const sp = () => st.space[(st.seed = (st.seed * 1103515245 + 12345) >>> 0) % st.space.length];
  switch (n.k) {
    case "str":
      return str(n.v, st);
    case "num":
    case "lit":
      return n.k === "num" ? n.lex : n.v;
    case "arr":
      return "[" + sp() + n.items.map((x) => write(x, st)).join(sp() + "," + sp()) + sp() + "]";
    case "obj":
      return "{" + sp() +
        n.entries.map(([k, v]) => str(k, st) + sp() + ":" + sp() + write(v, st)).join(
          "," + sp(),
        ) + sp() + "}";
  }
}

function str(v: string, st: Style): string {
  let out = '"';
  const u = (c: number) => {
    const h = c.toString(16).padStart(4, "0");
    return "\\u" + (st.upperHex ? h.toUpperCase() : h);
  };
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    const pair = c >= 0xd800 && c <= 0xdbff && i + 1 < v.length &&
      v.charCodeAt(i + 1) >= 0xdc00 && v.charCodeAt(i + 1) <= 0xdfff;
    if (pair) {
      out += st.escapeAll ? u(c) + u(v.charCodeAt(i + 1)) : v.slice(i, i + 2);
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) out += u(c);
    else if (c === 34) out += st.escapeAll ? u(c) : '\\"';
    else if (c === 92) out += "\\\\";
    else if (c === 47 && st.slash) out += "\\/";
    else if (c < 0x20) out += c === 10 ? "\\n" : u(c);
    else if (c >= 0x80 && st.escapeAll) out += u(c);
    else out += v[i];
  }
  return out + '"';
}

const styleArb: fc.Arbitrary<Style> = fc.record({
  space: fc.constantFrom([""], [" "], ["", " ", "\t", "  ", "\r"]),
  escapeAll: fc.boolean(),
  upperHex: fc.boolean(),
  slash: fc.boolean(),
  seed: fc.nat(),
});

const eventNode: fc.Arbitrary<Node> = fc.tuple(
  fc.constantFrom("log", "tool_called", "run_finished", "paused", "x.y", "é"),
  fc.option(fc.constantFrom("r-1", "r\u00e92", ""), { nil: undefined }),
  fc.array(fc.tuple(keyArb, node), { maxLength: 4 }),
  fc.option(fc.constantFrom("true", "false", "null"), { nil: undefined }),
  fc.boolean(),
).map(([type, run, rest, success, complete]) => {
  const entries: [string, Node][] = [["type", { k: "str", v: type }], ...rest];
  if (run !== undefined) entries.push(["run", { k: "str", v: run }]);
  if (success !== undefined) entries.push(["success", { k: "lit", v: success }]);
  if (complete) {
    for (const f of ["call", "subtask", "exit_code", "timed_out", "output_chars", "output_file"]) {
      entries.push([f, { k: "lit", v: "null" }]);
    }
    for (const f of ["usage", "active_ms", "started_at", "model"]) {
      entries.push([f, { k: "lit", v: "null" }]);
    }
  }
  return { k: "obj", entries } as Node;
});

const envelopeNode: fc.Arbitrary<Node> = fc.tuple(
  fc.option(fc.constantFrom("2", "1", "3", "0", "2.0", '"2"'), { nil: undefined }),
  fc.option(fc.constantFrom("1", "42", "0", "-0", "-1", "9007199254740993"), { nil: undefined }),
  fc.option(fc.constantFrom("2026-01-01T00:00:00Z", "t\u00e9", "a\nb"), { nil: undefined }),
  eventNode,
  fc.array(fc.tuple(keyArb, node), { maxLength: 2 }),
  fc.nat(),
).map(([schema, seq, at, event, extra, order]) => {
  const entries: [string, Node][] = [["event", event], ...extra];
  if (schema !== undefined) entries.push(["schema", { k: "num", lex: schema }]);
  if (seq !== undefined) entries.push(["seq", { k: "num", lex: seq }]);
  if (at !== undefined) entries.push(["at", { k: "str", v: at }]);
  // Some order of the members.
  for (let i = entries.length - 1; i > 0; i--) {
    const j = (order = (order * 1103515245 + 12345) >>> 0) % (i + 1);
    [entries[i], entries[j]] = [entries[j], entries[i]];
  }
  return { k: "obj", entries } as Node;
});

Deno.test("for any line in any serialiser's form, the foreign reader gives what a full decode gives, or says no", () => {
  let yes = 0, total = 0;
  fc.assert(
    fc.property(envelopeNode, styleArb, fc.nat(4), fc.nat(), (env, st, damage, at) => {
      let bytes = enc.encode(write(env, st));
      if (damage === 1) bytes = bytes.subarray(0, at % bytes.length);
      else if (damage === 2) {
        const b = new Uint8Array(bytes.length + 1);
        const k = at % bytes.length;
        b.set(bytes.subarray(0, k));
        b[k] = [0xff, 0x22, 0x5c, 0x2c, 0x80][at % 5];
        b.set(bytes.subarray(k), k + 1);
        bytes = b;
      }
      const said = readChecked(bytes) !== null;
      // Of the lines it could take (valid, no 0.5 defaults), how many it took.
      const want = fullDecode(bytes);
      if (want !== null && !want.upgraded) {
        total++;
        if (said) yes++;
      }
    }),
    { numRuns: 3000 },
  );
  // It takes many of them (it is not a reader that always says no; the others have
  // duplicate or digit keys, escapes in a type or `at`, and the like).
  assert(yes > total / 5, `${yes} of ${total}`);
});

Deno.test("read forms of one batch stay where they were written; a long line gets a new buffer", () => {
  const f = new ForeignLines();
  const a = enc.encode('{"schema": 2, "seq": 1, "at": "t", "event": {"type": "log"}}');
  assert(f.read(a, 0, a.length));
  const first = f.out, s1 = f.start, e1 = f.end;
  const long = enc.encode(
    `{"schema": 2, "seq": 2, "at": "t", "event": {"type": "log", "m": "${"x".repeat(3 << 20)}"}}`,
  );
  assert(f.read(long, 0, long.length));
  assert(f.out !== first);
  assertEquals(
    dec.decode(first.subarray(s1, e1)),
    '{"schema":2,"seq":1,"at":"t","event":{"type":"log"}}\n',
  );
  // Ten spaces fewer, and the newline.
  assertEquals(f.end - f.start, long.length - 10 + 1);
});

Deno.test("after a line of megabytes, reset keeps that line's read form and facts until the next read", () => {
  const f = new ForeignLines();
  const long = enc.encode(
    `{"schema": 2, "seq": 7, "at": "2026-01-02T03:04:05Z", "event": {"type": "log", "m": "${
      "y".repeat(3 << 20)
    }"}}`,
  );
  assert(f.read(long, 0, long.length));
  f.reset(); // as the merge does, before it uses the line
  assertEquals(f.at(), "2026-01-02T03:04:05Z");
  assertEquals(f.seq, 7);
  const form = dec.decode(f.out.subarray(f.start, f.end));
  assertEquals(JSON.parse(form).event.m.length, 3 << 20);
  // The next short line no longer keeps the big buffer.
  const big = f.out.length;
  const a = enc.encode('{"schema": 2, "seq": 8, "at": "t", "event": {"type": "log"}}');
  assert(f.read(a, 0, a.length));
  assert(f.out.length < big, `${f.out.length} of ${big}`);
  assertEquals(
    dec.decode(f.out.subarray(f.start, f.end)),
    '{"schema":2,"seq":8,"at":"t","event":{"type":"log"}}\n',
  );
});

Deno.test("a foreign reader takes its output buffer at its first line, not before", () => {
  // A reader of a log in the recorder's form makes one and never reads a line with it.
  const f = new ForeignLines();
  assertEquals(f.out.byteLength, 0);
  const a = enc.encode('{"schema": 2, "seq": 1, "at": "t", "event": {"type": "log"}}');
  assert(f.read(a, 0, a.length));
  assertEquals(f.out.byteLength, 1024 * 1024);
  assertEquals(
    dec.decode(f.out.subarray(f.start, f.end)),
    '{"schema":2,"seq":1,"at":"t","event":{"type":"log"}}\n',
  );
});
