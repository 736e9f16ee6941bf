/**
 * `taskline record --from claude-code|codex` through the real program under
 * its shipped permissions: every transcript of fixtures/agents/ records into
 * the same events as the fixture project's (what the golden cases read), up
 * to ids and times; exit codes, warnings on stderr, usage errors; and the
 * run is written as the agent works (a follower and a server's stream see
 * each call before the agent's input ends).
 *
 * @module
 */
import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { REPO, runCli, spawnCli, tempProject } from "./helpers.ts";
import { createTask } from "../src/store/tasks.ts";
import { SseReader, startServer } from "./serve_util.ts";
import { logLines, typesOf, until } from "./record_util.ts";
import { transcripts, transcriptText } from "../scripts/make_agent_fixtures.ts";

const sanitize = { sanitizeOps: false, sanitizeResources: false };
const FIXTURE = `${REPO}/fixtures/projects/agents`;

/** A log's events with what differs between two recordings of one transcript made equal. */
function comparable(text: string, measured: boolean): unknown[] {
  const runs = new Map<string, string>();
  const calls = new Map<string, string>();
  return text.split("\n").filter((l) => l !== "").map((l) => {
    const env = JSON.parse(l);
    const e = env.event;
    if (typeof e.run === "string") {
      if (!runs.has(e.run)) runs.set(e.run, `run-${runs.size}`);
      e.run = runs.get(e.run);
    }
    if (typeof e.call === "string") {
      if (!calls.has(e.call)) calls.set(e.call, `call-${calls.size}`);
      e.call = calls.get(e.call);
    }
    if (typeof e.message === "string") {
      for (const [id, name] of calls) e.message = e.message.replaceAll(id, name);
    }
    if (typeof e.output_file === "string") e.output_file = "FILE";
    if (typeof e.task === "string") e.task = "TASK";
    if (typeof e.duration_ms === "number") e.duration_ms = 0;
    if (e.type === "run_finished") e.started_at = "TIME";
    if (e.type === "run_finished" && measured) e.active_ms = 0;
    return { schema: env.schema, seq: env.seq, event: e };
  });
}

Deno.test("each transcript of fixtures/agents records as the fixture project holds it (what the golden cases read)", async () => {
  const list = transcripts();
  await using p = await tempProject();
  for (const t of list) await createTask(p.state, t.title);
  const want = { session: 0, failed: 1, cut: 1, hostile: 0 } as Record<string, number>;
  for (let i = 0; i < list.length; i++) {
    const t = list[i];
    const args = ["record", String(i + 1), "--from", t.format];
    if (t.model !== undefined) args.push("--model", t.model);
    const stdin = transcriptText(t);
    // The file on disk is the transcript the fixture was recorded from.
    assertEquals(await Deno.readTextFile(`${REPO}/fixtures/agents/${t.file}`), stdin);
    const r = await runCli(args, { cwd: p.dir, stdin });
    const kind = t.file.replace(/^(claude-code|codex)-/, "").replace(".jsonl", "");
    assertEquals(r.code, want[kind], `${t.file}: ${r.stderr}`);
    // Lines that are not JSON are named on stderr; unknown line types are not.
    const notJson = t.lines.map((l, n) => typeof l === "string" ? n + 1 : 0).filter((n) => n > 0);
    const warned = r.stderr.split("\n").filter((l) => l !== "");
    assertEquals(warned.length, notJson.length, `${t.file}: ${r.stderr}`);
    notJson.forEach((n, k) =>
      assert(
        warned[k].startsWith(`taskline: warning: line ${n} of stdin not written: not JSON (`),
        warned[k],
      )
    );
    const dir = (await Array.fromAsync(Deno.readDir(p.state.tasksDir))).map((e) => e.name)
      .find((d) => d.startsWith(String(i + 1).padStart(3, "0")))!;
    const got = await Deno.readTextFile(`${p.state.tasksDir}/${dir}/events.jsonl`);
    const fixture = await Deno.readTextFile(`${FIXTURE}/.taskline/tasks/${dir}/events.jsonl`);
    // Without the agent's durations (Codex reports none; a cut input has no result) the
    // run's time is the time record ran it.
    const measured = !t.lines.some((l) =>
      typeof l === "object" && l.type === "result" && typeof l.duration_ms === "number"
    );
    assertEquals(comparable(got, measured), comparable(fixture, measured), t.file);
    // The kept outputs are the same texts.
    const outputs = (text: string) =>
      text.split("\n").filter((l) => l.includes('"output_file":"')).map((l) =>
        JSON.parse(l).event.output_file as string
      );
    const mine = outputs(got), theirs = outputs(fixture);
    assertEquals(mine.length, theirs.length);
    for (let k = 0; k < mine.length; k++) {
      assertEquals(
        await Deno.readTextFile(`${p.dir}/${mine[k]}`),
        await Deno.readTextFile(`${FIXTURE}/${theirs[k]}`),
      );
    }
  }
  // history and trace read the recorded runs as they read the fixture's.
  const h = await runCli(["history", "1", "--json"], { cwd: p.dir });
  const doc = JSON.parse(h.stdout);
  assertEquals([doc.cost.amount, doc.cost.reported, doc.runs[0].cost_reported], [
    0.18472,
    true,
    true,
  ]);
  assertEquals(doc.totals.usage, {
    input_tokens: 3864,
    output_tokens: 756,
    cache_read_tokens: 99530,
    cache_write_tokens: 8244,
  });
  assertEquals(doc.totals.active_ms, 48210);
});

