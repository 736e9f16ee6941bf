/**
 * Property tests with fast-check over the parsers of hostile input: the
 * codec (decodeLine), the cursor parser, task references (resolveRef), the
 * `--since` parser, and every route's parameters through the server's pure
 * handler (in-process, with the live routes). No uncaught exception; every
 * rejection is a TasklineError naming the value, or a 4xx problem+json.
 *
 * @module
 */
import fc from "fast-check";
import { assert, assertEquals } from "./assert.ts";
import { decodeLine } from "../src/codec/decode.ts";
import { encodeEnvelope } from "../src/codec/encode.ts";
import { formatCursor, parseCursor } from "../src/contract/cursor.ts";
import { resolveRef } from "../src/store/refs.ts";
import { parseSince } from "../src/follow/filter.ts";
import { TasklineError } from "../src/errors.ts";
import type { Task } from "../src/store/tasks.ts";
import { createHandler } from "../src/server/handler.ts";
import { LiveHub } from "../src/server/live.ts";
import { envelope } from "./arbitraries.ts";
import type { Envelope } from "../src/contract/envelope.ts";
import { lightLines, scanLog } from "../src/follow/scan.ts";
import { readLog } from "../src/store/log_reader.ts";
import { readFormText } from "../src/codec/read_form.ts";
import { runOf } from "../src/contract/events.ts";
import { fuzzProject } from "./fuzz_project.ts";
import { encodeUnsafe, rawRequest } from "./fuzz_inputs.ts";

/** Runs `fn`; a throw must be a TasklineError of one of `codes` whose message quotes the input. */
function rejectsClearly(fn: () => unknown, codes: string[]): "ok" | "rejected" {
  try {
    fn();
    return "ok";
  } catch (e) {
    if (!(e instanceof TasklineError)) throw new Error(`not a TasklineError: ${e}`);
    if (!codes.includes(e.code)) throw new Error(`code ${e.code}: ${e.message}`);
    if (e.message.length < 10 || e.message.length > 600) throw new Error(`message: ${e.message}`);
    return "rejected";
  }
}

const NUM_RUNS = Number(Deno.env.get("TASKLINE_FUZZ_RUNS") ?? 2000);

/** Lines near valid ones: cut, with a byte changed, or with a field of another type. */
const mutatedLine = fc.tuple(
  envelope(),
  fc.nat(),
  fc.nat(),
  fc.constantFrom("cut", "flip", "insert", "swap-type", "deep", "proto"),
  fc.string({ maxLength: 3 }),
).map(([env, a, b, how, s]) => {
  const line = encodeEnvelope(env);
  const i = a % (line.length + 1);
  switch (how) {
    case "cut":
      return line.slice(0, i);
    case "flip":
      return line.slice(0, i) + String.fromCharCode(b % 0x110) + line.slice(i + 1);
    case "insert":
      return line.slice(0, i) + s + line.slice(i);
    case "swap-type":
      return line.replace(/"type":"[a-z_]+"/, `"type":${JSON.stringify([1, s, null][b % 3])}`);
    case "deep":
      return `{"schema":2,"seq":1,"at":"2026-01-01T00:00:00Z","event":{"type":"log","x":${
        "[".repeat(5000 + (b % 5000))
      }${"]".repeat(5000 + (b % 5000))}}}`;
    default:
      return line.replace('"event":{', `"event":{"__proto__":{"type":"x"},"constructor":1,`);
  }
});

Deno.test("decodeLine never throws: any string, any JSON, lines near valid ones", () => {
  const arb = fc.oneof(
    fc.string({ maxLength: 200 }),
    fc.string({ unit: "binary", maxLength: 200 }),
    fc.jsonValue().map((v) => JSON.stringify(v) ?? "null"),
    fc.record({
      schema: fc.oneof(fc.integer(), fc.string(), fc.constant(null), fc.double()),
      seq: fc.oneof(fc.integer(), fc.double(), fc.string(), fc.constant(null)),
      at: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
      event: fc.oneof(fc.jsonValue(), fc.record({ type: fc.jsonValue() })),
    }, { requiredKeys: [] }).map((o) => JSON.stringify(o)),
    mutatedLine,
  );
  let ok = 0, broken = 0;
  fc.assert(
    fc.property(arb, (line) => {
      const d = decodeLine(line);
      if (d.ok) {
        ok++;
        assert(typeof d.env.event === "object" && d.env.event !== null);
        assertEquals(typeof d.env.event.type, "string");
        assertEquals(typeof d.env.schema, "number");
        // What was read can be written and read again to the same envelope.
        const again = decodeLine(encodeEnvelope(d.env));
        assert(again.ok);
        assertEquals(encodeEnvelope(again.env), encodeEnvelope(d.env));
      } else {
        broken++;
        assert(typeof d.reason === "string" && d.reason.length > 0 && d.reason.length < 400);
      }
    }),
    { numRuns: NUM_RUNS * 2 },
  );
  assert(ok > 50 && broken > 50, `${ok} decoded, ${broken} refused`);
});

