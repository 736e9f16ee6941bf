import { assert, assertEquals } from "../../tests/assert.ts";
import { frameText, SseStream } from "./sse.ts";

Deno.test("frames carry id, event and data; ephemeral frames no id", () => {
  assertEquals(
    frameText({ id: "1-2-3", event: "log", data: "{}" }),
    "id: 1-2-3\nevent: log\ndata: {}\n\n",
  );
  assertEquals(frameText({ event: "agent_delta", data: "{}" }), "event: agent_delta\ndata: {}\n\n");
});

async function readSome(s: SseStream): Promise<string> {
  const reader = s.readable.getReader();
  const { value } = await reader.read();
  reader.releaseLock();
  return new TextDecoder().decode(value);
}

Deno.test("a stream starts with retry:, and frames pushed together go out as one chunk", async () => {
  const s = new SseStream({ retryMs: 2500 });
  try {
    assertEquals(await readSome(s), "retry: 2500\n: taskline\n\n");
    s.push(frameText({ id: "1", event: "a", data: "1" }));
    s.push(frameText({ id: "2", event: "b", data: "2" }));
    assertEquals(await readSome(s), "id: 1\nevent: a\ndata: 1\n\nid: 2\nevent: b\ndata: 2\n\n");
  } finally {
    s.close();
  }
});

Deno.test("heartbeat comments keep the connection alive", async () => {
  const s = new SseStream({ heartbeatMs: 20 });
  try {
    await readSome(s);
    assert((await readSome(s)).startsWith(": keep-alive"));
  } finally {
    s.close();
  }
});

Deno.test("push refuses text past the bound while the client reads nothing", async () => {
  const s = new SseStream({ queueBytesMax: 1000 });
  try {
    await new Promise((r) => setTimeout(r, 0));
    let accepted = 0;
    for (let i = 0; i < 100; i++) {
      if (s.push("x".repeat(100))) accepted++;
      await new Promise((r) => setTimeout(r, 0));
    }
    assert(accepted < 12, `accepted ${accepted}`);
    assert(s.backlogBytes <= 1000);
  } finally {
    s.close();
  }
});

Deno.test("a client that cancels closes the stream and tells its owner", async () => {
  let closed = 0;
  const s = new SseStream({ onClose: () => closed++ });
  await s.readable.cancel();
  assert(s.closed);
  assertEquals(closed, 1);
  assert(!s.push("x"));
});
