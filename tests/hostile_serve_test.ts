/**
 * The hostile fixture (fixtures/hostile/) through a real `taskline serve`
 * (issue #22): every JSON route's body parses and its strings come back
 * exactly as written; the task stream and the project stream, read with a
 * parser that follows the SSE specification (CR, LF and CRLF each end a
 * line), give exactly one frame per event, with the right id, an `event:`
 * only for a plain type name, and the log line as data: nothing forged, split
 * or lost.
 *
 * The round trip is tested on the fixture without its line 11 (not UTF-8,
 * a broken line: see the last test).
 *
 * @module
 */
import { assert, assertEquals } from "./assert.ts";
import { copyTree, REPO, type TempProject, tempProject } from "./helpers.ts";
import { startServer } from "./serve_util.ts";

const FIXTURE = `${REPO}/fixtures/hostile`;
const LOG = ".taskline/tasks/001-hostile-text/events.jsonl";
const PLAIN_TYPE = /^[A-Za-z0-9_.:-]{1,64}$/;

/** The fixture's log lines as bytes, split at newlines. */
async function rawLines(): Promise<Uint8Array[]> {
  const bytes = await Deno.readFile(`${FIXTURE}/${LOG}`);
  const out: Uint8Array[] = [];
  let start = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 10) {
      out.push(bytes.subarray(start, i));
      start = i + 1;
    }
  }
  return out;
}

function isUtf8(b: Uint8Array): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(b);
    return true;
  } catch {
    return false;
  }
}

/** The fixture, without its lines that are not UTF-8 unless `whole`. */
async function hostile(whole = false): Promise<{ p: TempProject; lines: string[] }> {
  const p = await tempProject({ init: false });
  await copyTree(`${FIXTURE}/.taskline`, `${p.dir}/.taskline`);
  const raw = await rawLines();
  const kept = whole ? raw : raw.filter(isUtf8);
  const lines = kept.filter(isUtf8).map((b) => new TextDecoder().decode(b));
  if (!whole) {
    const enc = new TextEncoder();
    await Deno.writeFile(`${p.dir}/${LOG}`, enc.encode(lines.map((l) => l + "\n").join("")));
  }
  return { p, lines };
}

/** One frame as a spec-conformant parser dispatches it. */
interface Frame {
  /** The id field of this frame's own block, if it had one. */
  id: string | null;
  event: string;
  data: string;
}

/** Parses SSE text: lines end at CRLF, LF or CR; a blank line dispatches a frame that has data. */
function parseSse(text: string): Frame[] {
  const frames: Frame[] = [];
  let data: string[] = [];
  let event = "";
  let id: string | null = null;
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (line === "") {
      if (data.length > 0) frames.push({ id, event: event || "message", data: data.join("\n") });
      data = [];
      event = "";
      id = null;
      continue;
    }
    if (line.startsWith(":")) continue;
    const c = line.indexOf(":");
    const field = c < 0 ? line : line.slice(0, c);
    let value = c < 0 ? "" : line.slice(c + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") data.push(value);
    else if (field === "event") event = value;
    else if (field === "id" && !value.includes("\0")) id = value;
  }
  return frames;
}

