import { assert, assertEquals, assertMatch } from "../../tests/assert.ts";
import { EVENT_TYPES } from "../contract/events.ts";
import { decodeLine } from "../codec/decode.ts";
import { oneLine, renderEvent, timeOf, useColor } from "./event_line.ts";

const FIXTURE = new URL("../../fixtures/peer/events-0.5.jsonl", import.meta.url);

Deno.test("every event type has its own human line; unknown types say so", async () => {
  const text = await Deno.readTextFile(FIXTURE);
  const seen = new Set<string>();
  for (const l of text.split("\n").filter((l) => l)) {
    const d = decodeLine(l);
    assert(d.ok);
    const out = renderEvent(d.env);
    assertMatch(out, /^\d\d:\d\d:\d\d\.\d{3} \S+ \S/);
    assert(!out.includes("\n"));
    if (EVENT_TYPES.includes(d.env.event.type as never)) {
      assert(!out.includes("unknown event"), out);
      seen.add(d.env.event.type);
    } else {
      assertEquals(out, "10:00:25.000 ? future_thing (unknown event, schema 3)");
    }
  }
  assertEquals(seen.size, EVENT_TYPES.length);
});

Deno.test("human lines: #N prefix, UTC times, one line, colour only when asked", () => {
  const env = {
    schema: 2,
    seq: 1,
    at: "2026-01-01T01:02:03.456789+01:00",
    event: { type: "log", run: "r", level: "error", message: "two\nlines\u001b[2J" },
  };
  assertEquals(renderEvent(env, { number: 12 }), "#12 00:02:03.456 ✘ error: two lines\\x1b[2J");
  assert(renderEvent(env, { color: true }).includes("\x1b[31m"));
  assert(!renderEvent(env).includes("\x1b"));
  assertEquals(timeOf("yesterday"), "??:??:??.???");
});

Deno.test("colour: only on a terminal, and never with NO_COLOR", () => {
  assertEquals(useColor(true, () => undefined), true);
  assertEquals(useColor(true, () => ""), true);
  assertEquals(useColor(true, () => "1"), false);
  assertEquals(useColor(false, () => undefined), false);
});

Deno.test("a one-line text cut never splits an emoji", () => {
  for (let pad = 0; pad < 4; pad++) {
    const text = "x".repeat(pad) + "😀".repeat(100);
    const line = oneLine(text, 20);
    assert(line.endsWith("…"), line);
    assert(
      !/[\ud800-\udbff](?![\udc00-\udfff])/.test(line),
      `a lone surrogate: ${JSON.stringify(line)}`,
    );
    assert(line.length <= 20, line);
  }
});
