/**
 * Golden cases: each folder of `tests/golden/` holds `args` (one argument a
 * line), `project` (the name of a folder of `fixtures/projects/`, or
 * `../hostile` for the hostile project of `fixtures/hostile/`), and the
 * expected `stdout`, `stderr` and `code`. The project is copied to a
 * temporary directory and the real program runs there under its shipped
 * permissions. `deno task test -- --update` rewrites the expected files; the
 * review of that diff is part of the change.
 *
 * @module
 */
import { assertEquals } from "./assert.ts";
import { copyTree, REPO, runCli } from "./helpers.ts";

const GOLDEN = `${REPO}/tests/golden`;
const PROJECTS = `${REPO}/fixtures/projects`;
const UPDATE = Deno.args.includes("--update");

async function readText(path: string): Promise<string | null> {
  try {
    return await Deno.readTextFile(path);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return null;
    throw e;
  }
}

const cases: string[] = [];
for await (const e of Deno.readDir(GOLDEN)) if (e.isDirectory) cases.push(e.name);
cases.sort();

Deno.test("golden cases exist", () => {
  assertEquals(cases.length > 20, true, `only ${cases.length} golden cases`);
});

for (const name of cases) {
  Deno.test(`golden: ${name}`, async () => {
    const dir = `${GOLDEN}/${name}`;
    const args = (await Deno.readTextFile(`${dir}/args`)).split("\n").filter((l) => l !== "");
    const project = ((await readText(`${dir}/project`)) ?? "").trim();
    const cwd = await Deno.makeTempDir({ prefix: "taskline-golden-" });
    try {
      if (project !== "") await copyTree(`${PROJECTS}/${project}`, cwd);
      const got = await runCli(args, { cwd });
      if (UPDATE) {
        await Deno.writeTextFile(`${dir}/stdout`, got.stdout);
        await Deno.writeTextFile(`${dir}/stderr`, got.stderr);
        await Deno.writeTextFile(`${dir}/code`, `${got.code}\n`);
        return;
      }
      const want = {
        code: Number((await readText(`${dir}/code`))?.trim() ?? "NaN"),
        stdout: (await readText(`${dir}/stdout`)) ?? "",
        stderr: (await readText(`${dir}/stderr`)) ?? "",
      };
      assertEquals(
        { code: got.code, stdout: got.stdout, stderr: got.stderr },
        want,
        `golden case ${name} (taskline ${args.join(" ")}) differs; ` +
          "if the change is intended, run `deno task test -- --update` and review the diff",
      );
    } finally {
      await Deno.remove(cwd, { recursive: true }).catch(() => {});
    }
  });
}
