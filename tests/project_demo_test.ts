/**
 * `deno task demo` builds its project and serves it: checked with `--once`,
 * which starts everything, asks the server, cancels the live run and stops.
 */
import { assertEquals, assertStringIncludes } from "./assert.ts";
import { REPO } from "./helpers.ts";

Deno.test("the demo builds tasks in every state and the server answers on them", async () => {
  const dir = await Deno.makeTempDir({ prefix: "taskline-demo-" });
  try {
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", `${REPO}/scripts/demo.ts`, "--once", "--dir", dir, "--port", "0"],
      env: { NO_COLOR: "1", RUST_BACKTRACE: "0" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const stdout = new TextDecoder().decode(out.stdout);
    assertEquals(out.code, 0, stdout + new TextDecoder().decode(out.stderr));
    assertStringIncludes(stdout, "demo: ok");
    const statuses: string[] = [];
    for (
      const n of ["001-add-login", "002-rename-the-config-loader", "003-export-reports-as-csv"]
    ) {
      const t = JSON.parse(await Deno.readTextFile(`${dir}/.taskline/tasks/${n}/task.json`));
      statuses.push(t.status);
    }
    assertEquals(statuses, ["done", "failed", "paused"]);
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
});
