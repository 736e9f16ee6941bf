/**
 * A log whose last line is longer than the backward reader's chunk (64 KiB
 * for a seek by seq, 1 MiB for a resume): every reader and the resume finish
 * (they used to loop forever on it).
 *
 * @module
 */
import { assertEquals } from "./assert.ts";
import { env, runCli, taskWithLog, tempProject } from "./helpers.ts";
import { SseReader, startServer } from "./serve_util.ts";
import { Writer } from "./reliability_harness.ts";
import { decodeLine } from "../src/codec/decode.ts";

Deno.test("a line of 2 MB, last or in the middle: every reader, the task stream and a resume all finish", async () => {
  await using p = await tempProject();
  const run = crypto.randomUUID();
  const task = await taskWithLog(p.state, "Big output", [
    env(1, "2026-01-02T03:04:05Z", { type: "run_started", run, task: "t" }),
    env(2, "2026-01-02T03:04:06Z", {
      type: "agent_text",
      run,
      role: "coder",
      text: "x".repeat(2e6),
    }),
  ]);

  const ev = await runCli(["events", task.dir, "--after", "1", "--json"], { cwd: p.dir });
  assertEquals(ev.code, 0, ev.stderr);
  assertEquals(ev.stdout.trimEnd().split("\n").map((l) => JSON.parse(l).seq), [2]);

  {
    await using server = await startServer(p.dir);
    const res = await server.get(`/api/tasks/${task.number}/stream?after=1`);
    const sse = new SseReader(res.body!);
    await sse.until((f) => f.some((x) => x.id === "2"), 20_000);
    await sse.cancel();
  }

  // Every reader, with the long line in the middle and at the end of the log.
  for (const round of ["last", "middle"]) {
    if (round === "middle") {
      await Deno.writeTextFile(
        p.state.logPath(task.dir),
        JSON.stringify({
          schema: 2,
          seq: 3,
          at: "2026-01-02T03:04:07Z",
          event: { type: "log", run, level: "info", message: "after" },
        }) + "\n",
        { append: true },
      );
    }
    const n = round === "last" ? 2 : 3;
    for (const args of [[task.dir], [task.dir, "--all"], [], ["--since", "2000-01-01T00:00:00Z"]]) {
      const r = await runCli(["events", ...args, "--json"], { cwd: p.dir });
      assertEquals(r.code, 0, r.stderr);
      assertEquals(r.stdout.trimEnd().split("\n").length, n, `events ${args.join(" ")} (${round})`);
    }
    await using server = await startServer(p.dir);
    for (const path of [`/api/tasks/${task.number}/events`, "/api/events?after=0-0-0"]) {
      const body = await server.json(path) as unknown[];
      assertEquals(body.length, n, `${path} (${round})`);
    }
  }
  await Deno.truncate(
    p.state.logPath(task.dir),
    (await Deno.stat(p.state.logPath(task.dir))).size -
      new TextEncoder().encode(
        JSON.stringify({
          schema: 2,
          seq: 3,
          at: "2026-01-02T03:04:07Z",
          event: { type: "log", run, level: "info", message: "after" },
        }) + "\n",
      ).length,
  );

  const w = new Writer(p.dir, [task.dir, "resume", "2", "0", "50"]);
  const finished = await w.waitFor("finished ", 20_000);
  assertEquals(finished, "finished 6", w.stderr);
  const lines = (await Deno.readTextFile(p.state.logPath(task.dir))).trimEnd().split("\n");
  assertEquals(
    lines.map((l) => {
      const d = decodeLine(l);
      return d.ok ? d.env.seq : -1;
    }),
    [1, 2, 3, 4, 5, 6],
  );
});
