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

/**
 * A connection as the kernel sees it: what the runtime writes (the chunks of
 * the body stream, framed as the runtime frames them, after a head of
 * `head` bytes) and what the stream sends itself, with room for `room`
 * bytes at a time.
 */
const tick = () => new Promise((r) => setTimeout(r, 0));

class FakeSocket {
  wire = "";
  room = Infinity;
  gone = false;
  resets = 0;
  constructor(readonly head: number) {}
  /** The runtime writes what the body stream gives it. */
  async pump(s: SseStream, chunks: number): Promise<void> {
    const reader = s.readable.getReader();
    for (let i = 0; i < chunks; i++) {
      const { value, done } = await reader.read();
      if (done) break;
      this.wire += `${value.byteLength.toString(16)}\r\n${new TextDecoder().decode(value)}\r\n`;
    }
    reader.releaseLock();
  }
  written(): number {
    return this.gone ? -1 : this.head + new TextEncoder().encode(this.wire).byteLength;
  }
  send(bytes: Uint8Array): number {
    if (this.gone) return -1;
    const n = Math.min(bytes.byteLength, this.room);
    this.room -= n;
    this.wire += new TextDecoder().decode(bytes.subarray(0, n));
    return n;
  }
  reset(): void {
    this.resets++;
  }
}

/** The data of a chunked body's chunks, joined (throws on a broken framing). */
function unchunk(wire: string): string {
  let out = "";
  let rest = wire;
  while (rest !== "") {
    const m = /^([0-9a-f]+)\r\n/.exec(rest);
    if (m === null) throw new Error(`not a chunk: ${JSON.stringify(rest.slice(0, 40))}`);
    const size = parseInt(m[1], 16);
    const body = new TextEncoder().encode(rest.slice(m[0].length));
    out += new TextDecoder().decode(body.subarray(0, size));
    rest = new TextDecoder().decode(body.subarray(size));
    if (!rest.startsWith("\r\n")) throw new Error("a chunk without its CRLF");
    rest = rest.slice(2);
  }
  return out;
}

Deno.test("a stream writes to its connection itself once the runtime has written all it was given", async () => {
  const s = new SseStream({ retryMs: 1000 });
  const sock = new FakeSocket(180);
  try {
    await tick(); // the retry line is in the body stream
    s.attachSocket(sock, 180);
    await sock.pump(s, 1); // the retry line, through the runtime
    assert(!s.direct);
    s.write("data: é → 漢字\n\n");
    await tick();
    assert(s.direct, "direct once the kernel has the head and the retry line");
    const shared = new TextEncoder().encode("data: shared 😀\n\n");
    s.writeBytes(shared);
    s.writeBytes(shared);
    assertEquals(
      unchunk(sock.wire),
      "retry: 1000\n: taskline\n\ndata: é → 漢字\n\ndata: shared 😀\n\ndata: shared 😀\n\n",
    );
  } finally {
    s.close();
  }
});

Deno.test("a stream whose connection shows another head than expected goes on through the runtime", async () => {
  const s = new SseStream();
  // A reused connection: the kernel took a response before this one.
  const sock = new FakeSocket(180 + 500);
  try {
    await tick(); // the retry line is in the body stream
    s.attachSocket(sock, 180);
    await sock.pump(s, 1);
    s.write("data: 1\n\n");
    await tick();
    assert(!s.direct);
    assertEquals(await readSome(s), "data: 1\n\n");
  } finally {
    s.close();
  }
});

Deno.test("while direct, what the kernel has no room for is sent later, in order, and room() waits for it", async () => {
  const s = new SseStream({ queueBytesMax: 1 << 20 });
  const sock = new FakeSocket(100);
  try {
    await tick(); // the retry line is in the body stream
    s.attachSocket(sock, 100);
    await sock.pump(s, 1);
    s.write("data: first\n\n");
    await tick();
    assert(s.direct);
    sock.room = 10;
    const big = "data: " + "x".repeat(40_000) + "\n\n";
    s.write(big);
    s.write("data: last\n\n");
    await tick();
    assert(s.backlogBytes > 16 * 1024, `backlog ${s.backlogBytes}`);
    let roomy = false;
    const waiting = s.room().then(() => roomy = true);
    await new Promise((r) => setTimeout(r, 20));
    assert(!roomy, "no room while the kernel takes nothing");
    sock.room = Infinity;
    await waiting;
    assertEquals(s.backlogBytes, 0);
    assertEquals(
      unchunk(sock.wire),
      "retry: 1000\n: taskline\n\ndata: first\n\n" + big + "data: last\n\n",
    );
  } finally {
    s.close();
  }
});

Deno.test("while direct, a connection found gone closes the stream; a close with bytes unsent resets it", async () => {
  const gone = new SseStream();
  const a = new FakeSocket(50);
  await tick(); // the retry line is in the body stream
  gone.attachSocket(a, 50);
  await a.pump(gone, 1);
  gone.write("data: 1\n\n");
  await tick();
  assert(gone.direct);
  a.gone = true;
  gone.write("data: 2\n\n");
  await tick();
  assert(gone.closed, "closed when the connection is gone");
  assertEquals(a.resets, 0, "a connection that is not this one any more is not touched");

  const slow = new SseStream();
  const b = new FakeSocket(50);
  await tick(); // the retry line is in the body stream
  slow.attachSocket(b, 50);
  await b.pump(slow, 1);
  slow.write("data: 1\n\n");
  await tick();
  assert(slow.direct);
  b.room = 0;
  slow.write("data: 2\n\n");
  await tick();
  slow.close();
  assert(slow.closed);
  assertEquals(b.resets, 1, "reset: its end would have come before the bytes unsent");
});

Deno.test("while direct, room() waiting on batched text resolves when the kernel takes it at once", async () => {
  const s = new SseStream();
  const sock = new FakeSocket(60);
  try {
    await tick(); // the retry line is in the body stream
    s.attachSocket(sock, 60);
    await sock.pump(s, 1);
    s.write("data: 1\n\n");
    await tick();
    assert(s.direct);
    s.write("data: " + "y".repeat(20_000) + "\n\n");
    const roomy = await Promise.race([
      s.room().then(() => true),
      new Promise<boolean>((r) => setTimeout(() => r(false), 500)),
    ]);
    assert(roomy, "room() resolved");
    assertEquals(s.backlogBytes, 0);
  } finally {
    s.close();
  }
});