Deno.test("record --from: an unknown format is a usage error naming the formats; --model needs an agent's format", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "x");
  const r = await runCli(["record", "1", "--from", "claude"], { cwd: p.dir, stdin: "" });
  assertEquals(r.code, 2);
  assertStringIncludes(r.stderr, 'unknown --from "claude"');
  for (const f of ["taskline", "claude-code", "codex"]) assertStringIncludes(r.stderr, f);
  const m = await runCli(["record", "1", "--model", "m"], { cwd: p.dir, stdin: "" });
  assertEquals(m.code, 2);
  assertStringIncludes(m.stderr, "--model");
  // Nothing was recorded.
  assertEquals(await logLines(p.state, task), []);
});

Deno.test(
  "record --from claude-code writes as it reads: a follower and the server's stream see each call while the agent works",
  sanitize,
  async () => {
    await using p = await tempProject();
    const task = await createTask(p.state, "Live agent");
    await using s = await startServer(p.dir);
    const stream = new SseReader(
      (await s.get(`/api/tasks/1/stream?token=${s.token}`, { token: null })).body!,
    );
    await using follower = spawnCli(["events", "1", "-f", "--json"], { cwd: p.dir });
    await using rec = spawnCli(["record", "1", "--from", "claude-code", "--json"], {
      cwd: p.dir,
    });
    let exited = false;
    rec.done.then(() => exited = true);
    const w = rec.child.stdin.getWriter();
    const send = (o: unknown) => w.write(new TextEncoder().encode(JSON.stringify(o) + "\n"));
    await send({ type: "system", subtype: "init", session_id: "s", model: "claude-sonnet-4-5" });
    await send({
      type: "stream_event",
      event: { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Runn" } },
      parent_tool_use_id: null,
      session_id: "s",
    });
    await send({
      type: "assistant",
      message: {
        id: "m1",
        model: "claude-sonnet-4-5",
        content: [{ type: "tool_use", id: "toolu_1", name: "Bash", input: { command: "make" } }],
        usage: { input_tokens: 5, output_tokens: 7 },
      },
      parent_tool_use_id: null,
      session_id: "s",
    });
    // The call is seen while the agent's input is still open.
    const called = (l: string) => l.includes('"type":"tool_called"');
    assert(
      await until(() => Promise.resolve(follower.lines.some(called))),
      follower.lines.join("\n"),
    );
    await stream.until((f) => f.some((x) => x.event === "tool_called"));
    assert(!exited, "record is still reading the agent's output");
    // The delta went to --json (and live followers), never to the log.
    assert(await until(() => Promise.resolve(rec.lines.some((l) => l.includes('"agent_delta"')))));
    await send({
      type: "user",
      message: {
        role: "user",
        content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "built" }],
      },
      parent_tool_use_id: null,
      session_id: "s",
    });
    await send({
      type: "result",
      subtype: "success",
      is_error: false,
      duration_ms: 900,
      result: "Built.",
      session_id: "s",
      total_cost_usd: 0.01,
      usage: { input_tokens: 5, output_tokens: 7 },
    });
    await w.close();
    assertEquals((await rec.done).code, 0, rec.stderr);
    assertEquals((await follower.done).code, 0, follower.stderr);
    await stream.until((f) => f.some((x) => x.event === "run_finished"));
    await stream.cancel();
    assertEquals(typesOf(await logLines(p.state, task)), [
      "run_started",
      "phase_started",
      "agent_started",
      "tool_called",
      "tool_returned",
      "agent_finished",
      "phase_finished",
      "run_finished",
    ]);
  },
);

