/**
 * The write routes of `taskline serve` against a real server on loopback and
 * real runs: create, run, resume, cancel, approve and reject through the
 * API write the same events as the commands; every hostile variant of a
 * write is answered with a 4xx problem+json and changes nothing.
 */
import { assert, assertEquals, assertMatch, assertStringIncludes } from "./assert.ts";
import { runCli, spawnCli, tempProject, waitUntil } from "./helpers.ts";
import { postJson, rawRequest, SseReader, startServer } from "./serve_util.ts";
import { createTask } from "../src/store/tasks.ts";
import type { StateDir } from "../src/store/state_dir.ts";

const sanitize = { sanitizeOps: false, sanitizeResources: false };

interface Line {
  seq?: number;
  at: string;
  event: Record<string, unknown> & { type: string };
}

async function logOf(state: StateDir, dir: string): Promise<Line[]> {
  let text = "";
  try {
    text = await Deno.readTextFile(state.logPath(dir));
  } catch {
    return [];
  }
  return text.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l));
}

/** Waits until the task's log has a `run_finished` after its last `run_started`. */
async function runEnded(state: StateDir, dir: string, timeoutMs = 30_000): Promise<Line[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const log = await logOf(state, dir);
    const start = log.findLastIndex((l) => l.event.type === "run_started");
    if (start >= 0 && log.slice(start).some((l) => l.event.type === "run_finished")) return log;
    if (Date.now() > deadline) {
      throw new Error(`no run_finished; the log:\n${log.map((l) => l.event.type).join(" ")}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function config(state: StateDir, pipeline: Record<string, unknown>) {
  await Deno.writeTextFile(state.configPath, JSON.stringify({ pipeline }));
}

/** A scenario that keeps a run busy (cancel, a second run, stopping the server). */
const SLOW = JSON.stringify({
  name: "slow",
  tick_ms: 100,
  phases: [{
    name: "build",
    repeat: 1000,
    agents: [{ role: "coder", steps: [{ text: "working slowly" }] }],
  }],
});

async function slowScenario(state: StateDir) {
  await Deno.mkdir(`${state.root}/scenarios`, { recursive: true });
  await Deno.writeTextFile(`${state.root}/scenarios/slow.jsonc`, SLOW);
}

/** The events of a log as the commands and the routes both write them, without times and ids. */
function shape(log: Line[]): string[] {
  return log.map((l) => {
    const e = l.event;
    switch (e.type) {
      case "approval_resolved":
        return `${l.seq} approval_resolved ${e.gate} ${e.approved} ${e.comment}`;
      case "approval_requested":
        return `${l.seq} approval_requested ${e.gate}`;
      case "paused":
        return `${l.seq} paused ${e.reason}`;
      case "run_finished":
        return `${l.seq} run_finished ${e.success} ${e.status}`;
      case "phase_started":
      case "phase_finished":
        return `${l.seq} ${e.type} ${e.phase}`;
      default:
        return `${l.seq} ${e.type}`;
    }
  });
}

function assertProblem(
  r: { status: number; body: Record<string, unknown>; headers?: Headers },
  status: number,
  label: string,
) {
  assertEquals(r.status, status, `${label}: ${JSON.stringify(r.body)}`);
  if (r.headers) {
    assertEquals(r.headers.get("content-type"), "application/problem+json", label);
  }
  assert(typeof r.body.error === "string" && r.body.error !== "", `${label}: an error member`);
  assertEquals(r.body.status, status, label);
}

Deno.test(
  "API: a task created, run to its gate, approved and resumed logs what the commands log",
  sanitize,
  async () => {
    // The same story through the commands, for comparison.
    await using cli = await tempProject();
    await config(cli.state, { approvals: ["spec"] });
    assertEquals((await runCli(["task", "new", "Add login"], { cwd: cli.dir })).code, 0);
    assertEquals((await runCli(["run", "1", "--speed", "200"], { cwd: cli.dir })).code, 2);
    assertEquals(
      (await runCli(["approve", "1", "--comment", "looks right"], { cwd: cli.dir })).code,
      0,
    );
    assertEquals(
      (await runCli(["run", "1", "--resume", "--speed", "200"], { cwd: cli.dir })).code,
      0,
    );
    const cliLog = await logOf(cli.state, "001-add-login");

    await using p = await tempProject();
    await config(p.state, { approvals: ["spec"] });
    await using s = await startServer(p.dir);

    const created = await postJson(s, "/api/tasks", {
      title: "Add login",
      description: "A page with a form",
    });
    assertEquals(created.status, 201, JSON.stringify(created.body));
    assertEquals(created.body.number, 1);
    assertEquals(created.body.dir, "001-add-login");
    assertEquals(created.body.running, false);
    assertEquals(created.body.run, null);
    const record = created.body.task as Record<string, unknown>;
    assertEquals([record.title, record.description, record.status], [
      "Add login",
      "A page with a form",
      "ready",
    ]);
    assertEquals(created.headers.get("location"), "/api/tasks/1");
    // The CLI sees the task as one it created itself.
    const listed = await runCli(["task", "list", "--json"], { cwd: p.dir });
    assertEquals(JSON.parse(listed.stdout)[0].title, "Add login");

    const started = await postJson(s, "/api/tasks/1/run", { resume: false, speed: 200 });
    assertEquals(started.status, 202, JSON.stringify(started.body));
    assertEquals(started.body.status, "running");
    assertMatch(String(started.body.run), /^[0-9a-f-]{36}$/);
    let log = await runEnded(p.state, "001-add-login");
    assertEquals(log[0].event.run, started.body.run);
    assertEquals(log.at(-1)!.event.status, "paused");

    // The row tells the run's status beside what it waits for.
    const rows = await s.json("/api/tasks") as Array<Record<string, Record<string, unknown>>>;
    await waitUntil(async () => {
      const r = await s.json("/api/tasks/1") as Record<string, Record<string, unknown>>;
      return r.run?.status === "paused";
    }, "the run's status paused");
    assertEquals(rows[0].run.pending_approval, "spec");
    // And the phase it is in (the peer's rows carry it: clients read it).
    const phases = log.filter((l) => l.event.type === "phase_started");
    assert(phases.length > 0);
    assertEquals(rows[0].run.current_phase, phases.at(-1)!.event.phase);

    // Nothing goes on until a human answers.
    const early = await postJson(s, "/api/tasks/1/run", { resume: true });
    assertProblem(early, 409, "resume while the gate waits");
    assertStringIncludes(String(early.body.error), "waits for approval of the spec gate");
    const again = await postJson(s, "/api/tasks/1/run", {});
    assertProblem(again, 409, "a new run of a paused task");

    const approved = await postJson(s, "/api/tasks/1/approve", { comment: "looks right" });
    assertEquals(approved.status, 200, JSON.stringify(approved.body));
    assertEquals([approved.body.gate, approved.body.approved, approved.body.comment], [
      "spec",
      true,
      "looks right",
    ]);
    // The same answer `taskline approve --json` prints.
    assertEquals(Object.keys(approved.body).sort(), [
      "approved",
      "comment",
      "gate",
      "run",
      "seq",
      "task",
    ]);
    assertProblem(await postJson(s, "/api/tasks/1/approve", {}), 409, "approve twice");
    assertProblem(
      await postJson(s, "/api/tasks/1/reject", { reason: "late" }),
      409,
      "reject after approve",
    );

    const resumed = await postJson(s, "/api/tasks/1/run", { resume: true, speed: "200" });
    assertEquals(resumed.status, 202, JSON.stringify(resumed.body));
    assertEquals(resumed.body.run, started.body.run, "a resume continues the same run");
    log = await runEnded(p.state, "001-add-login");
    assertEquals(log.at(-1)!.event.status, "done");
    assertEquals(log.map((l) => l.seq), log.map((_, i) => i + 1), "seq has no gaps");
    assertEquals(shape(log), shape(cliLog), "the API logs what the commands log");
    await waitUntil(async () => {
      const r = await s.json("/api/tasks/1") as Record<string, Record<string, unknown>>;
      return r.run?.status === "done" && r.running as unknown === false;
    }, "the run's status done");
  },
);

Deno.test(
  "API: reject needs a reason, and sends the work back as `taskline reject` does",
  sanitize,
  async () => {
    await using p = await tempProject();
    await config(p.state, { approvals: ["spec"] });
    await createTask(p.state, "Add login");
    await using s = await startServer(p.dir);
    assertEquals((await postJson(s, "/api/tasks/1/run", { speed: 200 })).status, 202);
    await runEnded(p.state, "001-add-login");
    const before = (await logOf(p.state, "001-add-login")).length;

    assertProblem(await postJson(s, "/api/tasks/1/reject", {}), 400, "no reason");
    assertProblem(await postJson(s, "/api/tasks/1/reject", { reason: "  " }), 400, "blank reason");
    assertProblem(await postJson(s, "/api/tasks/1/reject", { reason: 3 }), 400, "reason not text");
    assertProblem(
      await postJson(s, "/api/tasks/1/reject", { comment: "why" }),
      400,
      "comment instead of reason",
    );
    assertEquals((await logOf(p.state, "001-add-login")).length, before, "nothing logged");

    const r = await postJson(s, "/api/tasks/1/reject", { reason: "too vague" });
    assertEquals(r.status, 200, JSON.stringify(r.body));
    assertEquals([r.body.approved, r.body.comment], [false, "too vague"]);
    const log = await logOf(p.state, "001-add-login");
    const resolved = log.at(-1)!;
    assertEquals(resolved.event.type, "approval_resolved");
    assertEquals([resolved.event.approved, resolved.event.comment], [false, "too vague"]);
    assertEquals(resolved.seq, before + 1);

    // Resumed: the spec phase is played again and waits again.
    assertEquals((await postJson(s, "/api/tasks/1/run", { resume: true, speed: 200 })).status, 202);
    const after = await runEnded(p.state, "001-add-login");
    const specs = after.filter((l) => l.event.type === "phase_started" && l.event.phase === "spec");
    assertEquals(specs.length, 2);
    assertEquals(after.at(-1)!.event.status, "paused");
  },
);

Deno.test(
  "API: a running run is refused a second run, cancelled by the API or by `taskline cancel`, and followed by `events -f`",
  sanitize,
  async () => {
    await using p = await tempProject();
    await slowScenario(p.state);
    await createTask(p.state, "Slow work");
    await using s = await startServer(p.dir);

    const started = await postJson(s, "/api/tasks/1/run", { scenario: "slow" });
    assertEquals(started.status, 202, JSON.stringify(started.body));
    // 202 once the run holds the task: a second run is refused at once.
    const second = await postJson(s, "/api/tasks/1/run", { scenario: "slow" });
    assertProblem(second, 409, "a second run");
    assertEquals(second.body.code, "task-running");
    const cliSecond = await runCli(["run", "1"], { cwd: p.dir });
    assertEquals(cliSecond.code, 1, "the CLI sees the server's run as any run");
    const row = await s.json("/api/tasks/1") as Record<string, Record<string, unknown>>;
    assertEquals(row.run.status, "running");

    // Another terminal follows the server's run to its end.
    await using follower = spawnCli(["events", "1", "-f", "--json"], { cwd: p.dir });
    await follower.waitLines(2, 20_000);

    const cancelled = await postJson(s, "/api/tasks/1/cancel");
    assertEquals(cancelled.status, 202, JSON.stringify(cancelled.body));
    assertEquals(cancelled.body.requested, true);
    const log = await runEnded(p.state, "001-slow-work");
    const last = log.at(-1)!.event;
    assertEquals([last.type, last.success, last.status], ["run_finished", false, "cancelled"]);
    const status = await follower.done;
    assertEquals(status.code, 0, follower.stderr);
    assertEquals(JSON.parse(follower.lines.at(-1)!).event.type, "run_finished");
    // Nothing runs it any more.
    await waitUntil(
      async () => (await postJson(s, "/api/tasks/1/cancel", {})).status === 409,
      "409",
    );
    const none = await postJson(s, "/api/tasks/1/cancel", {});
    assertProblem(none, 409, "cancel with nothing running");
    assertEquals(none.body.code, "not-running");

    // A resumed run started through the API, stopped by `taskline cancel` from a terminal.
    const resumed = await postJson(s, "/api/tasks/1/run", { resume: true });
    assertEquals(resumed.status, 202, JSON.stringify(resumed.body));
    const cli = await runCli(["cancel", "1"], { cwd: p.dir });
    assertEquals(cli.code, 0, cli.stderr);
    assertStringIncludes(cli.stdout, "Cancelled the run of task #1");
    const after = await runEnded(p.state, "001-slow-work");
    assertEquals(after.at(-1)!.event.status, "cancelled");
    assertEquals(after.filter((l) => l.event.type === "run_started").length, 2);
    assertEquals(after.map((l) => l.seq), after.map((_, i) => i + 1));
  },
);

Deno.test(
  "API: a run started by the server is cancelled resumably when the server stops",
  sanitize,
  async () => {
    await using p = await tempProject();
    await slowScenario(p.state);
    await createTask(p.state, "Slow work");
    const s = await startServer(p.dir);
    try {
      assertEquals((await postJson(s, "/api/tasks/1/run", { scenario: "slow" })).status, 202);
      await waitUntil(
        async () => (await logOf(p.state, "001-slow-work")).length > 3,
        "the run to get going",
      );
    } finally {
      await s[Symbol.asyncDispose]();
    }
    const status = await s.proc.done;
    assertEquals(status.code, 0, s.proc.stderr);
    const log = await logOf(p.state, "001-slow-work");
    const last = log.at(-1)!.event;
    assertEquals([last.type, last.status], ["run_finished", "cancelled"]);
    const why = log.findLast((l) => l.event.type === "log")!.event;
    assertStringIncludes(String(why.message), "the server that ran it stopped");
    // The run goes on from where it stopped.
    const resumed = await runCli(["run", "1", "--resume", "--speed", "1000", "--json"], {
      cwd: p.dir,
    });
    assertEquals(resumed.code, 0, resumed.stderr);
    const after = await logOf(p.state, "001-slow-work");
    assertEquals(after.filter((l) => l.event.type === "run_started").length, 2);
    assertEquals(after.at(-1)!.event.status, "done");
    assertEquals(after.map((l) => l.seq), after.map((_, i) => i + 1));
  },
);

Deno.test(
  "API: every hostile variant of a write gets a 4xx problem+json and changes nothing",
  sanitize,
  async () => {
    await using p = await tempProject();
    await config(p.state, { approvals: ["spec"] });
    await createTask(p.state, "Add login");
    await using s = await startServer(p.dir);
    // A paused run, so that approve and reject would do something if let through.
    assertEquals((await postJson(s, "/api/tasks/1/run", { speed: 200 })).status, 202);
    await runEnded(p.state, "001-add-login");
    const logBefore = await Deno.readTextFile(p.state.logPath("001-add-login"));
    const tasksBefore = [...Deno.readDirSync(p.state.tasksDir)].length;

    const routes: Array<[string, unknown]> = [
      ["/api/tasks", { title: "Injected" }],
      ["/api/tasks/1/run", { resume: false, restart: true, speed: 200 }],
      ["/api/tasks/1/cancel", {}],
      ["/api/tasks/1/approve", { comment: "sneaky" }],
      ["/api/tasks/1/reject", { reason: "sneaky" }],
    ];
    const host = `127.0.0.1:${s.port}`;
    const bad: Record<number, number> = {};
    for (const [path, body] of routes) {
      const text = JSON.stringify(body);
      const check = (
        r: { status: number; body: Record<string, unknown> },
        st: number,
        l: string,
      ) => {
        assertProblem(r, st, `${path}: ${l}`);
        bad[st] = (bad[st] ?? 0) + 1;
      };
      // The token in the query, never taken for a write.
      check(await postJson(s, `${path}?token=${s.token}`, body, { token: null }), 401, "?token=");
      check(await postJson(s, `${path}?token=${s.token}`, body), 400, "?token= beside the header");
      check(await postJson(s, path, body, { token: "x".repeat(64) }), 401, "wrong token");
      // Host and Origin, as for reads.
      const raw = async (headers: Record<string, string>, payload = text) => {
        const r = await rawRequest(s.port, "POST", path, {
          "Content-Length": String(new TextEncoder().encode(payload).length),
          ...headers,
        }, payload);
        const type = /content-type: ([^\r\n]+)/i.exec(r.head)?.[1] ?? "";
        assertEquals(type, "application/problem+json", `${path}: ${r.head}`);
        return { status: r.status, body: JSON.parse(r.body) };
      };
      const auth = { Authorization: `Bearer ${s.token}`, "Content-Type": "application/json" };
      check(await raw({ Host: "evil.example:80", ...auth }), 403, "foreign Host");
      check(await raw({ Host: `rebind.example:${s.port}`, ...auth }), 403, "rebinding Host");
      check(await raw({ Host: host, Origin: "http://evil.example", ...auth }), 403, "Origin");
      check(await raw({ Host: host, Origin: "null", ...auth }), 403, "Origin null");
      // What a cross-site form can send, and other bodies than JSON.
      for (const type of [null, "text/plain", "application/x-www-form-urlencoded"]) {
        const headers: Record<string, string> = { Host: host, Authorization: auth.Authorization };
        if (type) headers["Content-Type"] = type;
        check(await raw(headers), 415, `Content-Type ${type}`);
      }
      check(
        await raw({ Host: host, ...auth, "Content-Type": "application/jsonx" }),
        415,
        "application/jsonx",
      );
      // Bounded bodies: by Content-Length, and chunked without one.
      const huge = JSON.stringify({ title: "x".repeat(70 * 1024) });
      check(await postJson(s, path, huge), 413, "a body over 64 KiB");
      const chunk = huge.length.toString(16);
      const chunked = await rawRequest(s.port, "POST", path, {
        Host: host,
        ...auth,
        "Transfer-Encoding": "chunked",
      }, `${chunk}\r\n${huge}\r\n0\r\n\r\n`);
      check({ status: chunked.status, body: JSON.parse(chunked.body) }, 413, "chunked, too big");
      // Bodies that are not what the route takes.
      check(await postJson(s, path, "{not json"), 400, "bad JSON");
      check(await postJson(s, path, "[1,2]"), 400, "an array");
      check(await postJson(s, path, '"text"'), 400, "a string");
      check(await postJson(s, path, { ...body as object, extra: 1 }), 400, "an unknown member");
      // Only POST.
      if (path !== "/api/tasks") {
        const get = await s.get(path);
        assertEquals(get.status, 405, path);
        assertEquals(get.headers.get("allow"), "POST");
        await get.body?.cancel();
      }
      // An unknown task.
      if (path !== "/api/tasks") {
        check(await postJson(s, path.replace("/1/", "/99/"), body), 404, "unknown ref");
        check(await postJson(s, path.replace("/1/", "/zz%2F..%2F/"), body), 404, "odd ref");
      }
    }
    // Wrong types in a body.
    for (
      const [path, body] of [
        ["/api/tasks", { title: 5 }],
        ["/api/tasks", { title: "" }],
        ["/api/tasks", {}],
        ["/api/tasks", { title: "t", description: ["x"] }],
        ["/api/tasks/1/run", { resume: "yes" }],
        ["/api/tasks/1/run", { speed: 0 }],
        ["/api/tasks/1/run", { speed: "fast" }],
        ["/api/tasks/1/run", { max_tokens: -5 }],
        ["/api/tasks/1/run", { max_tokens: 1.5 }],
        ["/api/tasks/1/run", { max_duration: "soon" }],
        ["/api/tasks/1/run", { scenario: "../../etc/passwd" }],
        ["/api/tasks/1/run", { scenario: "-" }],
        ["/api/tasks/1/run", { resume: true, scenario: "builtin" }],
        ["/api/tasks/1/approve", { comment: 7 }],
      ] as Array<[string, unknown]>
    ) {
      const r = await postJson(s, path, body);
      assertProblem(r, 400, `${path} ${JSON.stringify(body)}`);
    }
    assertEquals(
      await Deno.readTextFile(p.state.logPath("001-add-login")),
      logBefore,
      "no hostile request wrote to the log",
    );
    assertEquals([...Deno.readDirSync(p.state.tasksDir)].length, tasksBefore, "no task created");
    assert((bad[500] ?? 0) === 0);
    // The server is still fine and the gate still waits.
    const row = await s.json("/api/tasks/1") as Record<string, Record<string, unknown>>;
    assertEquals(row.run.pending_approval, "spec");
  },
);

Deno.test(
  "API: the project stream shows a run started through the API live, agent_delta without id",
  sanitize,
  async () => {
    await using p = await tempProject();
    await createTask(p.state, "Streamed");
    await using s = await startServer(p.dir);
    const stream = new SseReader(
      (await s.get(`/api/stream?token=${s.token}`, { token: null })).body!,
    );
    await stream.until((f) => f.length > 0);
    assertEquals((await postJson(s, "/api/tasks/1/run", { speed: 20 })).status, 202);
    await stream.until((f) => f.some((x) => x.event === "agent_delta"));
    await stream.until((f) => f.some((x) => x.event === "run_finished"), 30_000);
    await stream.cancel();
    const delta = stream.events().find((f) => f.event === "agent_delta")!;
    assertEquals(delta.id, undefined, "an ephemeral event has no id");
    const d = JSON.parse(delta.data!);
    assertEquals([d.number, d.seq], [1, undefined]);
    // Every logged event reached the stream once, in the log's order; no delta was logged.
    const log = await logOf(p.state, "001-streamed");
    assert(!log.some((l) => l.event.type === "agent_delta"));
    const logged = stream.events().filter((f) => f.id !== undefined).map((f) => f.event);
    assertEquals(logged, log.map((l) => l.event.type));
  },
);

Deno.test("API: the OpenAPI document describes every write route", sanitize, async () => {
  await using p = await tempProject();
  await using s = await startServer(p.dir);
  const doc = await s.json("/api/openapi.json") as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
  };
  const writes: Array<[string, string]> = [
    ["/api/tasks", "201"],
    ["/api/tasks/{ref}/run", "202"],
    ["/api/tasks/{ref}/cancel", "202"],
    ["/api/tasks/{ref}/approve", "200"],
    ["/api/tasks/{ref}/reject", "200"],
  ];
  for (const [path, ok] of writes) {
    const op = doc.paths[path]?.post;
    assert(op, `POST ${path} is described`);
    const responses = op.responses as Record<string, unknown>;
    for (const st of [ok, "400", "401", "403", "413", "415"]) {
      assert(st in responses, `POST ${path} answers ${st}`);
    }
    assertEquals(op.security, [{ bearer: [] }], "header token only");
    assert(op.requestBody, `POST ${path} has a body`);
  }
  assert(doc.paths["/api/tasks"].get, "GET /api/tasks stays");
  for (const path of writes.slice(1).map(([p]) => p)) {
    assert("409" in (doc.paths[path].post.responses as object), `${path} 409`);
  }
});

Deno.test(
  "API: a task's row names the phase its run is in, for a run an engine writes through record",
  sanitize,
  async () => {
    await using p = await tempProject();
    await createTask(p.state, "Recorded");
    await using s = await startServer(p.dir);
    await using rec = spawnCli(["record", "1"], { cwd: p.dir });
    const w = rec.child.stdin.getWriter();
    const send = (ev: Record<string, unknown>) =>
      w.write(new TextEncoder().encode(JSON.stringify(ev) + "\n"));
    const row = async () =>
      (await s.json("/api/tasks/1") as Record<string, Record<string, unknown> | null>).run;
    await send({ type: "phase_started", phase: "plan" });
    await waitUntil(async () => (await row())?.current_phase === "plan", "the row in plan");
    await send({ type: "phase_finished", phase: "plan", success: true, summary: "planned" });
    // As the web UI polls: with If-None-Match, every 50 ms. The run.json that
    // names the new phase is saved a moment after its event; a poll in between
    // must not leave the list stuck behind an unchanged ETag.
    let etag = (await s.get("/api/tasks")).headers.get("etag")!;
    let phase: unknown = null;
    await send({ type: "phase_started", phase: "build" });
    const deadline = Date.now() + 20_000;
    while (phase !== "build" && Date.now() < deadline) {
      const res = await s.get("/api/tasks", { headers: { "if-none-match": etag } });
      if (res.status === 200) {
        etag = res.headers.get("etag")!;
        phase = (await res.json())[0].run?.current_phase;
      } else await res.body?.cancel();
      await new Promise((r) => setTimeout(r, 50));
    }
    assertEquals(phase, "build", "the polled list shows the new phase");
    assertEquals((await row())?.status, "running");
    await send({ type: "phase_finished", phase: "build", success: true, summary: "built" });
    await send({ type: "run_finished", success: true, status: "done" });
    await w.close();
    assertEquals((await rec.done).code, 0, rec.stderr);
    // A finished run names the phase it ended in.
    const after = await row();
    assertEquals([after?.status, after?.current_phase], ["done", "build"]);
  },
);
