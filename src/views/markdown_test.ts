import { assertEquals } from "../../tests/assert.ts";
import { mdCode, mdDocument, mdParagraphs, mdText } from "./markdown.ts";

Deno.test("markdown: HTML tags and comments get a backslash before < and >", () => {
  assertEquals(
    mdText('<img src=x onerror="alert(1)"><script>x</script>'),
    '\\<img src=x onerror="alert(1)"\\>\\<script\\>x\\</script\\>',
  );
  assertEquals(mdText("<!-- hidden -->"), "\\<!-- hidden --\\>");
});

Deno.test("markdown: entity references stay text (the & is escaped)", () => {
  assertEquals(mdText("&lt;b&gt; &#60;"), "\\&lt;b\\&gt; `&#60;`");
});

Deno.test("markdown: links, images, footnotes and task boxes lose their brackets", () => {
  assertEquals(mdText("[click](javascript:alert(1))"), "\\[click\\](javascript:alert(1))");
  assertEquals(mdText("![pixel](x.png)"), "!\\[pixel\\](x.png)");
  assertEquals(mdText("[ref]: /evil"), "\\[ref\\]: /evil");
  assertEquals(mdText("note[^1] [ ] [x]"), "note\\[^1\\] \\[ \\] \\[x\\]");
});

Deno.test("markdown: autolinks, bare URLs, www. and e-mail addresses go in code spans", () => {
  assertEquals(mdText("see <https://evil.example/x>"), "see `<https://evil.example/x>`");
  assertEquals(mdText("see https://evil.example/x now"), "see `https://evil.example/x` now");
  assertEquals(mdText("(www.evil.example)"), "`(www.evil.example)`");
  assertEquals(mdText("mail a.b@evil.example"), "mail `a.b@evil.example`");
  assertEquals(mdText("FTP://x.y"), "`FTP://x.y`");
});

Deno.test("markdown: mentions, team mentions and references go in code spans", () => {
  assertEquals(mdText("thanks @alice and @org/team"), "thanks `@alice` and `@org/team`");
  assertEquals(mdText("fixes #12, GH-7 and o/r#3"), "fixes `#12,` `GH-7` and `o/r#3`");
  assertEquals(mdText("C# rocks"), "`C#` rocks");
});

Deno.test("markdown: math and emoji codes go in code spans; times stay text", () => {
  assertEquals(mdText("costs $5 and $6"), "costs `$5` and `$6`");
  assertEquals(mdText("ship it :rocket: :+1:"), "ship it `:rocket:` `:+1:`");
  assertEquals(mdText("at 10:31:16"), "at 10:31:16");
});

Deno.test("markdown: emphasis, strikethrough and code marks get a backslash", () => {
  assertEquals(
    mdText("*a* _b_ **c** ~~d~~ `e`"),
    "\\*a\\* \\_b\\_ \\*\\*c\\*\\* \\~\\~d\\~\\~ \\`e\\`",
  );
  assertEquals(mdText("a\\*b\\"), "a\\\\\\*b\\\\");
});

Deno.test("markdown: a code span's fence is longer than any backtick run inside it", () => {
  assertEquals(mdCode("a`b"), "``a`b``");
  assertEquals(mdCode("``x"), "``` ``x ```");
  assertEquals(mdCode("`"), "`` ` ``");
  assertEquals(mdCode(" a "), "`a`");
  assertEquals(mdCode("a | b", { table: true }), "`a `\\|` b`");
  assertEquals(mdCode("@bob`s"), "``@bob`s``");
  assertEquals(mdText("@bob`s"), "``@bob`s``");
  assertEquals(mdCode(""), "(empty)");
});

Deno.test("markdown: table pipes never split a cell", () => {
  assertEquals(mdText("a|b | c"), "a\\|b \\| c");
  assertEquals(mdText("x@y|z", { table: true }), "`x@y`\\|z");
  assertEquals(mdCode("a|b", { table: true }), "`a`\\|`b`");
  assertEquals(mdCode("a\\|b", { table: true }), "`a\\`\\|`b`");
  assertEquals(mdCode("|a|", { table: true }), "\\|`a`\\|");
  // Outside a table a code span keeps its pipes as they are.
  assertEquals(mdCode("a|b"), "`a|b`");
});

Deno.test("markdown: line starts cannot open a heading, list, quote, fence or break", () => {
  assertEquals(mdText("# Title"), "`#` Title");
  assertEquals(mdText("> quoted"), "\\> quoted");
  assertEquals(mdText("- item"), "\\- item");
  assertEquals(mdText("+ item"), "\\+ item");
  assertEquals(mdText("* item"), "\\* item");
  assertEquals(mdText("12. item"), "12\\. item");
  assertEquals(mdText("3) item"), "3\\) item");
  assertEquals(mdText("```js"), "\\`\\`\\`js");
  assertEquals(mdText("~~~"), "\\~\\~\\~");
  assertEquals(mdText("---"), "\\---");
  assertEquals(mdText("==="), "\\===");
  assertEquals(mdText("    indented code"), "indented code");
  // In a table cell or after other text on the line nothing opens a block: no escape there.
  assertEquals(mdText("1.5 s", { table: true }), "1.5 s");
  assertEquals(mdText("- 1.3k tokens", { lineStart: false }), "- 1.3k tokens");
});

Deno.test("markdown: control, bidi and invisible characters are shown as escapes, on one line", () => {
  assertEquals(mdText("a\nb\tc"), "a b c");
  assertEquals(mdText("\x1b[31mred"), "\\\\x1b\\[31mred");
  assertEquals(mdText("safe\u202etxt.exe"), "safe\\\\u202etxt.exe");
  assertEquals(mdCode("x\u202ey"), "`x\\u202ey`");
  assertEquals(mdText("emoji 🚀 漢字 é"), "emoji 🚀 漢字 é");
});

Deno.test("markdown: long text is cut with … before escaping", () => {
  assertEquals(mdText("abcdefghij", { charsMax: 5 }), "abcd…");
  assertEquals(mdText("*".repeat(10), { charsMax: 4 }).length, 7);
});

Deno.test("markdown: paragraphs keep their lines and paragraph breaks, each line inert", () => {
  assertEquals(
    mdParagraphs("# Title\r\n\r\n\r\n- one\n> two\n\n```\ncode\n```\n\n"),
    "`#` Title\n\n\\- one\n\\> two\n\n\\`\\`\\`\ncode\n\\`\\`\\`",
  );
  assertEquals(mdParagraphs("line\n===\nx\n---"), "line\n\\===\nx\n\\---");
  assertEquals(mdParagraphs(""), "");
  assertEquals(mdParagraphs(undefined), "");
});

Deno.test("markdown: a document keeps its own line breaks and escapes every other control", () => {
  assertEquals(mdDocument(["a\nb", "c\x07"]), "a\nb\nc\\x07\n");
});
