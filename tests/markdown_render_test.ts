/**
 * The Markdown escaping (src/views/markdown.ts) through GitHub's own
 * renderer, cmark-gfm: for any text, in a paragraph, a list item or a table
 * cell, the rendered HTML holds no element but the code spans taskline
 * made, its text is the log's text exactly (on one line, controls shown as
 * escapes), a table row keeps its cells, and nothing GitHub would turn into
 * a mention, a reference, a link, math or an emoji is outside code.
 *
 * @module
 */
import fc from "fast-check";
import { assert, assertEquals } from "./assert.ts";
import { mdCode, mdParagraphs, mdText } from "../src/views/markdown.ts";
import { oneLine } from "../src/views/event_line.ts";
import {
  decodeHtml,
  FORBIDDEN_ELEMENTS,
  HOSTED_OUTSIDE_CODE,
  outsideCode,
  renderGfm,
} from "./markdown_gfm.ts";

/** Pieces of text Markdown or GitHub acts on, and ordinary text between them. */
const PIECES = [
  "<",
  ">",
  "&",
  "&amp;",
  "&#64;",
  "&lt;b&gt;",
  "*",
  "**",
  "_",
  "__",
  "~",
  "~~",
  "`",
  "``",
  "```",
  "[",
  "]",
  "(",
  ")",
  "!",
  "![",
  "](",
  "[^1]",
  "[ ]",
  "[x]",
  "|",
  "\\",
  "\\|",
  "#",
  "##",
  "# ",
  "@",
  "@bob",
  "@org/team",
  "a@b.co",
  "https://",
  "http://e.x/y",
  "HTTPS://E.X",
  "ftp://f.g",
  "www.",
  "www.x.com",
  "(www.y.org)",
  "GH-",
  "GH-1",
  "gh-22",
  "o/r#3",
  "#12",
  ":",
  ":tada:",
  ":+1:",
  "10:31:16",
  "$",
  "$$",
  "$x$",
  "$`y`$",
  "1.",
  "2)",
  "-",
  "+",
  "=",
  "---",
  "===",
  "> ",
  "<img src=x>",
  "<script>",
  "</b>",
  "<!--",
  "-->",
  "<https://a.b>",
  "<a@b.c>",
  "javascript:",
  "mailto:a@b.c",
  "xmpp:a@b.c",
  "^",
  "{",
  "}",
  "'",
  '"',
  "%",
  " ",
  "  ",
  "\t",
  "x",
  "foo",
  "1f2e3d4",
  "é",
  "🚀",
  "漢字",
  "\u00a0",
  "\u202e",
  "\x1b[31m",
  "\x00",
  "\u2028",
  // Whole constructs, so that each is met often.
  "*em*",
  "**strong**",
  "_em_",
  "__strong__",
  "~~del~~",
  "`code`",
  "<b>bold</b>",
  "[t](u)",
  "[link](http://e.x)",
  "![img](x.png)",
  "[x](javascript:alert(1))",
  "[ref]: /url",
  "- item",
  "1. item",
  "# h",
  "> q",
  "```js",
  "| a | b |",
  "<details>",
  "&lt;i&gt;",
  "foo_bar_baz",
];
const text = fc.oneof(
  fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }).map((a) => a.join("")),
  fc.string({ unit: "grapheme", maxLength: 30 }),
  fc.string({ unit: fc.constantFrom(..."<>&*_~`[]()!|\\#@$:/.-+= \tax1"), maxLength: 30 }),
);
const RUNS = { numRuns: 150, seed: 40 };

/** Checks the inline HTML of one text: only code elements, the text as it was, nothing hosted outside code. */
function checkInline(html: string, want: string, what: string): void {
  const tags = html.match(/<[^>]*>/g) ?? [];
  for (const t of tags) {
    assert(t === "<code>" || t === "</code>", `${what}: element ${t} in ${JSON.stringify(html)}`);
  }
  assert(!FORBIDDEN_ELEMENTS.test(html), `${what}: ${html}`);
  assertEquals(decodeHtml(html.replace(/<\/?code>/g, "")), want, `${what}: ${html}`);
  const hosted = HOSTED_OUTSIDE_CODE.exec(decodeHtml(outsideCode(html)));
  assert(hosted === null, `${what}: ${JSON.stringify(hosted?.[0])} outside code in ${html}`);
}

