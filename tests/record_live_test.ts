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
