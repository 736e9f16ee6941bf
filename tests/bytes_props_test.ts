/**
 * Property tests of the byte path (issue 14): for any log (arbitrary
 * Unicode, escapes, lone escaped surrogates, bytes that are not UTF-8,
 * unknown types and fields, lines of another serialiser, several runs and
 * resumes), what `taskline events` and `GET /api/events` print is exactly
 * what a full decode of every line gives, byte for byte: one task and every
 * task, with filters, `--json` and human lines.
 *
 * The reference below decodes every line with `JSON.parse` (a strict UTF-8
 * decode first) and builds each answer from the contract's rules alone.
 *
 * @module
 */
import fc from "fast-check";
import { assert, assertEquals } from "./assert.ts";
import { eventsCommand } from "../src/cli/cmd_events.ts";
import { Context } from "../src/cli/context.ts";
import { MemorySink } from "../src/cli/io.ts";
import { decodeLine } from "../src/codec/decode.ts";
import { encodeEnvelope } from "../src/codec/encode.ts";
import { lineText } from "../src/codec/lines.ts";
import { type Envelope, tag } from "../src/contract/envelope.ts";
import { runOf } from "../src/contract/events.ts";
import { cursorOf } from "../src/contract/cursor.ts";
import { parseTimeNs } from "../src/contract/time.ts";
import { createHandler } from "../src/server/handler.ts";
import { LiveHub } from "../src/server/live.ts";
import { StateDir } from "../src/store/state_dir.ts";
import { createTask, type Task } from "../src/store/tasks.ts";
import { renderEvent, VERBOSE_TYPES } from "../src/views/event_line.ts";
import { envelope, eventOf, unknownEvent } from "./arbitraries.ts";

const enc = new TextEncoder();

/**
 * How one event is written to the log. The `Deep` styles give the event an
 * object nested in an object and write each object inside the event's
 * values with its first key twice (see {@link recorder}).
 */
type Style = "recorder" | "foreign" | "spaces" | "odd" | "recorderDeep" | "foreignDeep";

/** One line of a generated log, before times, runs and seqs are given. */
type LineSpec =
  | { kind: "event"; event: Record<string, unknown>; style: Style; extra: boolean }
  | { kind: "runless"; event: Record<string, unknown> }
  | { kind: "schema1"; event: Record<string, unknown> }
  | { kind: "resume" }
  | { kind: "newRun" }
  | { kind: "broken"; how: number; event: Record<string, unknown> }
  | { kind: "empty" };

/** Text that stresses a byte reader: every plane, escapes, lone surrogates, controls. */
const hardText = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.constantFrom(
    "“quoted” — → café 日本語 🚀",
    "\ud800 lone high",
    "lone low \udc00",
    "\u2028\u2029\u0085\u007f\u0000\u001b[31m",
    '"\\/\b\f\n\r\t',
    "\udbff\udfff",
  ),
);

const knownTypes = ["tool_called", "agent_text", "log", "paused", "committed"] as const;

const eventArb: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...knownTypes).chain((t) => eventOf(t)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(...knownTypes).chain((t) => eventOf(t, { unknown: true })),
  },
  { weight: 1, arbitrary: unknownEvent },
).chain((ev) =>
  // Put hard text in the event's first string field.
  hardText.map((text) => {
    const out = { ...ev } as Record<string, unknown>;
    const k = Object.keys(out).find((k) =>
      k !== "type" && k !== "run" && typeof out[k] === "string"
    );
    if (k !== undefined) out[k] = text;
    return out;
  })
);

const lineSpec: fc.Arbitrary<LineSpec> = fc.oneof(
  {
    weight: 10,
    arbitrary: fc.record({
      kind: fc.constant("event" as const),
      event: eventArb,
      style: fc.constantFrom<Style>(
        "recorder",
        "recorder",
        "recorder",
        "foreign",
        "spaces",
        "odd",
        "recorderDeep",
        "foreignDeep",
      ),
      extra: fc.boolean().map((b) => b && Math.random() < 0.2),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("runless" as const), event: eventArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("schema1" as const), event: eventArb }) },
  { weight: 1, arbitrary: fc.constant({ kind: "resume" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "newRun" as const }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("broken" as const), how: fc.nat(3), event: eventArb }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: "empty" as const }) },
);

/**
 * Python's json.dumps(sort_keys=True): sorted keys, ", " and ": ", non-ASCII
 * escaped. Objects at depth `dupFrom` or more (1: the envelope) start with
 * their first key once more, set to "first" (the last value wins, at the
 * first key's place).
 */
