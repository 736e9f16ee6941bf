import fc from "fast-check";
import { assert, assertEquals, assertMatch } from "../../tests/assert.ts";
import { tempProject } from "../../tests/helpers.ts";
import {
  charCount,
  cutMarker,
  PREVIEW_CHARS,
  previewOf,
  traceFileText,
  writeTraceOutput,
} from "./trace_store.ts";

const RUN = "41b7e2d9-6c0a-4f3e-b5d8-2a9c1e7f0b05";

Deno.test("an output that fits is kept as it is", () => {
  assertEquals(traceFileText("abc\n", 10), "abc\n");
  assertEquals(traceFileText("x".repeat(100), 100), "x".repeat(100));
});

Deno.test("a longer output is cut within trace_max_chars and ends with the marker line", () => {
  const out = "line\n".repeat(1000);
  const text = traceFileText(out, 2000);
  assert(text.length <= 2000, `${text.length} characters`);
  const lines = text.split("\n");
  assertEquals(lines.at(-1), "");
  assertMatch(lines.at(-2)!, /^\[taskline: output cut to the first \d+ of 5000 characters\]$/);
  const kept = Number(/first (\d+) of/.exec(lines.at(-2)!)![1]);
  assertEquals(text.slice(0, kept), out.slice(0, kept));
  assertEquals(cutMarker(10, 20), "[taskline: output cut to the first 10 of 20 characters]");
});

/** The characters (code points) of a text, as a user counts them. */
const chars = (t: string) => [...t];

Deno.test("cut files never exceed the limit in characters and keep a prefix of the output", () => {
  fc.assert(
    fc.property(
      fc.string({ unit: "grapheme", maxLength: 3000 }),
      fc.integer({ min: 80, max: 2000 }),
      (out, max) => {
        const text = traceFileText(out, max);
        const total = chars(out).length;
        if (total <= max) return assertEquals(text, out);
        assert(chars(text).length <= max, `${chars(text).length} characters`);
        const m = /\[taskline: output cut to the first (\d+) of (\d+) characters\]\n$/.exec(text)!;
        assert(m, "marker line at the end");
        assertEquals(Number(m[2]), total);
        const kept = chars(out).slice(0, Number(m[1])).join("");
        assert(text.startsWith(kept), "the kept characters begin the file");
        assert(text.length <= kept.length + 1 + m[0].length, "nothing but a newline between");
      },
    ),
    { numRuns: 500 },
  );
});

Deno.test("a character is a code point: an emoji counts once, a lone surrogate once", () => {
  assertEquals(charCount(""), 0);
  assertEquals(charCount("abc"), 3);
  assertEquals(charCount("é→漢😀"), 4);
  assertEquals(charCount("😀".repeat(300)), 300);
  assertEquals(charCount("a\ud800b\udc00"), 4);
  fc.assert(
    fc.property(fc.string({ unit: "binary", maxLength: 200 }), (t) => {
      assertEquals(charCount(t), chars(t).length);
    }),
  );
  // 300 emoji in a file of at most 250 characters: cut, and counted as characters.
  const text = traceFileText("😀".repeat(300), 250);
  const m = /first (\d+) of 300 characters\]\n$/.exec(text)!;
  assert(m, text.slice(-80));
  const k = Number(m[1]);
  assertEquals(text, "😀".repeat(k) + "\n" + cutMarker(k, 300) + "\n");
  assert(chars(text).length <= 250);
});

Deno.test("the preview is the first 200 characters, never half a surrogate pair", () => {
  assertEquals(PREVIEW_CHARS, 200);
  assertEquals(previewOf("a".repeat(500)), "a".repeat(200));
  assertEquals(previewOf("short"), "short");
  const emoji = "a".repeat(199) + "😀" + "b";
  assertEquals(previewOf(emoji), "a".repeat(199) + "😀");
  assertEquals(previewOf("😀".repeat(300)), "😀".repeat(200));
  assertEquals(previewOf("😀".repeat(150)), "😀".repeat(150));
});

Deno.test("the output file is written under tool-output/<task dir>/<run>/<call>.txt", async () => {
  await using p = await tempProject();
  const rel = await writeTraceOutput(
    p.state,
    { dir: "004-x", run: RUN, call: "c81f2a7e0d43" },
    "hello",
    {
      maxChars: 100,
    },
  );
  assertEquals(rel, `.taskline/tool-output/004-x/${RUN}/c81f2a7e0d43.txt`);
  assertEquals(await Deno.readTextFile(`${p.dir}/${rel}`), "hello");
});

Deno.test("outputs are written again after their directory was removed, and leave no temporary file", async () => {
  await using p = await tempProject();
  const where = (call: string) => ({ dir: "005-y", run: RUN, call });
  assert(await writeTraceOutput(p.state, where("aaaaaaaaaaa1"), "one") !== null);
  // The task discarded (its outputs removed) while a producer goes on.
  await Deno.remove(`${p.state.root}/tool-output`, { recursive: true });
  const rel = await writeTraceOutput(p.state, where("aaaaaaaaaaa2"), "two");
  assertEquals(rel, `.taskline/tool-output/005-y/${RUN}/aaaaaaaaaaa2.txt`);
  assertEquals(await Deno.readTextFile(`${p.dir}/${rel}`), "two");
  for (let i = 3; i < 40; i++) {
    const call = `aaaaaaaaaa${String(i).padStart(2, "0")}`;
    assert(await writeTraceOutput(p.state, where(call), `out ${i}`) !== null);
  }
  const names = [...Deno.readDirSync(`${p.state.root}/tool-output/005-y/${RUN}`)].map((e) =>
    e.name
  );
  assertEquals(names.length, 38);
  assert(names.every((n) => /^a{10}[a0-9]{2}\.txt$/.test(n)), names.join(" "));
});

Deno.test("a file that cannot be written, or a call id that is not one, gives null", async () => {
  await using p = await tempProject();
  await Deno.writeTextFile(`${p.state.root}/tool-output`, "a file where the directory should be");
  assertEquals(
    await writeTraceOutput(p.state, { dir: "004-x", run: RUN, call: "c81f2a7e0d43" }, "x"),
    null,
  );
  await Deno.remove(`${p.state.root}/tool-output`);
  for (const call of ["../../../etc", "C81F2A7E0D43", "c81f2a7e0d4"]) {
    assertEquals(
      await writeTraceOutput(p.state, { dir: "004-x", run: RUN, call }, "x"),
      null,
      call,
    );
  }
  assertEquals(
    await writeTraceOutput(p.state, { dir: "004-x", run: "..", call: "c81f2a7e0d43" }, "x"),
    null,
  );
});
