import { assertEquals } from "./assert.ts";
import { lineKeys, lineKeysOfBytes } from "../src/fleet/wire.ts";

Deno.test("ship reads run and seq of a line from its bytes as from its text", () => {
  const lines = [
    '{"schema":2,"seq":7,"at":"2026-01-02T03:04:05Z","event":{"type":"tool_returned","run":"r-1","call":"abc"}}\n',
    '{"schema":2,"seq":123456,"at":"2026-01-02T03:04:05Z","event":{"type":"agent_text","run":"ü-run","text":"x"}}\n',
    '{"schema":2,"seq":8,"at":"2026-01-02T03:04:05Z","event":{"type":"agent_text","run":"a\\"b","text":"x"}}\n',
    '{"seq":9,"schema":2,"event":{"run":"r:2#x","type":"tool_returned"},"at":"t"}\n',
    '{"schema":2,"at":"t","event":{"type":"log","level":"info","message":"m"}}\n',
    "not json\n",
  ];
  const dec = new TextDecoder();
  for (const text of lines) {
    const bytes = new TextEncoder().encode(text);
    const want = lineKeys(text.slice(0, 300), () => text);
    assertEquals(lineKeysOfBytes(bytes, dec), {
      run: want.run,
      seq: want.seq,
      isToolReturned: want.type === "tool_returned",
    }, text);
  }
  assertEquals(lineKeysOfBytes(new TextEncoder().encode(lines[0]), dec).isToolReturned, true);
  assertEquals(lineKeysOfBytes(new TextEncoder().encode(lines[3]), dec).run, "r_2_x");
});
