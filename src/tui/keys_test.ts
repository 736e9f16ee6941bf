import { assertEquals } from "../../tests/assert.ts";
import { parseKeys } from "./keys.ts";

Deno.test("parseKeys reads arrows, pages, home and end in both encodings", () => {
  const names = (s: string) => parseKeys(s).map((k) => k.name);
  assertEquals(names("\x1b[A\x1b[B\x1b[C\x1b[D"), ["up", "down", "right", "left"]);
  assertEquals(names("\x1bOA\x1bOB"), ["up", "down"]);
  assertEquals(names("\x1b[5~\x1b[6~\x1b[H\x1b[F\x1b[1~\x1b[4~"), [
    "pageup",
    "pagedown",
    "home",
    "end",
    "home",
    "end",
  ]);
  assertEquals(names("\t\x1b[Z"), ["tab", "backtab"]);
});

Deno.test("parseKeys reads Enter, Backspace, Ctrl keys and printable characters", () => {
  assertEquals(parseKeys("q\r/é"), [
    { name: "char", char: "q" },
    { name: "enter" },
    { name: "char", char: "/" },
    { name: "char", char: "é" },
  ]);
  assertEquals(parseKeys("\x7f\x08\x03\x0c\x15").map((k) => k.name), [
    "backspace",
    "backspace",
    "ctrl-c",
    "ctrl-l",
    "ctrl-u",
  ]);
  assertEquals(parseKeys("😀"), [{ name: "char", char: "😀" }]);
});

Deno.test("parseKeys drops unknown escape sequences whole and reads a lone Escape", () => {
  // A mouse report and a function key: nothing of them becomes a character.
  assertEquals(parseKeys("\x1b[<0;10;5M\x1b[15~x"), [{ name: "char", char: "x" }]);
  assertEquals(parseKeys("\x1b"), [{ name: "escape" }]);
  assertEquals(parseKeys("\x1b\x1b"), [{ name: "escape" }, { name: "escape" }]);
  // Other control characters do nothing.
  assertEquals(parseKeys("\x01\x02"), []);
});
