import { assertEquals } from "../../tests/assert.ts";
import { contentText } from "./content_text.ts";

Deno.test("a result given as a string is the output as it is", () => {
  assertEquals(contentText("a\nb\n"), "a\nb\n");
});

Deno.test("a result given as text blocks is their text joined by newlines", () => {
  assertEquals(
    contentText([{ type: "text", text: "first" }, { type: "text", text: "second ✓" }]),
    "first\nsecond ✓",
  );
});

Deno.test("a block that is not text is named, so the trace shows it was there", () => {
  assertEquals(
    contentText([{ type: "text", text: "see" }, { type: "image", source: { data: "..." } }]),
    "see\n[image]",
  );
});

Deno.test("shapes that are no content give no text, without throwing", () => {
  assertEquals([contentText(undefined), contentText(42), contentText([null, 3, {}])], ["", "", ""]);
  assertEquals(contentText({ type: "text", text: "one block" }), "one block");
});