Deno.test("parseCursor: any text is a cursor or a bad-cursor error; cursors round-trip", () => {
  const cursorish = fc.oneof(
    fc.string({ maxLength: 60 }),
    fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 21n }), fc.nat(), fc.nat()).map(([ns, n, q]) =>
      formatCursor({ ns, number: n, seq: q })
    ),
    fc.tuple(
      fc.oneof(fc.bigInt({ min: -5n, max: 10n ** 22n }).map(String), fc.string({ maxLength: 4 })),
      fc.oneof(fc.integer({ min: -3, max: 2 ** 54 }).map(String), fc.constant("")),
      fc.oneof(fc.integer({ min: -3, max: 2 ** 54 }).map(String), fc.constant("01")),
      fc.constantFrom("-", "--", "_", " - "),
    ).map(([a, b, c, sep]) => [a, b, c].join(sep)),
  );
  let parsed = 0;
  fc.assert(
    fc.property(cursorish, (text) => {
      if (rejectsClearly(() => parseCursor(text), ["bad-cursor"]) === "ok") {
        parsed++;
        assertEquals(formatCursor(parseCursor(text)), text);
      }
    }),
    { numRuns: NUM_RUNS * 2 },
  );
  assert(parsed > 20, `only ${parsed} valid cursors generated`);
  fc.assert(
    fc.property(
      fc.bigInt({ min: 0n, max: 10n ** 21n - 1n }),
      fc.nat({ max: Number.MAX_SAFE_INTEGER }),
      fc.nat({ max: Number.MAX_SAFE_INTEGER }),
      (ns, number, seq) => {
        const c = parseCursor(formatCursor({ ns, number, seq }));
        assertEquals([c.ns, c.number, c.seq], [ns, number, seq]);
      },
    ),
    { numRuns: NUM_RUNS },
  );
});

