/**
 * End-to-end tests of `taskline serve`'s routes: every route against a real
 * server (the shipped permissions, a free loopback port) on a project with a
 * real run, every error status, the OpenAPI document, and the output route's
 * refusal to leave the trace store.
 */
import { Ajv2020 as Ajv } from "ajv/dist/2020.js";
import { assert, assertEquals, assertMatch, assertStringIncludes } from "./assert.ts";
import { runCli, tempProject } from "./helpers.ts";
import { ranProject, startServer } from "./serve_util.ts";
import { createTask } from "../src/store/tasks.ts";

const sanitize = { sanitizeOps: false, sanitizeResources: false };

type Envelope = { schema: number; seq?: number; at: string; event: Record<string, unknown> };

/** A project: task 1 with a finished real run, and two tasks whose ids share a prefix. */
const project = ranProject;

Deno.test("every route answers on a real project, in the documented shapes", sanitize, async () => {
  await using p = await project();
  await using s = await startServer(p.dir);

  const health = await s.json("/api/health") as Record<string, unknown>;
  assertEquals(health.ok, true);
  assertEquals(health.tasks, 3);

  const tasks = await s.json("/api/tasks") as Array<Record<string, unknown>>;
  assertEquals(tasks.map((t) => t.number), [1, 2, 3]);
  const one = await s.json("/api/tasks/1") as { task: { title: string }; run: unknown };
  assertEquals(one.task.title, "Add login");
  assert(one.run !== null, "task 1 has a run");
  assertEquals((await s.json("/api/tasks/abcd1") as { number: number }).number, 2);

  // Per-task events: an array of envelopes of the current run, ordered by seq (0.4 shape).
  const evs = await s.json("/api/tasks/1/events") as Envelope[];
  assert(evs.length > 20);
  assertEquals(evs.map((e) => e.seq), evs.map((_, i) => i + 1));
  assertEquals(evs[0].event.type, "run_started");
  assertEquals(evs.at(-1)!.event.type, "run_finished");
  assert(!("task" in evs[0]), "per-task envelopes are not tagged");
  const after = await s.json("/api/tasks/1/events?after=10") as Envelope[];
  assertEquals(after[0].seq, 11);
  assertEquals((await s.json("/api/tasks/1/events?all=true") as Envelope[]).length, evs.length);
  const run = evs[0].event.run as string;
  assertEquals(
    (await s.json(`/api/tasks/1/events?run=${run.slice(0, 8)}`) as Envelope[]).length,
    evs.length,
  );
  assertEquals(await s.json("/api/tasks/2/events"), []);

  // Project events: tagged, oldest first, the cursor header.
  const res = await s.get("/api/events?limit=5");
  assertEquals(res.status, 200);
  const last5 = await res.json() as Array<Envelope & { task: string; number: number }>;
  assertEquals(last5.map((e) => e.seq), evs.slice(-5).map((e) => e.seq));
  assertEquals(last5[0].number, 1);
  const cursor = res.headers.get("x-taskline-cursor")!;
  assertMatch(cursor, /^\d+-1-\d+$/);
  assertEquals(cursor.split("-")[2], String(evs.at(-1)!.seq));
  const typed = await s.json("/api/events?type=tool_called,run_finished&limit=10000") as Envelope[];
  assert(typed.length > 1);
  assert(typed.every((e) => e.event.type === "tool_called" || e.event.type === "run_finished"));
  assertEquals(await s.json(`/api/events?after=${cursor}`), []);
  assertEquals(await s.json("/api/events?task=2"), []);
  assertEquals((await s.json("/api/events?since=1h&limit=10000") as Envelope[]).length, evs.length);
  assertEquals(await s.json("/api/events?since=2999-01-01T00:00:00Z"), []);

  // History and trace.
  const hist = await s.json("/api/history?all=true") as Array<{ number: number }>;
  assert(hist.some((h) => h.number === 1));
  assertEquals((await s.json("/api/history/1") as { number: number }).number, 1);
  const trace = await s.json("/api/tasks/1/trace") as {
    calls: Array<{ call: string; output_file: string | null; preview: string }>;
  };
  assert(trace.calls.length > 0);
  const kept = trace.calls.find((c) => c.output_file !== null)!;
  const out = await s.get(`/api/tasks/1/trace/${kept.call}/output`);
  assertEquals(out.status, 200);
  assertEquals(out.headers.get("content-type"), "text/plain; charset=utf-8");
  const text = await out.text();
  assert(text.startsWith(kept.preview.slice(0, 50)), "the output begins as its preview");

  // The web UI needs no token.
  const web = await s.get("/", { token: null });
  assertEquals(web.status, 200);
  assertStringIncludes(web.headers.get("content-type") ?? "", "text/html");
  await web.body?.cancel();

  // HEAD answers like GET without a body.
  const head = await fetch(new URL("/api/health", s.url), {
    method: "HEAD",
    headers: { authorization: `Bearer ${s.token}` },
  });
  assertEquals(head.status, 200);
});