function foreign(v: unknown, depth = 0, dupFrom = Infinity): string {
  if (v === null || typeof v !== "object") {
    return JSON.stringify(v).replace(
      /[\u0080-\uffff]/g,
      (ch) => "\\u" + ch.charCodeAt(0).toString(16).padStart(4, "0"),
    );
  }
  if (Array.isArray(v)) {
    return "[" + v.map((x) => foreign(x, depth + 1, dupFrom)).join(", ") + "]";
  }
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o).sort();
  const parts = keys.map((k) => foreign(k) + ": " + foreign(o[k], depth + 1, dupFrom));
  if (depth + 1 >= dupFrom && keys.length > 0) parts.unshift(foreign(keys[0]) + ': "first"');
  return "{" + parts.join(", ") + "}";
}

/**
 * The recorder's form (what JSON.stringify writes), but objects at depth
 * `dupFrom` or more (1: the envelope) start with their first key once more,
 * set to "first": valid JSON, compact, that a full decode writes without the
 * repeat.
 */
function recorder(v: unknown, depth = 0, dupFrom = Infinity): string {
  if (v === null || typeof v !== "object") return JSON.stringify(v);
  if (Array.isArray(v)) return "[" + v.map((x) => recorder(x, depth + 1, dupFrom)).join(",") + "]";
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o);
  const parts = keys.map((k) => JSON.stringify(k) + ":" + recorder(o[k], depth + 1, dupFrom));
  if (depth + 1 >= dupFrom && keys.length > 0) parts.unshift(JSON.stringify(keys[0]) + ':"first"');
  return "{" + parts.join(",") + "}";
}

/** An object in an object, for the `Deep` styles: every event has one. */
const NESTED = { note: "n", deeper: { k: 1, tool: "bash" } };

/**
 * A serialiser of another kind still: keys in reverse order, each key's first
 * character and every character but letters, digits and ` _.:-` written as
 * `\uXXXX` (upper case, surrogate pairs as two escapes; a type name keeps its
 * letters, as `--type` finds it as written), `/` as `\/`, tabs and spaces
 * around tokens, and in objects with a key "reason" or "message" that key
 * once more before the others (the last value wins, at the first key's place).
 */
function odd(v: unknown): string {
  const str = (t: string, key: boolean) => {
    let out = '"';
    for (let i = 0; i < t.length; i++) {
      const c = t.charCodeAt(i);
      if ((key && i === 0) || !/[A-Za-z0-9 _.:-]/.test(t[i])) {
        out += c === 47 && !key ? "\\/" : "\\u" + c.toString(16).padStart(4, "0").toUpperCase();
      } else out += t[i];
    }
    return out + '"';
  };
  if (typeof v === "string") return str(v, false);
  if (v === null || typeof v !== "object") return JSON.stringify(v);
  if (Array.isArray(v)) return "[ " + v.map(odd).join(" ,\t") + " ]";
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o).reverse();
  const dup = keys.find((k) => k === "reason" || k === "message");
  const parts = keys.map((k) => str(k, true) + "\t:  " + odd(o[k]));
  if (dup !== undefined) parts.unshift(str(dup, true) + ": " + JSON.stringify("first"));
  return "{\t" + parts.join(" , ") + "}";
}

/** Times: each task's lines one second apart (a chosen offset and precision), tasks interleaved. */
function atText(sec: number, digits: number, zone: number): string {
  const base = Date.UTC(2026, 0, 1) / 1000 + sec;
  const zones = ["Z", "+02:00", "-05:30", "Z"];
  const shift = [0, 120, -330, 0][zone % 4] * 60;
  const d = new Date((base + shift) * 1000).toISOString().slice(0, 19);
  const frac = digits === 0 ? "" : "." + "123456789".slice(0, digits);
  return d + frac + zones[zone % 4];
}

