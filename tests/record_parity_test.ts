/**
 * A run produced through `taskline record` reads exactly like one of the
 * scripted engine's: the scripted engine's run, given to `record` as the
 * bare events a producer would write (outputs whole, no envelope, no run),
 * gives the same `events`, `history` and `trace` documents, up to ids and
 * times.
 *
 * @module
 */
import { assertEquals } from "./assert.ts";
import { runCli, tempProject } from "./helpers.ts";
import { createTask } from "../src/store/tasks.ts";
import { logLines } from "./record_util.ts";

/** The documents with what differs between two runs of the same events made equal. */
function normalize(text: string, ids: string[]): string {
  let t = text;
  for (const id of ids) t = t.replaceAll(id, "ID");
  return t
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, "TIME")
    .replace(/"(active_ms|[a-z_]*duration[a-z_]*|elapsed_ms|wall_ms)":\d+/g, '"$1":0');
}

Deno.test("the scripted engine's run, recorded through record, reads the same in events, history and trace", async () => {
  await using a = await tempProject();
  await using b = await tempProject();
  const taskA = await createTask(a.state, "Same work");
  const taskB = await createTask(b.state, "Same work");
  const run = await runCli(["run", "1", "--speed", "1000"], { cwd: a.dir });
  assertEquals(run.code, 0, run.stderr);

  // The engine's log as a producer of its own would write it.
  const input: string[] = [];
  for (const l of await logLines(a.state, taskA)) {
    const { run: _run, ...ev } = l.event;
    if (ev.type === "run_started") ev.task = undefined;
    if (ev.type === "run_finished") {
      input.push(JSON.stringify({ type: ev.type, success: ev.success, status: ev.status }));
      continue;
    }
    if (ev.type === "tool_returned" && typeof ev.output_file === "string") {
      ev.output = await Deno.readTextFile(`${a.dir}/${ev.output_file}`);
      delete ev.preview;
      delete ev.output_chars;
      delete ev.output_file;
    }
    input.push(JSON.stringify(ev));
  }
  const rec = await runCli(["record", "1"], { cwd: b.dir, stdin: input.join("\n") + "\n" });
  assertEquals(rec.code, 0, rec.stderr);
  assertEquals(rec.stderr, "");

  const runA = String((await logLines(a.state, taskA))[0].event.run);
  const runB = String((await logLines(b.state, taskB))[0].event.run);
  for (
    const args of [
      ["events", "1", "--json"],
      ["events", "--json"],
      ["history", "1", "--json"],
      ["history", "--all", "--json"],
      ["trace", "1", "--json"],
    ]
  ) {
    const ra = await runCli(args, { cwd: a.dir });
    const rb = await runCli(args, { cwd: b.dir });
    assertEquals([ra.code, rb.code], [0, 0], ra.stderr + rb.stderr);
    assertEquals(
      normalize(rb.stdout, [runB, taskB.id]),
      normalize(ra.stdout, [runA, taskA.id]),
      `taskline ${args.join(" ")}`,
    );
  }
  // The kept outputs are the same files.
  const trace = JSON.parse((await runCli(["trace", "1", "--json"], { cwd: b.dir })).stdout);
  const text = JSON.stringify(trace);
  for (const m of text.matchAll(/"output_file":"([^"]+)"/g)) {
    const fileB = m[1];
    const fileA = fileB.replace(runB, runA);
    assertEquals(
      await Deno.readTextFile(`${b.dir}/${fileB}`),
      await Deno.readTextFile(`${a.dir}/${fileA}`),
    );
  }
});
