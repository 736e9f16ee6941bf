/**
 * Two projects ship to one real nats-server while their logs are written;
 * one mirror rebuilds both, byte for byte, and the commands read the replica
 * as they read a project.
 */
import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { runCli, spawnCli, tempProject } from "./helpers.ts";
import { mirrorDir } from "../src/fleet/wire.ts";
import { SourceWriter, startNats, streamLines, untilMirrored } from "./fleet_util.ts";
import { startServer } from "./serve_util.ts";

Deno.test("two projects shipping to one nats-server: the mirror's files equal the sources' while they are written", async () => {
  await using nats = await startNats();
  await using a = await tempProject();
  await using b = await tempProject();
  await using m = await tempProject({ init: false });
  const wa = new SourceWriter(a.dir), wb = new SourceWriter(b.dir);
  await wa.addTasks(3);
  await wb.addTasks(2);
  await wa.append(40);
  // Both projects' first task is #1: the mirror keeps them apart by project.
  await using shipA = spawnCli(["ship", nats.url, "--project", "alpha"], { cwd: a.dir });
  await using shipB = spawnCli(["ship", nats.url, "--project", "beta"], { cwd: b.dir });
  await using mir = spawnCli(["mirror", nats.url], { cwd: m.dir });
  const sources = [{ project: "alpha", root: a.dir }, { project: "beta", root: b.dir }];
  for (let round = 0; round < 4; round++) {
    await Promise.all([wa.append(60), wb.append(45)]);
    // While the sources are being written, each mirrored log is a prefix that ends a line.
    const diffs = await untilMirrored(sources, m.dir, 30_000);
    assertEquals(diffs, [], `round ${round}: ${shipA.stderr}${shipB.stderr}${mir.stderr}`);
  }
  // Each line was stored once: each task's messages follow each other, byte for byte.
  const held = await streamLines(nats.url);
  assertEquals([held.lines, held.overlaps, held.gaps], [wa.lines + wb.lines, [], []]);

  // The commands read the replica unchanged.
  const t1 = mirrorDir("alpha", wa.tasks[0].dir);
  const src = await runCli(["events", wa.tasks[0].dir, "--json"], { cwd: a.dir });
  const rep = await runCli(["events", t1, "--json"], { cwd: m.dir });
  assertEquals(rep.code, 0, rep.stderr);
  assertEquals(rep.stdout, src.stdout);
  const all = await runCli(["events", "--json"], { cwd: m.dir });
  assertEquals(all.code, 0, all.stderr);
  assertEquals(all.stdout.trim().split("\n").length, wa.lines + wb.lines);
  const hist = await runCli(["history"], { cwd: m.dir });
  assertEquals(hist.code, 0, hist.stderr);
  const rows = hist.stdout.split("\n").filter((l) => /^\d+\s+Task \d of the fleet/.test(l));
  assertEquals(rows.length, 5, hist.stdout);
  const trace = await runCli(["trace", t1, "--full"], { cwd: m.dir });
  const traceSrc = await runCli(["trace", wa.tasks[0].dir, "--full"], { cwd: a.dir });
  assertEquals(trace.code, 0, trace.stderr);
  assertStringIncludes(trace.stdout, "output of call");
  assert(!trace.stdout.includes("complete output missing"), trace.stdout.slice(0, 2000));
  assertEquals(trace.stdout, traceSrc.stdout);
  // The server of the replica serves every project's tasks, and a task's events as its source does.
  await using srv = await startServer(m.dir);
  const tasks = await srv.json("/api/tasks") as Array<{ dir: string }>;
  assertEquals(
    tasks.map((t) => t.dir).sort(),
    [
      ...wa.tasks.map((t) => mirrorDir("alpha", t.dir)),
      ...wb.tasks.map((t) => mirrorDir("beta", t.dir)),
    ].sort(),
  );
  await using srvA = await startServer(a.dir);
  assertEquals(
    await srv.json(`/api/tasks/${t1}/events`),
    await srvA.json(`/api/tasks/${wa.tasks[0].dir}/events`),
  );
  // A number names a task of each project: ambiguous, as references say.
  const amb = await runCli(["events", "1"], { cwd: m.dir });
  assertEquals(amb.code, 1);
  assertStringIncludes(amb.stderr, "alpha--");
});
