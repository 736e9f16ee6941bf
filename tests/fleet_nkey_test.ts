/**
 * `ship` and `mirror` with an nkey seed, against a real nats-server that
 * knows only that nkey: the seed's key is accepted, and a seed that is not
 * one is said at once (it was taken for a failing connection, and both
 * waited in silence).
 *
 * @module
 */
import { assert, assertEquals } from "./assert.ts";
import { spawnCli, taskWithLog, tempProject } from "./helpers.ts";
import { until } from "./record_util.ts";
import { natsServerPath, sleep } from "./fleet_util.ts";
import { connect, nkeyAuthenticator } from "@nats-io/transport-node";
import { jetstreamManager } from "@nats-io/jetstream";

// The example pair of NATS's documentation: a user seed and its public key.
const SEED = "SUAIBDPBAUTWCWBKIO6XHQNINK5FWJW4OHLXC3HQ2KFE4PEJUA44CNHTC4";
const PUBLIC = "UAH42UG6PV552P5SWLWTBP3H3S5BHAVCO2IEKEXUANJXR75J63RQ5WM6";

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

/** A nats-server with JetStream that lets in the nkey {@link PUBLIC} only. */
async function nkeyServer(): Promise<{ url: string; port: number } & AsyncDisposable> {
  const port = freePort();
  const dir = await Deno.makeTempDir({ prefix: "taskline-nats-nkey-" });
  await Deno.writeTextFile(
    `${dir}/server.conf`,
    `listen: 127.0.0.1:${port}\njetstream { store_dir: "${dir}/js" }\n` +
      `authorization { users = [ { nkey: ${PUBLIC} } ] }\n`,
  );
  const child = new Deno.Command(natsServerPath(), {
    args: ["-c", `${dir}/server.conf`],
    stdout: "null",
    stderr: "null",
  }).spawn();
  const up = await until(async () => {
    try {
      (await Deno.connect({ hostname: "127.0.0.1", port })).close();
      return true;
    } catch {
      return false;
    }
  }, 15_000);
  assert(up, "nats-server did not start");
  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    async [Symbol.asyncDispose]() {
      try {
        child.kill("SIGKILL");
      } catch { /* gone */ }
      await child.status;
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    },
  };
}

Deno.test("ship and mirror with a seed that is not one say so at once, without printing it", async () => {
  await using nats = await nkeyServer();
  await using p = await tempProject();
  const bad = "SUAIBDPBAUTWCWBKIO6XHQNINK5FWJW4-not-a-seed";
  for (const [how, env] of [["file", {}], ["env", { TASKLINE_NATS_NKEY: bad }]] as const) {
    if (how === "file") await Deno.writeTextFile(`${p.state.root}/nats.nkey`, bad + "\n");
    else await Deno.remove(`${p.state.root}/nats.nkey`);
    for (const command of ["ship", "mirror"]) {
      await using proc = spawnCli([command, nats.url], { cwd: p.dir, env });
      const ended = await Promise.race([
        proc.done.then(() => true),
        sleep(10_000).then(() => false),
      ]);
      assert(ended, `${command} (${how}) still runs\n${proc.stderr}`);
      assertEquals((await proc.done).code, 1, proc.stderr);
      assert(proc.stderr.includes("is not a seed"), proc.stderr);
      assert(
        proc.stderr.includes(how === "file" ? "nats.nkey" : "TASKLINE_NATS_NKEY"),
        proc.stderr,
      );
      assert(!proc.stderr.includes(bad), proc.stderr);
    }
  }
});

Deno.test("ship with the seed in .taskline/nats.nkey is let in by a server that knows its key", async () => {
  await using nats = await nkeyServer();
  await using p = await tempProject();
  await taskWithLog(p.state, "shipped", []);
  await Deno.writeTextFile(
    p.state.logPath("001-shipped"),
    JSON.stringify({
      schema: 2,
      seq: 1,
      at: "2026-11-27T12:00:00Z",
      event: { type: "log", level: "info", message: "hello" },
    }) + "\n",
  );
  await Deno.writeTextFile(`${p.state.root}/nats.nkey`, SEED + "\n");
  await using proc = spawnCli(["ship", nats.url], { cwd: p.dir });
  const nc = await connect({
    servers: `127.0.0.1:${nats.port}`,
    authenticator: nkeyAuthenticator(new TextEncoder().encode(SEED)),
  });
  try {
    const jsm = await jetstreamManager(nc);
    const shipped = await until(async () => {
      try {
        return (await jsm.streams.info("TASKLINE")).state.messages >= 2; // the line and task.json
      } catch {
        return false;
      }
    }, 15_000);
    assert(shipped, `nothing shipped\n${proc.stderr}`);
  } finally {
    await nc.close();
  }
  assert(!proc.stderr.includes(SEED), proc.stderr);
});