/** The bytes of one task's log. */
function logBytes(specs: LineSpec[], seed: number, start: number, step: number): Uint8Array {
  const parts: Uint8Array[] = [];
  let run = crypto.randomUUID();
  let seq = 0;
  let sec = start;
  const rnd = (n: number) => (seed = (seed * 1103515245 + 12345) >>> 0) % n;
  const put = (text: string) => parts.push(enc.encode(text + "\n"));
  put(JSON.stringify({
    schema: 2,
    seq: ++seq,
    at: atText(sec, 6, 0),
    event: { type: "run_started", run, task: "t" },
  }));
  for (const s of specs) {
    sec += step;
    const at = atText(sec, rnd(10), rnd(4));
    switch (s.kind) {
      case "event": {
        const env: Record<string, unknown> = {
          schema: 2,
          seq: ++seq,
          at,
          event: { ...s.event, run },
        };
        if (s.extra) env.host = "runner-é";
        // The event's values are at depth 3.
        if (s.style === "recorderDeep" || s.style === "foreignDeep") {
          (env.event as Record<string, unknown>).nested = NESTED;
        }
        put(
          s.style === "recorder"
            ? JSON.stringify(env)
            : s.style === "foreign"
            ? foreign(env)
            : s.style === "odd"
            ? odd(env)
            : s.style === "recorderDeep"
            ? recorder(env, 0, 3)
            : s.style === "foreignDeep"
            ? foreign(env, 0, 3)
            : JSON.stringify(env, null, 1).replaceAll("\n", ""),
        );
        break;
      }
      case "runless":
        put(JSON.stringify({ schema: 2, at, event: { ...s.event, run: null } }));
        break;
      case "schema1":
        put(JSON.stringify({ at, event: { ...s.event, run } }));
        break;
      case "resume":
        put(
          JSON.stringify({
            schema: 2,
            seq: ++seq,
            at,
            event: { type: "run_started", run, task: "t" },
          }),
        );
        break;
      case "newRun":
        put(JSON.stringify({
          schema: 2,
          seq: ++seq,
          at,
          event: {
            type: "run_finished",
            run,
            success: true,
            status: "done",
            usage: null,
            active_ms: 1,
            started_at: at,
          },
        }));
        run = crypto.randomUUID();
        seq = 0;
        put(
          JSON.stringify({
            schema: 2,
            seq: ++seq,
            at,
            event: { type: "run_started", run, task: "t" },
          }),
        );
        break;
      case "broken": {
        const text = JSON.stringify({ schema: 2, seq: seq + 1, at, event: { ...s.event, run } });
        const b = enc.encode(text);
        if (s.how === 0) {
          // Bytes that are not UTF-8 inside a string.
          const i = text.indexOf('"at":"') + 6;
          parts.push(new Uint8Array([...b.subarray(0, i), 0xc3, 0x28, 0xff, ...b.subarray(i), 10]));
        } else if (s.how === 1) put(text.slice(0, -2));
        else if (s.how === 2) put(text.replace('"event":{', '"event":['));
        else put(text.replace(/"type":"[^"]*"/, '"type":""'));
        break;
      }
      case "empty":
        parts.push(new Uint8Array([10]));
    }
  }
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  n = 0;
  for (const p of parts) {
    out.set(p, n);
    n += p.length;
  }
  return out;
}

/** Every record of a log, decoded in full (strict UTF-8, then JSON.parse). */
function decodeAll(bytes: Uint8Array): Array<{ env: Envelope; upgraded: boolean }> {
  const out: Array<{ env: Envelope; upgraded: boolean }> = [];
  let at = 0;
  for (;;) {
    const nl = bytes.indexOf(10, at);
    if (nl < 0) break;
    const text = lineText(bytes.subarray(at, nl));
    at = nl + 1;
    if (text === "") continue;
    const d = decodeLine(text);
    if (d.ok) out.push({ env: d.env, upgraded: d.upgraded });
  }
  return out;
}

interface Filter {
  types: string[];
  since: string | null;
  verbose: boolean;
}

function passes(f: Filter, env: Envelope): boolean {
  if (f.types.length > 0 && !f.types.includes(env.event.type)) return false;
  if (f.since !== null) {
    const ns = parseTimeNs(env.at);
    if (ns === null || ns < parseTimeNs(f.since)!) return false;
  }
  return true;
}

/** `events <task>` by the contract: the current run's events with a seq, in log order. */
function expectedTask(bytes: Uint8Array, f: Filter, json: boolean): string {
  const all = decodeAll(bytes);
  let run: string | null = null;
  for (const r of all) {
    if (r.env.schema >= 2 && typeof r.env.seq === "number" && runOf(r.env.event) !== null) {
      run = runOf(r.env.event);
    }
  }
  let out = "";
  for (const r of all) {
    const e = r.env;
    if (e.schema < 2 || typeof e.seq !== "number" || e.seq <= 0 || runOf(e.event) !== run) continue;
    if (!passes(f, e)) continue;
    if (json) out += encodeEnvelope(e) + "\n";
    else if (f.verbose || !VERBOSE_TYPES.has(e.event.type) || f.types.includes(e.event.type)) {
      out += renderEvent(e, { color: false }) + "\n";
    }
  }
  return out;
}

/** `events` over every task: tagged envelopes merged by cursor. */
function expectedFeed(logs: Array<[Task, Uint8Array]>, f: Filter, json: boolean): string[] {
  const items: Array<{ env: Envelope; task: Task; ns: bigint; seq: number; i: number }> = [];
  for (const [task, bytes] of logs) {
    for (const r of decodeAll(bytes)) {
      if (r.env.schema < 2) continue;
      const c = cursorOf(r.env, task.number);
      if (c === null) continue;
      items.push({ env: r.env, task, ns: c.ns, seq: c.seq, i: items.length });
    }
  }
  items.sort((a, b) =>
    a.ns !== b.ns ? (a.ns < b.ns ? -1 : 1) : a.task.number - b.task.number || a.seq - b.seq ||
      a.i - b.i
  );
  const out: string[] = [];
  for (const it of items) {
    if (!passes(f, it.env)) continue;
    if (json) out.push(JSON.stringify(tag(it.env, it.task)));
    else if (
      f.verbose || !VERBOSE_TYPES.has(it.env.event.type) || f.types.includes(it.env.event.type)
    ) {
      out.push(renderEvent(it.env, { color: false, number: it.task.number }));
    }
  }
  return out;
}

async function events(state: StateDir, args: string[]): Promise<{ code: number; out: string }> {
  const stdout = new MemorySink(), stderr = new MemorySink();
  const ctx = new Context({
    stdout,
    stderr,
    stdin: new ReadableStream(),
    env: (name) => (name === "NO_COLOR" ? "1" : undefined),
    signal: new AbortController().signal,
  }, state);
  const code = await eventsCommand(ctx, args);
  return { code, out: stdout.text };
}

const filterArb: fc.Arbitrary<Filter> = fc.record({
  types: fc.subarray(["tool_called", "agent_text", "log", "run_started", "paused"]),
  since: fc.option(fc.integer({ min: 0, max: 40 }).map((s) => atText(s * 2, 0, 0)), { nil: null }),
  verbose: fc.boolean(),
});

function filterArgs(f: Filter): string[] {
  const a: string[] = [];
  if (f.types.length > 0) a.push("--type", f.types.join(","));
  if (f.since !== null) a.push("--since", f.since);
  if (f.verbose) a.push("-v");
  return a;
}

Deno.test("events <task> prints exactly what a full decode gives, --json and human, with filters", async () => {
  const dir = await Deno.makeTempDir({ prefix: "taskline-bytes-" });
  const state = new StateDir(`${dir}/.taskline`);
  try {
    const task = await createTask(state, "bytes");
    await fc.assert(
      fc.asyncProperty(
        fc.array(lineSpec, { maxLength: 40 }),
        fc.nat(),
        filterArb,
        async (specs, seed, f) => {
          const bytes = logBytes(specs, seed, 0, 1);
          await Deno.writeFile(state.logPath(task.dir), bytes);
          for (const json of [true, false]) {
            const got = await events(state, ["1", ...filterArgs(f), ...(json ? ["--json"] : [])]);
            assertEquals(got.code, 0);
            assertEquals(got.out, expectedTask(bytes, f, json));
          }
        },
      ),
      { numRuns: 150 },
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("events over every task and GET /api/events print exactly what a full decode gives", async () => {
  const dir = await Deno.makeTempDir({ prefix: "taskline-bytes-" });
  const state = new StateDir(`${dir}/.taskline`);
  try {
    const tasks = [
      await createTask(state, "a"),
      await createTask(state, "b"),
      await createTask(state, "c"),
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(lineSpec, { maxLength: 25 }), { minLength: 3, maxLength: 3 }),
        fc.nat(),
        filterArb,
        fc.boolean(),
        async (specsOf, seed, f, onlySome) => {
          const logs: Array<[Task, Uint8Array]> = [];
          for (const [i, task] of tasks.entries()) {
            // Tasks interleaved in time, some at the same instants.
            const bytes = logBytes(specsOf[i], seed + i, i % 2, 2);
            await Deno.writeFile(state.logPath(task.dir), bytes);
            logs.push([task, bytes]);
          }
          const chosen = onlySome ? logs.slice(0, 2) : logs;
          const only = onlySome ? ["--task", "1", "--task", "2"] : [];
          for (const json of [true, false]) {
            const got = await events(state, [
              ...filterArgs(f),
              ...only,
              ...(json ? ["--json"] : []),
            ]);
            assertEquals(got.code, 0);
            const want = expectedFeed(chosen, f, json);
            assertEquals(got.out, want.map((l) => l + "\n").join(""));
          }
          // The route, through the server's handler.
          const hub = new LiveHub(state, { heartbeatMs: 60_000 });
          const app = createHandler({
            state,
            gate: { token: "t".repeat(43), hosts: new Set(["127.0.0.1:7777"]) },
            version: "0.0.0-test",
            live: hub,
          });
          const q = new URLSearchParams({ limit: "10000" });
          if (f.types.length > 0) q.set("type", f.types.join(","));
          if (f.since !== null) q.set("since", f.since);
          if (onlySome) q.set("task", "1,2");
          try {
            for (const started of [false, true]) {
              if (started) await hub.start();
              const res = await app.fetch(
                new Request(`http://127.0.0.1:7777/api/events?${q}`, {
                  headers: { authorization: `Bearer ${"t".repeat(43)}`, host: "127.0.0.1:7777" },
                }),
              );
              const body = await res.text();
              assertEquals(res.status, 200, body);
              const want = expectedFeed(chosen, { ...f, verbose: true }, true);
              assertEquals(body, `[${want.join(",")}]`);
            }
          } finally {
            hub.close();
          }
        },
      ),
      { numRuns: 60 },
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a line that is not UTF-8 is reported with its number and never printed", async () => {
  const dir = await Deno.makeTempDir({ prefix: "taskline-bytes-" });
  const state = new StateDir(`${dir}/.taskline`);
  try {
    const task = await createTask(state, "bad bytes");
    const bytes = logBytes(
      [{ kind: "broken", how: 0, event: { type: "log", level: "info", message: "m" } }],
      1,
      0,
      1,
    );
    await Deno.writeFile(state.logPath(task.dir), bytes);
    for (const args of [["1", "--json"], ["--json"], ["1", "--json", "--type", "log"]]) {
      const stdout = new MemorySink(), stderr = new MemorySink();
      const ctx = new Context({
        stdout,
        stderr,
        stdin: new ReadableStream(),
        env: () => undefined,
        signal: new AbortController().signal,
      }, state);
      assertEquals(await eventsCommand(ctx, args), 0);
      // Only run_started is a valid line.
      assertEquals(
        stdout.text.split("\n").filter((l) => l !== "").length,
        args.includes("log") ? 0 : 1,
        args.join(" "),
      );
      assert(!stdout.text.includes("\ufffd"), "no replacement character");
      assert(/broken line \(not valid UTF-8\)/.test(stderr.text), stderr.text);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

// The arbitraries of the contract are used too: whole envelopes of every type.
Deno.test("light reads of arbitrary envelopes agree with JSON.parse", async () => {
  const dir = await Deno.makeTempDir({ prefix: "taskline-bytes-" });
  const state = new StateDir(`${dir}/.taskline`);
  try {
    const task = await createTask(state, "envelopes");
    await fc.assert(
      fc.asyncProperty(
        fc.array(envelope({ schema: fc.constantFrom(2, 3), unknown: true }), { maxLength: 20 }),
        async (envs) => {
          const text = envs.map((e) => JSON.stringify(e)).join("\n") + (envs.length ? "\n" : "");
          const bytes = enc.encode(text);
          await Deno.writeFile(state.logPath(task.dir), bytes);
          const got = await events(state, ["--json"]);
          assertEquals(
            got.out,
            expectedFeed([[task, bytes]], { types: [], since: null, verbose: true }, true).map((
              l,
            ) => l + "\n").join(""),
          );
        },
      ),
      { numRuns: 100 },
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a line in the recorder's form with a key twice deep in its event prints as a full decode gives it", async () => {
  const dir = await Deno.makeTempDir({ prefix: "taskline-bytes-" });
  const state = new StateDir(`${dir}/.taskline`);
  try {
    const task = await createTask(state, "deep duplicates");
    const run = "5f24fa7b-633f-43db-8191-4ff613b5636b";
    const head = (seq: number) => `{"schema":2,"seq":${seq},"at":"2026-01-01T00:00:0${seq}Z",`;
    const lines = [
      `${head(1)}"event":{"type":"run_started","run":"${run}","task":"t"}}`,
      // JSON.parse keeps the last "command", at the first one's place.
      `${head(2)}"event":{"type":"tool_called","run":"${run}","role":"coder","tool":"bash",` +
      `"input":{"command":"rm -rf /","timeout":5,"command":"ls"},"call":"0123456789ab","subtask":null}}`,
      `${head(3)}"event":{"type":"log","run":"${run}","level":"info","message":"m",` +
      `"meta":[{"a":{"b":1,"c":2,"b":3}}]}}`,
    ];
    const bytes = enc.encode(lines.join("\n") + "\n");
    await Deno.writeFile(state.logPath(task.dir), bytes);
    const all: Filter = { types: [], since: null, verbose: true };
    const tools: Filter = { types: ["tool_called"], since: null, verbose: true };
    const one = await events(state, ["1", "--json"]);
    assertEquals(one.out, expectedTask(bytes, all, true));
    assert(one.out.includes('"input":{"command":"ls","timeout":5}'), one.out);
    assert(!one.out.includes("rm -rf"), one.out);
    assertEquals(
      (await events(state, ["1", "--json", "--type", "tool_called"])).out,
      expectedTask(bytes, tools, true),
    );
    const feed = expectedFeed([[task, bytes]], all, true).map((l) => l + "\n").join("");
    assertEquals((await events(state, ["--json"])).out, feed);
    const hub = new LiveHub(state, { heartbeatMs: 60_000 });
    const app = createHandler({
      state,
      gate: { token: "t".repeat(43), hosts: new Set(["127.0.0.1:7777"]) },
      version: "0.0.0-test",
      live: hub,
    });
    using _hub = { [Symbol.dispose]: () => hub.close() };
    const headers = { authorization: `Bearer ${"t".repeat(43)}`, host: "127.0.0.1:7777" };
    for (
      const [path, want] of [
        ["/api/events", `[${expectedFeed([[task, bytes]], all, true).join(",")}]`],
        [
          "/api/tasks/1/events",
          `[${expectedTask(bytes, all, true).trim().split("\n").join(",")}]\n`,
        ],
      ]
    ) {
      const res = await app.fetch(new Request(`http://127.0.0.1:7777${path}`, { headers }));
      assertEquals(await res.text(), want, path);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("--exit-status and --type phase_finished say the same whatever serialiser wrote the run's end", async () => {
  const dir = await Deno.makeTempDir({ prefix: "taskline-bytes-" });
  const state = new StateDir(`${dir}/.taskline`);
  try {
    const task = await createTask(state, "ends");
    const run = "5f24fa7b-633f-43db-8191-4ff613b5636b";
    const at = (s: number) => `2026-01-01T00:00:0${s}Z`;
    // In the recorder's form (read in place), another serialiser's (read as
    // bytes), and with a key of digits (decoded in full).
    const forms: Array<(v: Record<string, unknown>) => string> = [
      (v) => JSON.stringify(v),
      (v) => foreign(v),
      (v) => JSON.stringify({ ...v, event: { ...(v.event as object), 0: 1 } }),
    ];
    for (const [i, write] of forms.entries()) {
      for (const success of [true, false]) {
        const lines = [
          JSON.stringify({ schema: 2, seq: 1, at: at(1), event: { type: "run_started", run } }),
          write({
            schema: 2,
            seq: 2,
            at: at(2),
            event: { type: "phase_finished", run, phase: "qa", success: !success, summary: "" },
          }),
          write({
            schema: 2,
            seq: 3,
            at: at(3),
            event: {
              type: "run_finished",
              run,
              success,
              status: success ? "done" : "failed",
              usage: null,
              active_ms: 1,
              started_at: at(1),
            },
          }),
        ];
        const bytes = enc.encode(lines.join("\n") + "\n");
        await Deno.writeFile(state.logPath(task.dir), bytes);
        for (const follow of [[], ["-f"]]) {
          const r = await events(state, ["1", "--exit-status", ...follow, "--type", "log"]);
          assertEquals(r.code, success ? 0 : 1, `form ${i}, success ${success} ${follow}`);
        }
        const phases = await events(state, ["1", "--json", "--type", "phase_finished"]);
        const want = expectedTask(
          bytes,
          { types: ["phase_finished"], since: null, verbose: true },
          true,
        );
        assertEquals(phases.out, want);
        assert(phases.out.includes(`"success":${!success}`), phases.out);
      }
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
