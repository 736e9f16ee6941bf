/**
 * SIGKILL of ship, of mirror and of nats-server at random moments while the
 * sources are written: nothing lost, nothing repeated, the mirror equal to
 * the sources at the end. And nats-server alone killed again and again (at
 * times twice in quick succession): the mirror catches up after each restart.
 */
import { assertEquals } from "./assert.ts";
import { type CliProcess, spawnCli, tempProject } from "./helpers.ts";
import { sleep, SourceWriter, startNats, streamLines, untilMirrored } from "./fleet_util.ts";

/**
 * Eight rounds of SIGKILL, the victims and moments chosen by `seed` (the
 * first four rounds kill each process once, nats-server last).
 */
async function killRounds(initialSeed: number): Promise<void> {
  await using nats = await startNats();
  await using a = await tempProject();
  await using b = await tempProject();
  await using m = await tempProject({ init: false });
  const wa = new SourceWriter(a.dir), wb = new SourceWriter(b.dir);
  await wa.addTasks(3);
  await wb.addTasks(3);
  await wa.append(30);
  const sources = [{ project: "alpha", root: a.dir }, { project: "beta", root: b.dir }];
  const procs: Record<string, CliProcess> = {};
  const start = (name: string) => {
    if (name === "shipA") {
      procs[name] = spawnCli(["ship", nats.url, "--project", "alpha"], { cwd: a.dir });
    }
    if (name === "shipB") {
      procs[name] = spawnCli(["ship", nats.url, "--project", "beta"], { cwd: b.dir });
    }
    if (name === "mirror") procs[name] = spawnCli(["mirror", nats.url], { cwd: m.dir });
  };
  for (const n of ["shipA", "shipB", "mirror"]) start(n);
  // A seeded choice of victims and moments: the run can be replayed.
  let seed = initialSeed;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const seedShown = seed;
  const victims = ["shipA", "shipB", "mirror", "nats"];
  try {
    for (let round = 0; round < 8; round++) {
      const victim = victims[round < 4 ? round : Math.floor(rand() * victims.length)];
      const writing = Promise.all([wa.append(40 + Math.floor(rand() * 60)), wb.append(30)]);
      await sleep(Math.floor(rand() * 400));
      console.log(`round ${round}: ${victim}`);
      if (victim === "nats") {
        await nats.kill("SIGKILL");
        await sleep(Math.floor(rand() * 500));
        await nats.start();
      } else {
        procs[victim].kill("SIGKILL");
        await procs[victim].done.catch(() => {});
        await sleep(Math.floor(rand() * 300));
        start(victim);
      }
      await writing;
    }
    const diffs = await untilMirrored(sources, m.dir, 60_000);
    assertEquals(
      diffs,
      [],
      `seed ${seedShown}\n${Object.values(procs).map((p) => p.stderr).join("")}`,
    );
    // Each line is in the stream once.
    const held = await streamLines(nats.url);
    assertEquals(
      [held.lines, held.overlaps, held.gaps],
      [wa.lines + wb.lines, [], []],
      `seed ${seedShown}\n${Object.values(procs).map((p) => p.stderr).join("")}`,
    );
  } finally {
    for (const p of Object.values(procs)) await p[Symbol.asyncDispose]();
  }
}

// FLEET_KILL_SEED=N replays one seed's rounds.
const asked = Deno.env.get("FLEET_KILL_SEED");
if (asked !== undefined) {
  Deno.test(`SIGKILL rounds of FLEET_KILL_SEED=${asked}`, () => killRounds(Number(asked)));
} else {
  // 101, 303 and 51571 once left the mirror behind after nats-server
  // restarts (its last batch was held for a pending count that stayed above
  // zero); 202 passed even then.
  for (const seed of [101, 202, 303, 51571]) {
    Deno.test(
      `SIGKILL rounds of ship, mirror and nats-server (seed ${seed}): the mirror equals the sources, each line stored once`,
      () => killRounds(seed),
    );
  }
}

Deno.test("nats-server killed six times, twice in quick succession: the mirror catches up after each restart", async () => {
  await using nats = await startNats();
  await using a = await tempProject();
  await using m = await tempProject({ init: false });
  const w = new SourceWriter(a.dir);
  await w.addTasks(2);
  await w.append(20);
  const sources = [{ project: "alpha", root: a.dir }];
  await using ship = spawnCli(["ship", nats.url, "--project", "alpha"], { cwd: a.dir });
  await using mirror = spawnCli(["mirror", nats.url], { cwd: m.dir });
  const stderr = () => `ship:\n${ship.stderr}\nmirror:\n${mirror.stderr}`;
  assertEquals(await untilMirrored(sources, m.dir, 30_000), [], stderr());
  for (let round = 0; round < 6; round++) {
    await w.append(30);
    await nats.kill("SIGKILL");
    await w.append(10);
    await nats.start();
    if (round % 3 === 2) {
      // Killed again while ship and mirror reconnect (the mirror may be
      // making its consumer on the server that dies).
      await sleep(20 * round);
      await nats.kill("SIGKILL");
      await nats.start();
    }
    await w.append(10);
    assertEquals(await untilMirrored(sources, m.dir, 30_000), [], `round ${round}\n${stderr()}`);
  }
  const held = await streamLines(nats.url);
  assertEquals([held.lines, held.overlaps, held.gaps], [w.lines, [], []], stderr());
});
