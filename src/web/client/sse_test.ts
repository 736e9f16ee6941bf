import { assertEquals } from "../../../tests/assert.ts";
import { SseParser } from "./sse.ts";

Deno.test("the page's event stream parser reads events as the SSE specification does, at every cut", () => {
  const stream = 'retry: 1500\n: a comment\n\nid: 1-1-1\nevent: log\ndata: {"a":1}\n\n' +
    "id: 2-1-2\r\nevent: quota_checked\r\ndata: one\r\ndata:two\r\n\r\n" +
    "id: bad\u0000id\revent: x\rdata\r\r" + "data: unnamed\n\n" + "event: no_data\n\n";
  const want = [
    ["log", '{"a":1}', "1-1-1"],
    ["quota_checked", "one\ntwo", "2-1-2"],
    ["x", "", "2-1-2"],
    ["message", "unnamed", "2-1-2"],
  ];
  for (let cut = 0; cut <= stream.length; cut++) {
    const got: string[][] = [];
    const p = new SseParser((type: string, data: string, id: string) => got.push([type, data, id]));
    p.push(stream.slice(0, cut));
    p.push(stream.slice(cut));
    assertEquals(got, want, `cut at ${cut}`);
    assertEquals(p.retryMs, 1500);
  }
});
