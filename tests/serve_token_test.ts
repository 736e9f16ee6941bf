import { assertEquals, assertStringIncludes } from "./assert.ts";
import { runCli, spawnCli, tempProject } from "./helpers.ts";

const TOKEN = "a".repeat(16) + "0123456789abcdef".repeat(3);

Deno.test("serve uses TASKLINE_TOKEN, so a restarted server accepts the same clients", async () => {
  await using p = await tempProject();
  for (let round = 0; round < 2; round++) {
    const proc = spawnCli(["serve", "--port", "0", "--json", "--exit-on-stdin-eof"], {
      cwd: p.dir,
      env: { TASKLINE_TOKEN: TOKEN },
    });
    try {
      const [first] = await proc.waitLines(1, 20_000);
      const info = JSON.parse(first) as { url: string; token: string };
      assertEquals(info.token, TOKEN);
      assertEquals(await Deno.readTextFile(`${p.state.root}/server.token`), TOKEN + "\n");
      const ok = await fetch(new URL("/api/health", info.url), {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      assertEquals(ok.status, 200);
      await ok.body?.cancel();
      const wrong = await fetch(new URL("/api/health", info.url), {
        headers: { authorization: `Bearer ${"b".repeat(64)}` },
      });
      assertEquals(wrong.status, 401);
      await wrong.body?.cancel();
    } finally {
      await proc.closeStdin();
      await proc.done;
    }
  }
});

Deno.test("serve refuses a TASKLINE_TOKEN too short to be a secret", async () => {
  await using p = await tempProject();
  const r = await runCli(["serve", "--port", "0"], {
    cwd: p.dir,
    env: { TASKLINE_TOKEN: "short" },
  });
  assertEquals(r.code, 2);
  assertStringIncludes(r.stderr, "TASKLINE_TOKEN must be 32 to 256");
});

Deno.test("a second serve of one project says that it takes the token file over; a dead one's lock is gone", async () => {
  await using p = await tempProject();
  const start = async () => {
    const proc = spawnCli(["serve", "--port", "0", "--json", "--exit-on-stdin-eof"], {
      cwd: p.dir,
    });
    const [first] = await proc.waitLines(1, 20_000);
    return { proc, info: JSON.parse(first) as { url: string; token: string } };
  };
  const a = await start();
  try {
    const b = await start();
    try {
      assertStringIncludes(b.proc.stderr, "another taskline serve runs for this project");
      assertEquals(await Deno.readTextFile(`${p.state.root}/server.token`), b.info.token + "\n");
      // The first still serves its own clients.
      const ok = await fetch(new URL("/api/health", a.info.url), {
        headers: { authorization: `Bearer ${a.info.token}` },
      });
      assertEquals(ok.status, 200);
      await ok.body?.cancel();
    } finally {
      await b.proc.closeStdin();
      await b.proc.done;
    }
    assertEquals(a.proc.stderr.includes("another taskline serve"), false, a.proc.stderr);
  } finally {
    // Killed without a chance to clean up: the OS drops its lock.
    a.proc.kill("SIGKILL");
    await a.proc.done;
  }
  const c = await start();
  try {
    assertEquals(c.proc.stderr.includes("another taskline serve"), false, c.proc.stderr);
  } finally {
    await c.proc.closeStdin();
    await c.proc.done;
  }
  // A server that stops leaves none of its files behind.
  for (const f of ["serve.lock", "server.token", "live.json"]) {
    assertEquals(await Deno.stat(`${p.state.root}/${f}`).then(() => f, () => null), null);
  }
});
