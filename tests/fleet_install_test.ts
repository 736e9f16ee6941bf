/**
 * The NATS host is the one permission a fleet adds, named once at install:
 * `TASKLINE_NATS_HOST=<host:port> deno task install` (and `compile`).
 */
import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { REPO, runCli, tempProject } from "./helpers.ts";
import { withNatsHost } from "../scripts/install.ts";
import { PERMISSION_FLAGS } from "../src/cli/permissions.ts";

Deno.test("withNatsHost adds the host to --allow-net only, and refuses a URL or credentials", () => {
  const flags = withNatsHost(PERMISSION_FLAGS, "nats.example.internal:4222");
  assertEquals(flags.length, PERMISSION_FLAGS.length);
  assert(flags.includes("--allow-net=127.0.0.1,localhost,[::1],nats.example.internal:4222"));
  assertEquals(withNatsHost(PERMISSION_FLAGS, undefined), [...PERMISSION_FLAGS]);
  for (const bad of ["nats://h:4222", "user:pw@h", "h:4222,evil.example"]) {
    let threw = false;
    try {
      withNatsHost(PERMISSION_FLAGS, bad);
    } catch {
      threw = true;
    }
    assert(threw, bad);
  }
});

Deno.test("deno task install with TASKLINE_NATS_HOST gives a taskline command allowed to reach that host and no other", async () => {
  const root = await Deno.makeTempDir({ prefix: "taskline-install-" });
  try {
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["task", "install"],
      cwd: REPO,
      env: { DENO_INSTALL_ROOT: root, TASKLINE_NATS_HOST: "nats.example.internal:4222" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const stderr = new TextDecoder().decode(out.stderr);
    assertEquals(out.code, 0, stderr);
    const shim = await Deno.readTextFile(`${root}/bin/taskline`);
    assertStringIncludes(shim, "--allow-net=127.0.0.1,localhost,[::1],nats.example.internal:4222");
    assertStringIncludes(shim, "--allow-read=.taskline");
    // What is installed is the bundle built now, not the sources.
    assertStringIncludes(shim, `file://${REPO}/build/taskline.js`);
    assert(!/--allow-all|-A\b/.test(shim), shim);
  } finally {
    await Deno.remove(root, { recursive: true }).catch(() => {});
  }
});

Deno.test("ship refuses credentials in the URL and a host the permissions do not name", async () => {
  await using p = await tempProject();
  const withUser = await runCli(["ship", "nats://user:secret@127.0.0.1:4222"], { cwd: p.dir });
  assertEquals(withUser.code, 2);
  assertStringIncludes(withUser.stderr, "TASKLINE_NATS_TOKEN");
  const other = await runCli(["ship", "nats://nats.example.internal:4222"], { cwd: p.dir });
  assertEquals(other.code, 1);
  assertStringIncludes(other.stderr, "TASKLINE_NATS_HOST=nats.example.internal:4222");
});