Deno.test(
  "record --from codex: Ctrl-C mid-session ends the agent's session and the run (exit 130), the call named",
  sanitize,
  async () => {
    await using p = await tempProject();
    const task = await createTask(p.state, "Interrupted");
    await using rec = spawnCli(["record", "1", "--from", "codex"], { cwd: p.dir });
    const w = rec.child.stdin.getWriter();
    const send = (o: unknown) => w.write(new TextEncoder().encode(JSON.stringify(o) + "\n"));
    await send({ type: "thread.started", thread_id: "t" });
    await send({
      type: "item.started",
      item: { id: "item_0", type: "command_execution", command: "sleep 9", status: "in_progress" },
    });
    for (let i = 0; i < 200; i++) {
      if (typesOf(await logLines(p.state, task)).includes("tool_called")) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    rec.kill("SIGINT");
    assertEquals((await rec.done).code, 130);
    const lines = await logLines(p.state, task);
    assertEquals(typesOf(lines).slice(-5), [
      "log",
      "agent_finished",
      "phase_finished",
      "log",
      "run_finished",
    ]);
    assertStringIncludes(String(lines.at(-5)!.event.message), "the agent's item_0");
    assertEquals(JSON.parse(String(lines.at(-4)!.event.stop)), { reason: "interrupted" });
    assertEquals([lines.at(-1)!.event.success, lines.at(-1)!.event.status], [false, "failed"]);
    await w.close().catch(() => {});
  },
);

Deno.test("record --from claude-code --resume continues the run: seq goes on, the second session's totals add up", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "Two sessions");
  const session = (id: string, cost: number) =>
    [
      { type: "system", subtype: "init", session_id: id, model: "claude-sonnet-4-5" },
      {
        type: "result",
        subtype: "success",
        is_error: false,
        duration_ms: 1000,
        result: "ok",
        session_id: id,
        total_cost_usd: cost,
        usage: { input_tokens: 10, output_tokens: 1 },
      },
    ].map((o) => JSON.stringify(o) + "\n").join("");
  // A run that paused is resumed: here, a failed first run is resumed by a second session.
  const first = await runCli(["record", "1", "--from", "claude-code"], {
    cwd: p.dir,
    stdin: session("a", 0.5).split("\n")[0] + "\n",
  });
  assertEquals(first.code, 1);
  const second = await runCli(["record", "1", "--from", "claude-code", "--resume"], {
    cwd: p.dir,
    stdin: session("b", 0.25),
  });
  assertEquals(second.code, 0, second.stderr);
  const lines = await logLines(p.state, task);
  lines.forEach((l, i) => assertEquals(l.seq, i + 1));
  assertEquals(new Set(lines.map((l) => l.event.run)).size, 1);
  const end = lines.at(-1)!.event;
  assertEquals([end.type, end.success, (end.usage as { input_tokens: number }).input_tokens], [
    "run_finished",
    true,
    10,
  ]);
  const doc = JSON.parse((await runCli(["history", "1", "--json"], { cwd: p.dir })).stdout);
  assertEquals(doc.runs[0].cost, 0.25);
  assert(doc.runs[0].cost_reported);
});
