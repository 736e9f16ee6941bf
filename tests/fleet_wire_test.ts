import { assertEquals } from "./assert.ts";
import {
  batchMsgId,
  countLines,
  decodeOutputs,
  encodeOutputs,
  evExtent,
  isToolReturnedLine,
  lastLineStart,
  lineKeys,
  lineKeysOfBytes,
  lineMsgId,
  offsetOfMsgId,
  outputBytesInMsg,
  OUTPUTS_OVERHEAD_BYTES,
} from "../src/fleet/wire.ts";

Deno.test("several outputs in one message read back byte for byte, within the size ship counts", () => {
  const enc = new TextEncoder();
  const outs = [
    { run: "r-1", call: "0123456789ab", data: enc.encode("first\nline é ✓\n") },
    { run: "r-1", call: "00000000000c", data: new Uint8Array(0) },
    { run: "run_2", call: "ffffffffffff", data: new Uint8Array([0, 10, 255, 10, 13]) },
  ];
  const data = encodeOutputs(outs);
  let size = OUTPUTS_OVERHEAD_BYTES;
  for (const o of outs) size += outputBytesInMsg(o);
  assertEquals(data.length <= size, true, `${data.length} > ${size}`);
  assertEquals(decodeOutputs(data), outs);
  // Not a message of outputs: a length that does not add up, a call that is not one, no index.
  assertEquals(decodeOutputs(data.subarray(0, data.length - 1)), null);
  assertEquals(decodeOutputs(enc.encode('[["r","../x",0]]\n')), null);
  assertEquals(decodeOutputs(enc.encode("plain text")), null);
});

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
  // In a chunk of lines, each line is told a tool_returned as the full reader tells it.
  const chunk = new TextEncoder().encode(
    lines.join("") +
      '{"schema":2,"seq":10,"at":"t","event":{"type":"tool_returned_x","run":"r"}}\n',
  );
  let start = 0;
  for (let end = chunk.indexOf(10) + 1; end > 0; end = chunk.indexOf(10, start) + 1) {
    const line = chunk.subarray(start, end);
    assertEquals(
      isToolReturnedLine(chunk, start, end, dec),
      lineKeysOfBytes(line, dec).isToolReturned,
      dec.decode(line),
    );
    start = end;
  }
  assertEquals(lineKeysOfBytes(new TextEncoder().encode(lines[0]), dec).isToolReturned, true);
  assertEquals(lineKeysOfBytes(new TextEncoder().encode(lines[3]), dec).run, "r_2_x");
});

Deno.test("a batch's message id names its first line's offset, as a line's does, and its bounds", () => {
  const one = lineMsgId("t1", "r", 7, 1234);
  const batch = batchMsgId("t1", "r", 7, 9, 3, 1234);
  assertEquals(batch, "t1:r:7-9:3:1234");
  assertEquals([offsetOfMsgId(one), offsetOfMsgId(batch)], [1234, 1234]);
  // Two batches from the same line that end elsewhere have different ids.
  assertEquals(batchMsgId("t1", "r", 7, 8, 2, 1234) === batch, false);
  assertEquals(batchMsgId("t1", "", null, null, 2, 0), "t1::-:2:0");
  const data = new TextEncoder().encode("a\nbb\nccc\n");
  assertEquals([countLines(data), lastLineStart(data)], [3, 5]);
  assertEquals(lastLineStart(new TextEncoder().encode("only\n")), 0);
});

Deno.test("where an ev message ends in the log: a line or batch at its end, a split line at its last part only", () => {
  const h = (o: Record<string, string>) => new Map(Object.entries(o));
  const id = lineMsgId("t1", "r", 7, 1000);
  assertEquals(evExtent(h({ "Nats-Msg-Id": id }), 50), { start: 1000, end: 1050, part: null });
  const batch = batchMsgId("t1", "r", 7, 9, 3, 1000);
  assertEquals(evExtent(h({ "Nats-Msg-Id": batch }), 300)?.end, 1300);
  // A split line of 900 bytes in 2 parts: whole at its last part; cut short before it.
  const part = (i: number, more: Record<string, string> = { "Taskline-Length": "900" }) =>
    evExtent(
      h({ "Nats-Msg-Id": lineMsgId("t1", "r", 7, 1000, i), "Taskline-Part": `${i}/2`, ...more }),
      450,
    );
  assertEquals(part(0), { start: 1000, end: 1000, part: { i: 0, n: 2 } });
  assertEquals(part(1), { start: 1000, end: 1900, part: { i: 1, n: 2 } });
  assertEquals(part(1, {})?.end, 1000); // no length: sent again whole
  assertEquals(evExtent(h({ "Nats-Msg-Id": "no-offset" }), 10), null);
  assertEquals(evExtent(undefined, 10), null);
});
