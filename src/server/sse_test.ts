import { assert, assertEquals } from "../../tests/assert.ts";
import fc from "fast-check";
import { frameText, SseStream, type SseStreamOptions } from "./sse.ts";

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

const tick = () => new Promise((r) => setTimeout(r, 0));

/**
 * A connection as the kernel sees it: the response head the runtime wrote
 * (`head` bytes, once `headWritten`), then what the stream sends itself,
 * with room for `room` bytes at a time.
 */
class FakeSocket {
  wire = "";
  room = Infinity;
  gone = false;
  resets = 0;
  headWritten = true;
  constructor(readonly head: number) {}
  written(): number {
    if (this.gone) return -1;
    return (this.headWritten ? this.head : 0) + new TextEncoder().encode(this.wire).byteLength;
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

/** A stream on `sock` whose head is `head` bytes. */
function directStream(sock: FakeSocket, head: number, options: SseStreamOptions = {}) {
  return new SseStream({
    ...options,
    socket: { connection: Promise.resolve(sock), headBytes: head },
  });
}

Deno.test("a stream writes to its connection itself once the kernel has its response head", async () => {
  const sock = new FakeSocket(180);
  sock.headWritten = false;
  const s = directStream(sock, 180);
  try {
    s.write("data: é → 漢字\n\n");
    await new Promise((r) => setTimeout(r, 5));
    assert(!s.direct, "nothing is written before the head");
    assertEquals(sock.wire, "");
    sock.headWritten = true;
    // It looks a millisecond apart (a loaded machine's timers may be later).
    for (const deadline = Date.now() + 20_000; !s.direct && Date.now() < deadline;) {
      await new Promise((r) => setTimeout(r, 1));
    }
    assert(s.direct);
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

Deno.test("a stream whose connection shows another head, or none, is written by the runtime", async () => {
  // HTTP/1.0 (no transfer-encoding line), or other headers than expected.
  const other = new FakeSocket(152);
  const s = directStream(other, 180);
  const none = new SseStream({ socket: { connection: Promise.resolve(null), headBytes: 180 } });
  try {
    s.write("data: 1\n\n");
    none.write("data: 2\n\n");
    assertEquals(await readSome(s), "retry: 1000\n: taskline\n\ndata: 1\n\n");
    assertEquals(await readSome(none), "retry: 1000\n: taskline\n\ndata: 2\n\n");
    assert(!s.direct && !none.direct);
    assertEquals(other.wire, "");
  } finally {
    s.close();
    none.close();
  }
});

Deno.test("while direct, what the kernel has no room for is sent later, in order, and room() waits for it", async () => {
  const sock = new FakeSocket(100);
  const s = directStream(sock, 100, { queueBytesMax: 1 << 20 });
  try {
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
  const a = new FakeSocket(50);
  const gone = directStream(a, 50);
  await tick();
  assert(gone.direct);
  a.gone = true;
  gone.write("data: 2\n\n");
  await tick();
  assert(gone.closed, "closed when the connection is gone");
  assertEquals(a.resets, 0, "a connection that is not this one any more is not touched");

  const b = new FakeSocket(50);
  const slow = directStream(b, 50);
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
  const sock = new FakeSocket(60);
  const s = directStream(sock, 60);
  try {
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