Deno.test("errors are problem+json with the right status", sanitize, async () => {
  await using p = await project();
  await using s = await startServer(p.dir);
  const expect = async (path: string, status: number, init: { method?: string } = {}) => {
    const res = await fetch(new URL(path, s.url), {
      method: init.method ?? "GET",
      headers: { authorization: `Bearer ${s.token}` },
    });
    const body = await res.text();
    assertEquals(res.status, status, `${init.method ?? "GET"} ${path}: ${body}`);
    assertEquals(res.headers.get("content-type"), "application/problem+json", path);
    const pb = JSON.parse(body);
    assertEquals(pb.status, status);
    for (const k of ["type", "title", "detail", "instance", "error"]) {
      assertEquals(typeof pb[k], "string", `${path}: ${k}`);
    }
    return pb;
  };
  // An ambiguous reference: 400 on every route that takes one.
  for (
    const route of [
      "/api/tasks/abcd",
      "/api/tasks/abcd/events",
      "/api/tasks/abcd/stream",
      "/api/tasks/abcd/trace",
      "/api/tasks/abcd/trace/0123456789ab/output",
      "/api/history/abcd",
      "/api/events?task=abcd",
      "/api/stream?task=abcd",
    ]
  ) {
    const pb = await expect(route, 400);
    assertStringIncludes(pb.detail, "#2");
    assertStringIncludes(pb.detail, "#3");
  }
  // Unknown tasks and calls: 404.
  for (
    const route of [
      "/api/tasks/99",
      "/api/tasks/%2399/events",
      "/api/tasks/no-such-task/stream",
      "/api/tasks/99/trace",
      "/api/history/99",
      "/api/events?task=99",
      "/api/tasks/1/trace/0123456789ab/output",
      "/api/nothing-here",
    ]
  ) await expect(route, 404);
  // Bad cursors, seqs, limits, times, types, parameters: 400.
  for (
    const route of [
      "/api/events?after=yesterday",
      "/api/events?after=1-2",
      "/api/stream?after=x-1-1",
      "/api/events?limit=0",
      "/api/events?limit=10001",
      "/api/events?limit=ten",
      "/api/events?since=last-week",
      "/api/events?type=no_such_type",
      "/api/stream?type=no_such_type",
      "/api/events?colour=red",
      "/api/tasks/1/events?after=-1",
      "/api/tasks/1/events?after=1.5",
      "/api/tasks/1/events?all=maybe",
      "/api/tasks/1/events?all=true&after=3",
      "/api/tasks/1/stream?after=abc",
      "/api/tasks/1/events?run=zzzz",
      "/api/tasks/1/trace/XYZ/output",
      "/api/tasks/1/trace/0123456789abc/output",
      "/api/tasks/%E0%A4%A/events",
    ]
  ) await expect(route, 400);
  await expect("/api/tasks/1/events?run=ffffffff", 404);
  // Read-only: other methods 405.
  for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
    const res = await fetch(new URL("/api/tasks/1", s.url), {
      method,
      headers: { authorization: `Bearer ${s.token}` },
    });
    assertEquals(res.status, 405, method);
    assertEquals(res.headers.get("allow"), "GET, HEAD");
    await res.body?.cancel();
  }
});

