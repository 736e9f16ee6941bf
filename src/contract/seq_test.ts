import { assertEquals, assertThrows } from "../../tests/assert.ts";
import { parseSeq } from "./seq.ts";
import { BadValue } from "../errors.ts";

Deno.test("a seq is digits: 0 is before the first event, 15 digits at most", () => {
  assertEquals(parseSeq("0"), 0);
  assertEquals(parseSeq("12"), 12);
  assertEquals(parseSeq("007"), 7);
  assertEquals(parseSeq("9".repeat(15)), 999_999_999_999_999);
});

Deno.test("a text that is not a seq is a BadValue naming the value, not where it was given", () => {
  for (const bad of ["", "-1", "1.5", "x3", " 3", "1e3", "9".repeat(16)]) {
    const e = assertThrows(() => parseSeq(bad), BadValue) as BadValue;
    assertEquals(e.code, "usage");
    assertEquals(e.values, [bad]);
    assertEquals(
      e.message,
      `Cannot read seq "${bad.slice(0, 40)}": expected a non-negative integer`,
    );
    // Each surface names its own input: the command line's flag, the server's parameter.
    assertEquals(
      e.givenAs("--after").message,
      `--after takes a non-negative integer, not "${bad.slice(0, 40)}"`,
    );
  }
});
