import { assertEquals } from "../../tests/assert.ts";
import { clean, fit, fitRight, paint, textLines, textWidth, wrap } from "./text.ts";

Deno.test("clean makes escape sequences and control characters from logs harmless", () => {
  // A title or an output that tries to clear the screen or set the window title.
  assertEquals(clean("a\x1b[2Jb\x1b]0;pwned\x07c"), "a\\x1b[2Jb\\x1b]0;pwned\\x07c");
  assertEquals(clean("tab\there\nnext\r"), "tab here⏎next\\r");
  assertEquals(clean("\u009b31m"), "\\x9b31m");
  assertEquals(clean("safe\u202etxt.exe \u2066x\u2069"), "safe\\u202etxt.exe \\u2066x\\u2069");
});

Deno.test("fit cuts by display columns with an ellipsis and pads to the width", () => {
  assertEquals(fit("hello", 8), "hello   ");
  assertEquals(fit("hello world", 8), "hello w…");
  assertEquals(fit("hello", 5), "hello");
  assertEquals(fit("hello", 0), "");
  // Wide characters take two columns; a cut never leaves half of one.
  assertEquals(textWidth("日本語"), 6);
  assertEquals(fit("日本語テキスト", 7), "日本語…");
  assertEquals(textWidth(fit("日本語テキスト", 7)), 7);
  assertEquals(fitRight("42", 5), "   42");
  assertEquals(fit("abc", 2, { pad: false }), "a…");
  // Emoji outside the first emoji blocks, symbols drawn as emoji, Yijing hexagrams: two.
  assertEquals(textWidth("🚀⚡✅❌⭐⌚🪄䷀"), 16);
  // Regional indicators and text-style pictographs: one each.
  assertEquals(textWidth("🇫🇷🌡"), 3);
  // Combining marks of any script, kana voicing marks, Hangul vowel jamo: none.
  assertEquals(textWidth("שָׁ नमस्ते a\u0301\u20d7\u1dc0 か\u3099 \u1100\u1161"), 14);
});

Deno.test("wrap and textLines break long text into lines of the width", () => {
  assertEquals(wrap("abcdefg", 3), ["abc", "def", "g"]);
  assertEquals(wrap("", 3), [""]);
  assertEquals(textLines("one\r\ntwo three\n", 5), ["one", "two t", "hree", ""]);
  assertEquals(textLines("x\n".repeat(100), 5, 10).length, 10);
});

Deno.test("paint drops colours when asked but keeps reverse video", () => {
  assertEquals(paint("x", ["red", "bold"]), "\x1b[31;1mx\x1b[0m");
  assertEquals(paint("x", ["red"], false), "x");
  assertEquals(paint("x", ["reverse", "green"], false), "\x1b[7mx\x1b[0m");
});
