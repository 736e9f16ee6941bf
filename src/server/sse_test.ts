import { assert, assertEquals } from "../../tests/assert.ts";
import fc from "fast-check";
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

Deno.test("many streams on the shared timer each get their heartbeat", async () => {
  const streams = Array.from({ length: 200 }, () => new SseStream({ heartbeatMs: 30 }));
  try {
    const beats = await Promise.all(streams.map(async (s) => {
      await readSome(s);
      return await readSome(s);
    }));
    assert(beats.every((b) => b.startsWith(": keep-alive")), "every stream got its heartbeat");
  } finally {
    for (const s of streams) s.close();
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

/**
 * An SSE parser as the HTML standard describes it (CR, LF and CRLF all end a
 * line; a blank line dispatches), returning the dispatched events.
 */
function parseSse(text: string): { id: string; type: string; data: string }[] {
  const out: { id: string; type: string; data: string }[] = [];
  let lastId = "";
  let type = "";
  let data: string[] | null = null;
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (line === "") {
      if (data !== null) out.push({ id: lastId, type: type || "message", data: data.join("\n") });
      type = "";
      data = null;
      continue;
    }
    if (line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") (data ??= []).push(value);
    else if (field === "event") type = value;
    else if (field === "id" && !value.includes("\0")) lastId = value;
  }
  return out;
}

const hostileText = fc.oneof(
  fc.string({ unit: "binary" }),
  fc.constantFrom(
    "x\nid: 999\nevent: run_finished\ndata: {}\n\nid: 998",
    "a\rb",
    "a\r\nb",
    "\u2028\u2029",
    "\0",
    "\n\n",
    "run_started",
  ),
  fc.array(fc.constantFrom("\r", "\n", "\r\n", "\u2028", "\0", "a", ":", " ", "id: 1", "data:"), {
    maxLength: 12,
  }).map((parts) => parts.join("")),
);

Deno.test("no text in an envelope forges or splits a frame (property)", () => {
  fc.assert(
    fc.property(
      hostileText,
      fc.dictionary(fc.string({ maxLength: 8 }), hostileText, { maxKeys: 4 }),
      fc.constantFrom("12-3-4", "7"),
      fc.boolean(),
      (type, fields, id, rawCr) => {
        const env = { schema: 2, seq: 4, at: "2026-01-01T00:00:00Z", event: { ...fields, type } };
        // A log line may also hold raw CR or LF as JSON whitespace between tokens.
        const data = rawCr ? JSON.stringify(env, null, "\r\n\r") : JSON.stringify(env);
        const frames = parseSse(frameText({ id, event: type, data }));
        assertEquals(frames.length, 1);
        assertEquals(frames[0].id, id);
        assertEquals(JSON.parse(frames[0].data), env);
        const plain = /^[A-Za-z0-9_.:-]{1,64}$/.test(type);
        assertEquals(frames[0].type, plain ? type : "message");
      },
    ),
    { numRuns: 2000 },
  );
});

Deno.test("an id that holds a line break is left out rather than sent", () => {
  assertEquals(
    frameText({ id: "1\nevent: x", event: "log", data: "{}" }),
    "event: log\ndata: {}\n\n",
  );
});