Deno.test("markdown through cmark-gfm: a paragraph is the text, inert", async () => {
  await fc.assert(
    fc.asyncProperty(text, async (s) => {
      const md = mdText(s);
      const html = await renderGfm(md + "\n");
      const want = oneLine(s, 300);
      if (want === "") return assertEquals(html, "");
      const m = /^<p>(.*)<\/p>\n$/s.exec(html);
      assert(m, `not one paragraph: ${JSON.stringify(md)} -> ${html}`);
      checkInline(m[1], want, JSON.stringify(md));
    }),
    RUNS,
  );
});

Deno.test("markdown through cmark-gfm: a list item stays one item of text", async () => {
  await fc.assert(
    fc.asyncProperty(text, async (s) => {
      const md = mdText(s);
      const html = await renderGfm(`- ${md}\n`);
      const m = /^<ul>\n<li>(.*)<\/li>\n<\/ul>\n$/s.exec(html);
      assert(m, `not one list item: ${JSON.stringify(md)} -> ${html}`);
      checkInline(m[1], oneLine(s, 300), JSON.stringify(md));
    }),
    RUNS,
  );
});

Deno.test("markdown through cmark-gfm: a table cell keeps the row's cells", async () => {
  await fc.assert(
    fc.asyncProperty(text, fc.boolean(), async (s, code) => {
      const md = code ? mdCode(s, { table: true }) : mdText(s, { table: true });
      const html = await renderGfm(`| a | b |\n| --- | --- |\n| ${md} | end |\n`);
      const m = /<tbody>\n<tr>\n<td>(.*)<\/td>\n<td>end<\/td>\n<\/tr>\n<\/tbody>/s.exec(html);
      assert(m, `the row lost its cells: ${JSON.stringify(md)} -> ${html}`);
      const want = oneLine(s, 300);
      checkInline(m[1], code && want === "" ? "(empty)" : want, JSON.stringify(md));
    }),
    RUNS,
  );
});

Deno.test("markdown through cmark-gfm: a code span shows the text exactly", async () => {
  await fc.assert(
    fc.asyncProperty(text, async (s) => {
      const md = mdCode(s);
      const want = oneLine(s, 300);
      const html = await renderGfm(`- ${md}\n`);
      const m = /^<ul>\n<li>(.*)<\/li>\n<\/ul>\n$/s.exec(html);
      assert(m, `not one list item: ${JSON.stringify(md)} -> ${html}`);
      if (want === "") return assertEquals(m[1], "(empty)");
      assertEquals(m[1].startsWith("<code>") && m[1].endsWith("</code>"), true, m[1]);
      checkInline(m[1], want, JSON.stringify(md));
    }),
    RUNS,
  );
});

Deno.test("markdown through cmark-gfm: a description stays paragraphs of its lines", async () => {
  const lines = fc.array(fc.oneof(text, fc.constant("")), { maxLength: 6 });
  await fc.assert(
    fc.asyncProperty(lines, async (ls) => {
      const md = mdParagraphs(ls.join("\n"));
      const html = await renderGfm(md + "\n");
      // Paragraphs of the non-empty lines, in order, split where the text had blank lines.
      const paragraphs: string[][] = [[]];
      for (const l of ls.flatMap((x) => x.replace(/\r\n?/g, "\n").split("\n"))) {
        const t = oneLine(l, 4000);
        if (t === "") paragraphs.push([]);
        else paragraphs[paragraphs.length - 1].push(t);
      }
      const want = paragraphs.filter((p) => p.length > 0);
      const got = [...html.matchAll(/<p>(.*?)<\/p>\n/gs)].map((m) => m[1]);
      assertEquals(html, got.map((p) => `<p>${p}</p>\n`).join(""), `${JSON.stringify(md)}`);
      assertEquals(got.length, want.length, `${JSON.stringify(md)} -> ${html}`);
      got.forEach((p, i) => checkInline(p.replaceAll("\n", " "), want[i].join(" "), md));
    }),
    RUNS,
  );
});
