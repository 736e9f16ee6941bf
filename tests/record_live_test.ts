/**
 * What `taskline record` writes reaches a running server live: logged
 * events from the log, `agent_delta` through the live channel (never the
 * log), and `events -f` follows the recorded run to its end.
 *
 * @module
 */
import { assert, assertEquals } from "./assert.ts";
import { spawnCli, tempProject } from "./helpers.ts";
import { createTask } from "../src/store/tasks.ts";
import { SseReader, startServer } from "./serve_util.ts";
import { bare, logLines, typesOf } from "./record_util.ts";

const sanitize = { sanitizeOps: false, sanitizeResources: false };

Deno.test(
  "record: a server streams its events live, agent_delta without id and never logged",
  sanitize,
  async () => {
    await using p = await tempProject();
    const task = await createTask(p.state, "Live");
    await using s = await startServer(p.dir);
    const stream = new SseReader(
      (await s.get(`/api/stream?token=${s.token}`, { token: null })).body!,
    );
    await stream.until((f) => f.length > 0);
    await using follower = spawnCli(["events", "1", "-f", "--json"], { cwd: p.dir });
    await using rec = spawnCli(["record", "1"], { cwd: p.dir });
    const w = rec.child.stdin.getWriter();
    const send = (e: Record<string, unknown>) => w.write(new TextEncoder().encode(bare(e)));
    await stream.until((f) => f.some((x) => x.event === "run_started"));
    await send({
      type: "agent_delta",
      role: "coder",
      subtask: null,
      delta: { kind: "text", text: "typing" },
    });
    await stream.until((f) => f.some((x) => x.event === "agent_delta"));
    await send({ type: "agent_text", role: "coder", text: "typed" });
    await send({ type: "run_finished", success: true, status: "done" });
    await w.close();
    assertEquals((await rec.done).code, 0, rec.stderr);
    await stream.until((f) => f.some((x) => x.event === "run_finished"));
    const delta = stream.events().find((f) => f.event === "agent_delta")!;
    assertEquals(delta.id, undefined);
    const d = JSON.parse(delta.data!);
    assertEquals([d.number, d.seq, d.event.delta.text], [1, undefined, "typing"]);
    assertEquals(
      stream.events().map((f) => f.event),
      ["run_started", "agent_delta", "agent_text", "run_finished"],
    );
    await stream.cancel();
    assertEquals(typesOf(await logLines(p.state, task)), [
      "run_started",
      "agent_text",
      "run_finished",
    ]);
    // The follower followed the recorded run to its end.
    assertEquals((await follower.done).code, 0, follower.stderr);
    assert(follower.lines.length === 3, follower.lines.join("\n"));
  },
);

Deno.test(
  "events -f -v shows the agent_delta of a recorded run live (escaped), plain -f and the log never",
  sanitize,
  async () => {
    await using p = await tempProject();
    const task = await createTask(p.state, "Typing");
    await createTask(p.state, "Other");
    await using one = spawnCli(["events", "1", "-f", "-v"], { cwd: p.dir });
    await using every = spawnCli(["events", "-f", "-v"], { cwd: p.dir });
    await using other = spawnCli(["events", "-f", "-v", "--task", "2"], { cwd: p.dir });
    await using plain = spawnCli(["events", "-f"], { cwd: p.dir });
    // Each follower that shows deltas announces itself in .taskline/.
    const announced = async () =>
      (await Array.fromAsync(Deno.readDir(p.state.root))).filter((e) =>
        /^live-events-\d+\.json$/.test(e.name)
      ).length;
    for (const deadline = Date.now() + 20_000; await announced() < 3 && Date.now() < deadline;) {
      await new Promise((r) => setTimeout(r, 100));
    }
    assertEquals(await announced(), 3);
    await using rec = spawnCli(["record", "1"], { cwd: p.dir });
    const w = rec.child.stdin.getWriter();
    const send = (e: Record<string, unknown>) => w.write(new TextEncoder().encode(bare(e)));
    await send({ type: "run_started" });
    await one.waitLines(1);
    // A run finds new listeners within a second: deltas sent before are not seen (live only).
    const hasDelta = (c: { lines: string[] }) => c.lines.some((l) => l.includes(" … coder: "));
    for (
      const deadline = Date.now() + 20_000;
      !(hasDelta(one) && hasDelta(every)) && Date.now() < deadline;
    ) {
      await send({
        type: "agent_delta",
        role: "coder",
        subtask: null,
        delta: { kind: "text", text: "typing \x1b[31mred\x1b[0m" },
      });
      await new Promise((r) => setTimeout(r, 100));
    }
    await send({ type: "agent_text", role: "coder", text: "typed" });
    await send({ type: "run_finished", success: true, status: "done" });
    await w.close();
    assertEquals((await rec.done).code, 0, rec.stderr);
    // The task's follower ends with the run, having shown the deltas in their place.
    assertEquals((await one.done).code, 0, one.stderr);
    const deltas = one.lines.filter((l) => l.includes(" … "));
    assert(deltas.length > 0, one.lines.join("\n"));
    for (const l of deltas) assert(l.endsWith(" … coder: typing \\x1b[31mred\\x1b[0m"), l);
    const kinds = one.lines.map((l) => l.split(" ")[1]);
    assertEquals(kinds[0], "▶");
    assertEquals(kinds.slice(-2), ["“", "✔"]);
    await every.waitLines(deltas.length + 3);
    // The logged events, through the follower that shows no deltas, before it is stopped.
    await plain.waitLines(3);
    for (const c of [every, other, plain]) c.kill("SIGINT");
    for (const c of [every, other, plain]) await c.done;
    assert(hasDelta(every), every.lines.join("\n"));
    assert(every.lines.every((l) => l.startsWith("#1 ")), every.lines.join("\n"));
    assertEquals(other.lines, []);
    assertEquals(plain.lines.length, 3, plain.lines.join("\n"));
    assert(!hasDelta(plain));
    // Never logged; the announcements are gone with their followers.
    assertEquals(typesOf(await logLines(p.state, task)), [
      "run_started",
      "agent_text",
      "run_finished",
    ]);
    assertEquals(await announced(), 0);
  },
);
