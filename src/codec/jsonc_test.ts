import fc from "fast-check";
import { parse as oracle, type ParseError } from "jsonc-parser";
import { assert, assertEquals } from "../../tests/assert.ts";
import { parseJsonc } from "./jsonc.ts";

Deno.test("JSONC: comments and trailing commas are read, errors name their line", () => {
  assertEquals(parseJsonc('{ "a": 1, // one\n "b": [2, /* two */ 3,], }'), {
    ok: true,
    value: { a: 1, b: [2, 3] },
  });
  assertEquals(parseJsonc('{"url": "http://x/*y*/"}'), {
    ok: true,
    value: { url: "http://x/*y*/" },
  });
  assertEquals(parseJsonc("// nothing but a comment\n"), { ok: true, value: undefined });
  const bad = parseJsonc('{\n  "a": 1\n  "b": 2\n}');
  assert(!bad.ok);
  assertEquals(bad.line, 3);
  const open = parseJsonc('{"a": 1} /* not closed');
  assert(!open.ok && open.message.includes("not closed"));
});

Deno.test("JSONC: reads what jsonc-parser reads, as it reads it", () => {
  const piece = fc.constantFrom(" ", "\n", "// c\n", "/* c */", "/*\n*/", "");
  // JSON text with comments and white space between tokens, and trailing commas.
  const jsonc = fc.tuple(
    fc.jsonValue({ maxDepth: 3 }),
    fc.array(piece, { minLength: 50, maxLength: 50 }),
    fc.boolean(),
  )
    .map(([v, pieces, trailing]) => {
      let k = 0;
      return (JSON.stringify(v) ?? "null").replace(
        /("(?:[^"\\]|\\.)*")|([,:\[\]{}])/g,
        (m, str) => {
          if (str) return m;
          const p = pieces[k++ % pieces.length];
          if (trailing && (m === "]" || m === "}") && k % 3 === 0) return `,${p}${m}`;
          return `${p}${m}${p}`;
        },
      );
    });
  const mutated = fc.tuple(jsonc, fc.nat(), fc.constantFrom(",", "/", "*", "}", '"', "\n", "x"))
    .map(([t, at, c]) => t.slice(0, at % (t.length + 1)) + c + t.slice(at % (t.length + 1)));
  fc.assert(
    fc.property(fc.oneof(jsonc, mutated), (t) => {
      const errors: ParseError[] = [];
      const want = oracle(t, errors, { allowTrailingComma: true, disallowComments: false });
      const got = parseJsonc(t);
      if (errors.length === 0 && t.trim() !== "") {
        assert(got.ok, `jsonc-parser reads ${JSON.stringify(t)}, parseJsonc does not`);
        assertEquals(got.value, want);
      } else if (got.ok && got.value !== undefined) {
        throw new Error(`parseJsonc reads ${JSON.stringify(t)}, jsonc-parser does not`);
      }
    }),
    { numRuns: 5000 },
  );
});