/** Reads a stream until `n` frames with data arrived (then `settleMs` more), and cancels it. */
async function readFrames(res: Response, n: number, settleMs = 500): Promise<Frame[]> {
  assertEquals(res.status, 200);
  assertEquals(res.headers.get("content-type")?.split(";")[0], "text/event-stream");
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  const deadline = Date.now() + 20_000;
  let settleUntil = 0;
  // One read at a time, kept across the ticks: a read dropped by the race
  // would lose its chunk.
  let pending: Promise<ReadableStreamReadResult<string>> | null = null;
  try {
    for (;;) {
      const now = Date.now();
      if (now > deadline) throw new Error(`timed out; got:\n${text.slice(0, 2000)}`);
      if (settleUntil > 0 && now > settleUntil) break;
      pending ??= reader.read();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const r = await Promise.race([
        pending,
        new Promise<null>((ok) => timer = setTimeout(() => ok(null), 100)),
      ]);
      clearTimeout(timer);
      if (r === null) continue;
      pending = null;
      if (r.done) break;
      text += r.value;
      // Only whole blocks: the text up to the last blank line.
      const whole = text.slice(0, Math.max(text.lastIndexOf("\n\n"), 0) + 2);
      if (settleUntil === 0 && parseSse(whole).length >= n) settleUntil = Date.now() + settleMs;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return parseSse(text.slice(0, text.lastIndexOf("\n\n") + 2));
}

/** Nanoseconds since the epoch of an RFC 3339 UTC time, exactly. */
function nsOf(at: string): bigint {
  const m = /^(.*?)(?:\.(\d{1,9}))?Z$/.exec(at)!;
  return BigInt(Date.parse(m[1] + "Z")) * 1_000_000n + BigInt((m[2] ?? "").padEnd(9, "0"));
}

Deno.test("hostile text through the JSON routes: every body parses and every string comes back exactly", async () => {
  const { p, lines } = await hostile();
  await using _p = p;
  await using server = await startServer(p.dir);
  const taskJson = JSON.parse(
    await Deno.readTextFile(`${p.dir}/.taskline/tasks/001-hostile-text/task.json`),
  );
  const strings = JSON.parse(await Deno.readTextFile(`${FIXTURE}/strings.json`)) as Record<
    string,
    string
  >;

  // A task's events: the log lines themselves, in order.
  const res = await server.get("/api/tasks/1/events");
  assertEquals(res.status, 200);
  const body = await res.text();
  assertEquals(body, `[${lines.join(",")}]\n`);
  assertEquals(JSON.parse(body), lines.map((l) => JSON.parse(l)));

  // Every task's events: tagged envelopes, equal to the lines with task and number.
  const all = await server.json("/api/events?after=0-0-0") as Record<string, unknown>[];
  const expected = lines.map((l) => ({ task: taskJson.id, number: 1, ...JSON.parse(l) }));
  expected.sort((a, b) => (nsOf(a.at) < nsOf(b.at) ? -1 : nsOf(a.at) > nsOf(b.at) ? 1 : 0));
  assertEquals(all, expected);
  assertEquals(await server.json("/api/events"), expected);

  // The task and its history: title, description and paused reason as written.
  const row = await server.json("/api/tasks/1") as { task: { title: string } };
  assertEquals(row.task.title, taskJson.title);
  const h = await server.json("/api/history/1") as {
    task: { title: string; description: string };
    runs: Array<{ paused_reason: string | null }>;
  };
  assertEquals(h.task.title, taskJson.title);
  assertEquals(h.task.description, strings.frame);
  assertEquals(h.runs[0].paused_reason, strings.frame);
  const list = await server.json("/api/history?all=true") as Array<{ task: { title: string } }>;
  assertEquals(list[0].task.title, taskJson.title);

  // The trace: each call's tool, role and input as its tool_called line has them.
  const trace = await server.json("/api/tasks/1/trace") as {
    calls: Array<{ call: string; tool: string; role: string; input: unknown; preview: string }>;
  };
  const called = lines.map((l) => JSON.parse(l).event).filter((e) => e.type === "tool_called");
  const returned = lines.map((l) => JSON.parse(l).event).filter((e) => e.type === "tool_returned");
  assertEquals(trace.calls.length, called.length);
  for (const c of trace.calls) {
    const src = called.find((e) => e.call === c.call);
    assertEquals([c.tool, c.role, c.input], [src.tool, src.role, src.input], c.call);
    assertEquals(c.preview, returned.find((e) => e.call === c.call).preview, c.call);
  }
  assert(trace.calls.some((c) => c.tool === strings.frame));
  const out = await server.get("/api/tasks/1/trace/c0ffee000001/output");
  assertEquals(out.status, 200);
  const kept = await Deno.readTextFile(
    `${p.dir}/.taskline/tool-output/001-hostile-text/7e57a11e-0bad-4c0d-9e11-5a1e5a1e5a1e/c0ffee000001.txt`,
  );
  assertEquals(await out.text(), kept);
});

Deno.test("hostile text through the streams: exactly one frame per event, the right id, event: only for a plain name, the line as data", async () => {
  const { p, lines } = await hostile();
  await using _p = p;
  await using server = await startServer(p.dir);
  const taskId = JSON.parse(
    await Deno.readTextFile(`${p.dir}/.taskline/tasks/001-hostile-text/task.json`),
  ).id as string;
  const envs = lines.map((l) =>
    JSON.parse(l) as { seq: number; at: string; event: { type: string } }
  );

  // The task stream: ids are seq, data the log line.
  const tf = await readFrames(await server.get("/api/tasks/1/stream?after=0"), lines.length);
  assertEquals(
    tf,
    envs.map((e, i) => ({
      id: String(e.seq),
      event: PLAIN_TYPE.test(e.event.type) ? e.event.type : "message",
      data: lines[i],
    })),
  );

  // The project stream: ids are cursors, data the tagged line, in cursor order.
  const pf = await readFrames(await server.get("/api/stream?after=0-0-0"), lines.length);
  const order = envs.map((e, i) => ({ e, line: lines[i] }))
    .sort((a, b) => (nsOf(a.e.at) < nsOf(b.e.at) ? -1 : nsOf(a.e.at) > nsOf(b.e.at) ? 1 : 0));
  assertEquals(
    pf,
    order.map(({ e, line }) => ({
      id: `${nsOf(e.at)}-1-${e.seq}`,
      event: PLAIN_TYPE.test(e.event.type) ? e.event.type : "message",
      data: `{"task":${JSON.stringify(taskId)},"number":1,${line.slice(1)}`,
    })),
  );
  // Nothing forged: no frame claims the ids the strings try to plant.
  for (const f of [...tf, ...pf]) assert(!["999", "998", "997"].includes(f.id ?? ""));
});

Deno.test("hostile fixture whole: line 11 (not UTF-8) is neither served nor streamed", async () => {
  // Needs the byte-level reading of the `bytes` branch: until it is merged,
  // the line is decoded with replacement characters and served.
  const { p } = await hostile(true);
  await using _p = p;
  await using server = await startServer(p.dir);
  for (const path of ["/api/tasks/1/events", "/api/events?after=0-0-0"]) {
    const body = await (await server.get(path)).text();
    assert(!body.includes('"seq":99') && !body.includes("\ufffd"), `${path} served line 11`);
  }
  const tf = await readFrames(await server.get("/api/tasks/1/stream?after=0"), 20, 300);
  assertEquals(tf.map((f) => f.id), Array.from({ length: 20 }, (_, i) => String(i + 1)));
});