Deno.test(
  "the OpenAPI document is valid 3.1 and describes every route served",
  sanitize,
  async () => {
    await using p = await project();
    await using s = await startServer(p.dir);
    const doc = await s.json("/api/openapi.json") as {
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    // A minimal schema of OpenAPI 3.1's required structure.
    const ajv = new Ajv({ strict: false });
    const valid = ajv.validate({
      type: "object",
      required: ["openapi", "info", "paths"],
      properties: {
        openapi: { type: "string", pattern: "^3\\.1\\.\\d+$" },
        info: { type: "object", required: ["title", "version"] },
        paths: {
          type: "object",
          propertyNames: { pattern: "^/" },
          additionalProperties: {
            type: "object",
            propertyNames: { enum: ["get", "put", "post", "delete", "head", "parameters"] },
            additionalProperties: {
              type: "object",
              required: ["responses"],
              properties: {
                responses: { type: "object", minProperties: 1 },
                parameters: {
                  type: "array",
                  items: {
                    anyOf: [{ type: "object", required: ["$ref"] }, {
                      type: "object",
                      required: ["name", "in"],
                      properties: { in: { enum: ["query", "header", "path", "cookie"] } },
                    }],
                  },
                },
              },
            },
          },
        },
        components: { type: "object" },
      },
    }, doc);
    assert(valid, JSON.stringify(ajv.errors));
    // Every path parameter of a template is declared.
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const name of path.match(/\{(\w+)\}/g) ?? []) {
        const text = JSON.stringify(item);
        assert(text.includes(`"name":"${name.slice(1, -1)}"`) || text.includes("parameters/ref"));
      }
    }
    // Every route the server answers (found by probing) is a path of the document.
    const templates = Object.keys(doc.paths).map((t) =>
      new RegExp("^" + t.replace(/\{\w+\}/g, "[^/]+") + "$")
    );
    const probes = [
      "/",
      "/api/health",
      "/api/openapi.json",
      "/api/tasks",
      "/api/tasks/1",
      "/api/tasks/1/events",
      "/api/tasks/1/trace",
      "/api/tasks/1/trace/0123456789ab/output",
      "/api/events",
      "/api/history",
      "/api/history/1",
      "/api/unknown",
      "/api/tasks/1/unknown",
      "/api/tasks/1/trace/0123456789ab",
      "/api",
      "/index.html",
    ];
    for (const path of probes) {
      const res = await s.get(path);
      await res.body?.cancel();
      const answered = res.status !== 404 || (await (async () => {
        const r = await s.get(path);
        const b = await r.json().catch(() => ({}));
        return !/^No route/.test(String(b.detail ?? ""));
      })());
      const described = templates.some((t) => t.test(path));
      assertEquals(described, answered, `${path}: answered ${answered}, described ${described}`);
    }
    for (const path of ["/api/stream", "/api/tasks/1/stream"]) {
      assert(templates.some((t) => t.test(path)));
      const ctl = new AbortController();
      const res = await s.get(path);
      assertEquals(res.status, 200);
      assertStringIncludes(res.headers.get("content-type")!, "text/event-stream");
      await res.body?.cancel();
      ctl.abort();
    }
  },
);

Deno.test("the output route never reads outside the trace store", sanitize, async () => {
  await using p = await project();
  const outside = `${p.dir}/secret.txt`;
  await Deno.writeTextFile(outside, "TOP SECRET\n");
  // Links inside tool-output that lead outside: a file, and a whole run directory.
  const trace = `${p.state.toolOutputDir}/001-add-login`;
  const runs = [...Deno.readDirSync(trace)].map((e) => e.name);
  await Deno.symlink(outside, `${trace}/${runs[0]}/aaaaaaaaaaaa.txt`);
  await Deno.mkdir(`${p.dir}/elsewhere`);
  await Deno.writeTextFile(`${p.dir}/elsewhere/bbbbbbbbbbbb.txt`, "TOP SECRET\n");
  await Deno.symlink(`${p.dir}/elsewhere`, `${trace}/zzzz-linked-run`);
  await using s = await startServer(p.dir);
  const cases: Array<[string, number]> = [
    ["/api/tasks/1/trace/aaaaaaaaaaaa/output", 404],
    ["/api/tasks/1/trace/bbbbbbbbbbbb/output", 404],
    ["/api/tasks/1/trace/..%2F..%2F..%2Fsecret.txt/output", 400],
    ["/api/tasks/1/trace/%2Fetc%2Fpasswd/output", 400],
    ["/api/tasks/1/trace/..%2f..%2fsecret/output", 400],
    ["/api/tasks/1/trace/%2e%2e/output", 404], // a dot segment: the URL resolves it
    ["/api/tasks/..%2F..%2F..%2Fsecret.txt/trace/aaaaaaaaaaaa/output", 404],
    ["/api/tasks/1/trace/aaaaaaaaaaaa%00/output", 400],
  ];
  for (const [path, status] of cases) {
    const res = await s.get(path);
    const body = await res.text();
    assertEquals(res.status, status, `${path}: ${body}`);
    assert(!body.includes("TOP SECRET"), path);
  }
  // Dot segments are resolved by the URL itself: they cannot climb out of /api/.
  const res = await s.get("/api/tasks/1/trace/../../../../secret.txt");
  assert(!(await res.text()).includes("TOP SECRET"));
  // The process runs under the shipped permissions: reads outside .taskline/ are refused.
  const health = await s.json("/api/health") as { read_outside_state_dir: boolean };
  assertEquals(health.read_outside_state_dir, false);
});