Deno.test("resolveRef: any reference against any tasks resolves to a matching task or fails clearly", () => {
  const hex = fc.stringMatching(/^[0-9a-f]{8}$/);
  const taskArb = fc.record({
    number: fc.integer({ min: 1, max: 2000 }),
    idHead: fc.oneof(hex, fc.constant("abcd1234")),
    slug: fc.stringMatching(/^[a-z0-9-]{1,12}$/),
  });
  const tasksArb = fc.array(taskArb, { maxLength: 8 }).map((ts) =>
    ts.map((t, i): Task => ({
      id: `${t.idHead}-0000-4000-8000-${String(i).padStart(12, "0")}`,
      number: t.number,
      title: t.slug,
      status: "todo",
      created_at: "2026-01-01T00:00:00Z",
      dir: `${String(t.number).padStart(3, "0")}-${t.slug}`,
    } as unknown as Task))
  );
  fc.assert(
    fc.property(
      tasksArb,
      fc.oneof(
        fc.string({ maxLength: 40 }),
        fc.integer({ min: -10, max: 3000 }).map(String),
        fc.integer({ min: 0, max: 3000 }).map((n) => `#${n}`),
        fc.constantFrom("abcd", "abcd1234", "ABCD1234-0000", "#", "##1", " 1 ", "1e3", "0x1"),
        fc.constant("9".repeat(400)),
      ),
      (tasks, ref) => {
        let got: Task | null = null;
        rejectsClearly(() => got = resolveRef(ref, tasks), ["not-found", "ambiguous-ref", "usage"]);
        if (got !== null) {
          const t: Task = got;
          const r = ref.trim().toLowerCase();
          assert(
            String(t.number) === r.replace(/^#/, "").replace(/^0+(?=\d)/, "") ||
              t.dir === ref.trim() || t.id.toLowerCase().startsWith(r) ||
              Number(r.replace(/^#/, "")) === t.number,
            `"${ref}" resolved to ${t.dir} ${t.id}`,
          );
        }
      },
    ),
    { numRuns: NUM_RUNS },
  );
});

Deno.test("parseSince: any text is a time or a usage error; ages count back from now", () => {
  const now = Date.parse("2026-06-01T00:00:00Z");
  fc.assert(
    fc.property(
      fc.oneof(
        fc.string({ maxLength: 40 }),
        fc.stringMatching(/^(\d{0,8}d)?(\d{0,9}h)?(\d{0,11}m)?(\d{0,12}s)?$/),
        fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
        fc.constantFrom("", "0s", "1h30m", "2026-13-01T00:00:00Z", "2026-01-01", "-1h", "1h-"),
      ),
      (text) => {
        let ns: bigint | null = null;
        rejectsClearly(() => ns = parseSince(text, now), ["usage"]);
        if (ns !== null) assertEquals(typeof ns, "bigint");
      },
    ),
    { numRuns: NUM_RUNS },
  );
  assertEquals(parseSince("1h30m", now), BigInt(now - 5_400_000) * 1_000_000n);
});

Deno.test("every route's parameters, in-process through the handler: no 5xx, every error problem+json", async () => {
  const fp = await fuzzProject();
  await using _p = fp.project;
  const token = "t".repeat(64);
  const hosts = new Set(["127.0.0.1:7777"]);
  const hub = new LiveHub(fp.project.state, { heartbeatMs: 60_000 });
  const app = createHandler({
    state: fp.project.state,
    gate: { token, hosts },
    version: "0.0.0-fuzz",
    live: hub,
  });
  await hub.start();
  const targets = {
    refs: [...fp.tasks.flatMap((t) => [String(t.number), t.dir, t.id]), "abcd", "abcd1234"],
    calls: [...fp.calls, fp.linkedCall],
    runs: fp.runs,
  };
  const statuses = new Map<number, number>();
  try {
    await fc.assert(
      fc.asyncProperty(rawRequest(targets), async (r) => {
        let target = r.target;
        if (r.token === "query") target += (target.includes("?") ? "&" : "?") + `token=${token}`;
        let req: Request;
        try {
          const headers = new Headers({ host: "127.0.0.1:7777" });
          if (r.token === "header") headers.set("authorization", `Bearer ${token}`);
          if (r.token === "wrong") headers.set("authorization", `Bearer ${"x".repeat(64)}`);
          for (const [k, v] of r.headers) {
            if (k.toLowerCase() !== "authorization" || r.token !== "header") headers.set(k, v);
          }
          const path = target.startsWith("/") ? target : "/" + encodeUnsafe(target);
          req = new Request(`http://127.0.0.1:7777${path}`, { method: r.method, headers });
        } catch {
          return; // not a request a client can make (the HTTP fuzzer sends those raw)
        }
        const res = await app.fetch(req);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const type = res.headers.get("content-type") ?? "";
        const body = type.startsWith("text/event-stream")
          ? (await res.body?.cancel(), "")
          : await res.text();
        assert(res.status < 500, `${r.method} ${target}: ${res.status} ${body.slice(0, 300)}`);
        assert(!body.includes(fp.secret), `${target}: the secret`);
        if (res.status >= 400 && r.method !== "HEAD") {
          assert(type.startsWith("application/problem+json"), `${target}: ${res.status} ${type}`);
          const p = JSON.parse(body);
          assert(typeof p.error === "string" && p.error.length > 0, body);
          assertEquals(p.status, res.status);
        }
        // What the server routes on: the path after the URL parser's normalisation.
        const path = new URL(req.url).pathname;
        if (
          (path === "/api" || path.startsWith("/api/")) &&
          (r.token === "none" || r.token === "wrong")
        ) {
          assert(
            res.status === 401 || res.status === 403,
            `${target} without token: ${res.status}`,
          );
        }
      }),
      { numRuns: NUM_RUNS },
    );
  } finally {
    await hub.close();
  }
  assert((statuses.get(200) ?? 0) > 20, JSON.stringify([...statuses]));
  assert((statuses.get(400) ?? 0) > 20, JSON.stringify([...statuses]));
  assert((statuses.get(404) ?? 0) > 20, JSON.stringify([...statuses]));
});

Deno.test("a cursor the server hands out is accepted back (X-Taskline-Cursor of an empty answer)", async () => {
  const fp = await fuzzProject();
  await using _p = fp.project;
  const token = "t".repeat(64);
  const hub = new LiveHub(fp.project.state, { heartbeatMs: 60_000 });
  const app = createHandler({
    state: fp.project.state,
    gate: { token, hosts: new Set(["127.0.0.1:7777"]) },
    version: "0.0.0-fuzz",
    live: hub,
  });
  await hub.start();
  try {
    const get = (q: string) =>
      app.fetch(
        new Request(`http://127.0.0.1:7777/api/events?${q}`, {
          headers: { host: "127.0.0.1:7777", authorization: `Bearer ${token}` },
        }),
      );
    for (const since of ["2999-01-01T00:00:00Z", "2020-01-01T00:00:00Z"]) {
      const first = await get(`since=${since}`);
      await first.body?.cancel();
      assertEquals(first.status, 200);
      const cursor = first.headers.get("x-taskline-cursor")!;
      const again = await get(`after=${encodeURIComponent(cursor)}`);
      const text = await again.text();
      assertEquals(again.status, 200, `after=${cursor}: ${text}`);
      assert(text.startsWith("["), text);
    }
  } finally {
    await hub.close();
  }
});

Deno.test("a filtered --json scan in the light form gives what a full decode gives, for any log", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = `${dir}/events.jsonl`;
    // Lines: valid envelopes (known and unknown, schema 2 and 3), written as
    // JSON.stringify writes them or near that (spaces, another escape, a
    // field dropped), and broken ones.
    // Most of a real log is ASCII with seqs far below 2^53: the light form's case.
    const ascii = (e: Envelope) =>
      JSON.stringify({ ...e, seq: (e.seq ?? 1) % 1e9 })
        .replace(/[^\t-\x7f]/gu, "x").replace(/(\d)(?:\.\d+)?[eE][-+]?\d+|(\d)\.\d+/g, "$1$2");
    // Near JSON.stringify's form: another escape, spaces, a 0.5 field dropped, cut short.
    const near = (text: string, how: number) =>
      how === 0
        ? text.replace(/"[a-z]/, (m) => `"\\u00${m.charCodeAt(1).toString(16)}`)
        : how === 1
        ? JSON.stringify(JSON.parse(text), null, 1).replaceAll("\n", "")
        : how === 2
        ? text.replace(/,"(call|subtask|model|usage)":("[^"]*"|null|\{[^}]*\})/, "")
        : text.slice(0, -3);
    const asciiLine = fc.oneof(
      envelope().map(ascii),
      envelope({ schema: fc.constantFrom(2, 3), unknown: true }).map(ascii),
      fc.tuple(envelope().map(ascii), fc.nat(3)).map(([t, how]) => near(t, how)),
    );
    const anyLine = fc.oneof(
      asciiLine,
      envelope().map((e) => JSON.stringify(e)),
      envelope({ schema: fc.constantFrom(2, 3), unknown: true }).map((e) => JSON.stringify(e)),
      fc.tuple(envelope().map((e) => JSON.stringify(e)), fc.nat(3)).map(([t, how]) => near(t, how)),
    );
    // A chunk with one character that is not ASCII is decoded in full: logs of either kind.
    const log = fc.oneof(
      fc.array(asciiLine, { maxLength: 40 }),
      fc.array(anyLine, { maxLength: 40 }),
    );
    const types = fc.subarray([
      "tool_called",
      "tool_returned",
      "run_started",
      "run_finished",
      "log",
    ], {
      minLength: 1,
    });
    let lightSeen = 0;
    await fc.assert(
      fc.asyncProperty(log, types, async (lines, ts) => {
        await Deno.writeTextFile(path, lines.join("\n") + "\n");
        const needles = ts.map((t) => `"${t}"`);
        const read = async (light: boolean) => {
          const out: { json?: string; head: unknown[] }[] = [];
          let problems = 0;
          for await (
            const rs of scanLog(path, needles, { json: true, light, onProblem: () => problems++ })
          ) {
            for (const r of rs) {
              const e = r.env.event as { type: string; success?: unknown };
              if (
                light && Object.keys(e).every((k) => k === "type" || k === "run" || k === "success")
              ) {
                lightSeen++;
              }
              out.push({
                json: r.json,
                head: [
                  r.env.schema,
                  r.env.seq,
                  r.env.at,
                  e.type,
                  runOf(r.env.event),
                  e.success,
                  r.upgraded,
                ],
              });
            }
          }
          return { out, problems };
        };
        assertEquals(await read(true), await read(false));
        // And every line, as an unfiltered replay reads them.
        const all = async (light: boolean) => {
          const out: unknown[] = [];
          const opts = {
            light: light ? lightLines() : undefined,
            onProblem: () => out.push("problem"),
          };
          for await (const b of readLog(path, opts)) {
            for (const r of b.records) {
              const e = r.env.event as { type: string; success?: unknown };
              out.push([
                readFormText(r),
                r.line,
                r.env.schema,
                r.env.seq,
                r.env.at,
                e.type,
                runOf(r.env.event),
              ]);
            }
          }
          return out;
        };
        assertEquals(await all(true), await all(false));
      }),
      { numRuns: 300 },
    );
    // The light form was taken, not only the full decode (logs of ASCII only).
    assert(lightSeen > 5, `only ${lightSeen} records were read in the light form`);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
