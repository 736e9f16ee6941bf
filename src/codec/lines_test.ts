import fc from "fast-check";
import { assertEquals } from "../../tests/assert.ts";
import { LineSplitter } from "./lines.ts";
import { decodeLine, INVALID_UTF8_LINE, OVERSIZED_LINE } from "./decode.ts";

const enc = new TextEncoder();

/** Pushes `bytes` cut at `cuts` (sorted offsets); returns every line and the splitter. */
function splitAt(bytes: Uint8Array, cuts: number[], options = {}) {
  const s = new LineSplitter(options);
  const lines: string[] = [];
  let prev = 0;
  for (const c of [...cuts, bytes.length]) {
    const { lines: got, end } = s.push(bytes.subarray(prev, c));
    lines.push(...got);
    assertEquals(end, s.offset);
    prev = c;
  }
  return { lines, s };
}

/** What a splitter must give: complete lines only, and the bytes held back. */
function expected(text: string): { lines: string[]; heldBytes: number; end: number } {
  const last = text.lastIndexOf("\n");
  const complete = last < 0 ? "" : text.slice(0, last);
  return {
    lines: last < 0 ? [] : complete.split("\n"),
    heldBytes: enc.encode(text.slice(last + 1)).length,
    end: last < 0 ? 0 : enc.encode(complete).length + 1,
  };
}

// Lines with multibyte characters, so that cuts fall inside UTF-8 sequences.
const lineText = fc.string({
  unit: fc.constantFrom("a", "{", '"', "é", "€", "😀", "\r", " "),
  maxLength: 30,
});
const streamText = fc.tuple(fc.array(lineText, { maxLength: 12 }), fc.boolean(), lineText).map(
  ([lines, trailingPartial, tail]) =>
    lines.map((l) => l + "\n").join("") + (trailingPartial ? tail : ""),
);

Deno.test("splitting a stream at any byte boundaries yields the same lines", () => {
  fc.assert(
    fc.property(
      streamText.chain((text) => {
        const n = enc.encode(text).length;
        return fc.tuple(
          fc.constant(text),
          fc.uniqueArray(fc.integer({ min: 0, max: n }), { maxLength: 20 }).map((c) =>
            c.sort((a, b) => a - b)
          ),
        );
      }),
      ([text, cuts]) => {
        const bytes = enc.encode(text);
        const { lines, s } = splitAt(bytes, cuts);
        const want = expected(text);
        assertEquals(lines, want.lines);
        assertEquals(s.pendingBytes, want.heldBytes);
        assertEquals(s.offset, want.end);
      },
    ),
    { numRuns: 2000 },
  );
});

Deno.test("a real log split at every byte and in chunks of every size gives its lines", async () => {
  const bytes = await Deno.readFile(
    new URL("../../fixtures/peer/events-0.5.jsonl", import.meta.url),
  );
  const want = new TextDecoder().decode(bytes).split("\n").slice(0, -1);
  for (let k = 0; k <= bytes.length; k++) {
    assertEquals(splitAt(bytes, [k]).lines, want, `cut at byte ${k}`);
  }
  for (let size = 1; size <= 257; size++) {
    const cuts: number[] = [];
    for (let at = size; at < bytes.length; at += size) cuts.push(at);
    assertEquals(splitAt(bytes, cuts).lines, want, `chunks of ${size} bytes`);
  }
});

Deno.test("a last line without its newline is held back until the newline comes", () => {
  const s = new LineSplitter();
  assertEquals(s.push(enc.encode('{"a":1}\n{"b"')).lines, ['{"a":1}']);
  assertEquals(s.pendingBytes, 4);
  assertEquals(s.offset, 8);
  assertEquals(s.push(enc.encode(":2}")).lines, []);
  assertEquals(s.push(enc.encode("\n")).lines, ['{"b":2}']);
  assertEquals(s.offset, 16);
  assertEquals(s.pendingBytes, 0);
});

Deno.test("offset counts from the first byte's offset", () => {
  const s = new LineSplitter({ offset: 1000 });
  const { end } = s.push(enc.encode("x\nyy\nz"));
  assertEquals(end, 1005);
});

