/**
 * The README's test command installs what the tests need, or says plainly what to do when it
 * cannot, before any test runs (scripts/test_deps.sh). These tests run the script with a tool
 * made to look missing, where it can neither install nor ask for root.
 */
import { assert, assertEquals, assertMatch } from "./assert.ts";
import { REPO } from "./helpers.ts";

const SCRIPT = `${REPO}/scripts/test_deps.sh`;

/** A PATH holding only the named commands (symlinks to the real ones). */
async function pathWith(names: string[]): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "taskline-path-" });
  await Deno.chmod(dir, 0o755);
  for (const name of names) {
    const which = new Deno.Command("bash", { args: ["-c", `command -v ${name}`] }).outputSync();
    const real = new TextDecoder().decode(which.stdout).trim();
    if (real) await Deno.symlink(real, `${dir}/${name}`);
  }
  return dir;
}

async function runScript(env: Record<string, string>, asUser?: string) {
  const args = asUser ? ["-u", asUser, "--", "/bin/bash", SCRIPT] : [SCRIPT];
  const cmd = new Deno.Command(asUser ? "/usr/sbin/runuser" : "/bin/bash", {
    args,
    env,
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  });
  const out = await cmd.output();
  return {
    code: out.code,
    stderr: new TextDecoder().decode(out.stderr),
    stdout: new TextDecoder().decode(out.stdout),
  };
}

const BASE = ["id", "mktemp", "tail", "rm", "cat", "cmark-gfm"];

Deno.test("with every tool present the set-up says nothing and lets the tests run", async () => {
  const r = await runScript({ PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin" });
  if (r.code !== 0) {
    // This machine lacks a tool and cannot install it; that case is tested below.
    assertMatch(r.stderr, /test set-up:/);
    return;
  }
  assertEquals(r.stderr, "");
});

Deno.test("without root the set-up names what is missing and the command to install it", async () => {
  if (Deno.uid() !== 0) return; // runuser needs root; a non-root run already is this case
  const path = await pathWith([...BASE, "jq", "nats-server"]);
  try {
    // tmux is not on this PATH and Chromium is named at a path that does not exist.
    const r = await runScript(
      { PATH: path, TASKLINE_CHROMIUM: "/nonexistent/chromium" },
      "nobody",
    );
    assertEquals(r.code, 1, r.stderr);
    assertMatch(r.stderr, /installing chromium tmux with apt-get/);
    assertMatch(r.stderr, /not root and no password-less sudo/);
    assertMatch(r.stderr, /sudo apt-get install -y chromium tmux/);
  } finally {
    await Deno.remove(path, { recursive: true });
  }
});

Deno.test("without apt-get the set-up says to use the system's package manager", async () => {
  if (Deno.uid() !== 0) return;
  const path = await pathWith([...BASE, "tmux", "nats-server"]);
  try {
    const r = await runScript({ PATH: path, TASKLINE_CHROMIUM: "/usr/bin/true" });
    assertEquals(r.code, 1, r.stderr);
    assertMatch(r.stderr, /installing jq/);
    assertMatch(r.stderr, /no apt-get on this machine/);
    assert(!r.stderr.includes("installed jq"));
  } finally {
    await Deno.remove(path, { recursive: true });
  }
});