Deno.test("a discarded task's events leave GET /api/events", sanitize, async () => {
  await using p = await project();
  const r = await runCli(["run", "2", "--speed", "200"], { cwd: p.dir });
  assertEquals(r.code, 0, r.stderr);
  await using s = await startServer(p.dir);
  type Tagged = { number: number };
  const numbers = async () =>
    new Set((await s.json("/api/events?limit=10000") as Tagged[]).map((e) => e.number));
  assertEquals([...await numbers()].sort(), [1, 2]);
  const d = await runCli(["task", "discard", "2"], { cwd: p.dir });
  assertEquals(d.code, 0, d.stderr);
  // The server's follower notices within its poll (a second); a replay of the logs would
  // no longer have task 2, nor should the answer (the web UI drew it as a ghost task).
  const until = Date.now() + 20_000;
  let seen = await numbers();
  while (seen.has(2) && Date.now() < until) {
    await new Promise((ok) => setTimeout(ok, 200));
    seen = await numbers();
  }
  assertEquals([...seen], [1]);
});

Deno.test(
  "GET /api/tasks has an entity tag: 304 while nothing changed, 200 after a task is made or a run moves",
  sanitize,
  async () => {
    await using p = await tempProject();
    await createTask(p.state, "One");
    await using s = await startServer(p.dir);
    const list = async (tag?: string) => {
      const res = await s.get("/api/tasks", tag ? { headers: { "if-none-match": tag } } : {});
      const body = res.status === 200 ? await res.json() : await res.text();
      return { status: res.status, tag: res.headers.get("etag") ?? "", body };
    };
    const first = await list();
    assertEquals(first.status, 200);
    assertMatch(first.tag, /^"[^"]+"$/);
    const same = await list(first.tag);
    assertEquals([same.status, same.body, same.tag], [304, "", first.tag]);
    assertEquals((await list('"something else"')).status, 200);
    // A task made elsewhere changes the list.
    await createTask(p.state, "Two");
    const made = await list(first.tag);
    assertEquals(made.status, 200);
    assertEquals(made.body.length, 2);
    // A run that starts and finishes changes its row.
    assertEquals((await runCli(["run", "2", "--speed", "200"], { cwd: p.dir })).code, 0);
    // (the server publishes the run's events as its follower reads them: within a moment)
    let moved = await list(made.tag);
    for (const deadline = Date.now() + 20_000; moved.status === 304 && Date.now() < deadline;) {
      await new Promise((r) => setTimeout(r, 100));
      moved = await list(made.tag);
    }
    assertEquals(moved.status, 200);
    assertEquals(moved.body[1].run.status, "done");
  },
);

Deno.test("an empty type or task parameter is a 400, never every event", sanitize, async () => {
  await using p = await tempProject();
  await createTask(p.state, "One");
  await using s = await startServer(p.dir);
  for (
    const path of [
      "/api/events?type=",
      "/api/events?task=",
      "/api/events?type=,",
      "/api/stream?type=",
      "/api/stream?task=%20",
    ]
  ) {
    const res = await s.get(path);
    assertEquals(res.status, 400, path);
    assertMatch(res.headers.get("content-type") ?? "", /problem\+json/);
    assertStringIncludes((await res.json()).detail ?? "", "names no");
  }
  assertEquals((await s.get("/api/events?type=log")).status, 200);
});