Deno.test("a line longer than lineBytesMax comes out as one oversized marker and reading goes on", () => {
  fc.assert(
    fc.property(
      fc.uniqueArray(fc.integer({ min: 0, max: 83 }), { maxLength: 8 }),
      (rawCuts) => {
        const text = "short\n" + "x".repeat(50) + "\nafter\n" + "y".repeat(20);
        const bytes = enc.encode(text);
        const cuts = rawCuts.sort((a, b) => a - b);
        const { lines, s } = splitAt(bytes, cuts, { lineBytesMax: 30 });
        assertEquals(lines, ["short", OVERSIZED_LINE, "after"]);
        assertEquals(s.offset, 6 + 51 + 6);
        assertEquals(s.pendingBytes, 20);
      },
    ),
    { numRuns: 300 },
  );
});

Deno.test("a held-back line that grows past lineBytesMax is not kept in memory", () => {
  const s = new LineSplitter({ lineBytesMax: 1000 });
  for (let i = 0; i < 100; i++) s.push(enc.encode("z".repeat(1000)));
  assertEquals(s.pendingBytes, 100_000);
  assertEquals(s.push(enc.encode("\nok\n")).lines, [OVERSIZED_LINE, "ok"]);
});

Deno.test("a line that is not UTF-8 comes out as the invalid marker, at any chunk boundary", () => {
  const bytes = new Uint8Array([
    ...enc.encode("é ok\n"),
    ...enc.encode("bad "),
    0x80,
    0xe2,
    0x82,
    ...enc.encode("\n🚀 fine\n"),
  ]);
  fc.assert(
    fc.property(
      fc.uniqueArray(fc.integer({ min: 0, max: bytes.length }), { maxLength: 6 }),
      (c) => {
        const { lines } = splitAt(bytes, c.sort((a, b) => a - b));
        assertEquals(lines, ["é ok", INVALID_UTF8_LINE, "🚀 fine"]);
      },
    ),
    { numRuns: 300 },
  );
  assertEquals(decodeLine(INVALID_UTF8_LINE), { ok: false, reason: "not valid UTF-8" });
});

Deno.test("long lines of ASCII, other UTF-8 and bytes that are not UTF-8, cut anywhere, come out whole", () => {
  const strict = new TextDecoder("utf-8", { fatal: true });
  // A line: pieces of ASCII (long enough to be searched a word at a time),
  // characters of 2, 3 and 4 bytes, and bytes that no UTF-8 text holds.
  const piece = fc.oneof(
    fc.string({ unit: fc.constantFrom("a", "{", '"', " ", "\r", "9"), minLength: 1, maxLength: 40 })
      .map((s) => enc.encode(s)),
    fc.constantFrom("é", "—", "→", "中文", "😀").map((s) => enc.encode(s)),
    fc.constantFrom([0x80], [0xff], [0xe2, 0x82], [0xc0, 0xaf]).map((b) => new Uint8Array(b)),
  );
  const line = fc.array(piece, { maxLength: 8 }).map((ps) => {
    const out = new Uint8Array(ps.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of ps) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  });
  fc.assert(
    fc.property(
      fc.array(line, { maxLength: 20 }).chain((ls) => {
        const n = ls.reduce((k, l) => k + l.length + 1, 0);
        return fc.tuple(
          fc.constant(ls),
          fc.uniqueArray(fc.integer({ min: 0, max: n }), { maxLength: 8 }).map((c) =>
            c.sort((a, b) => a - b)
          ),
        );
      }),
      ([ls, cuts]) => {
        const bytes = new Uint8Array(ls.reduce((k, l) => k + l.length + 1, 0));
        let at = 0;
        for (const l of ls) {
          bytes.set(l, at);
          bytes[at + l.length] = 10;
          at += l.length + 1;
        }
        const want = ls.map((l) => {
          try {
            return strict.decode(l);
          } catch {
            return INVALID_UTF8_LINE;
          }
        });
        assertEquals(splitAt(bytes, cuts).lines, want);
      },
    ),
    { numRuns: 2000 },
  );
});
