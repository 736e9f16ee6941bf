/**
 * The sources run as written: main.ts imports src/, and no build output is
 * committed. What is installed is the bundle of main.ts that
 * `deno task install` builds (scripts/build_program.ts): building it fails
 * when it would load an npm package at start-up, the modules of `events`
 * are compiled with it, and a cold start of it stores its code cache.
 */
import { DatabaseSync } from "node:sqlite";
import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { env, MAIN, REPO, runCli, spawnCli, taskWithLog, tempProject } from "./helpers.ts";
import {
  buildProgram,
  eagerModules,
  PROGRAM_BUNDLE,
  rawProgramBundle,
} from "../scripts/build_program.ts";
import { decodeMappings, eagerCompile } from "../scripts/eager_compile.ts";

Deno.test("program: main.ts runs the sources, and no bundle is committed", async () => {
  const main = await Deno.readTextFile(MAIN);
  assertStringIncludes(main, `from "./src/app/program.ts"`);
  const files = new TextDecoder().decode(
    (await new Deno.Command("git", { args: ["ls-files"], cwd: REPO, stdout: "piped" }).output())
      .stdout,
  ).split("\n");
  const built = files.filter((f) =>
    f.startsWith("dist/") || f.startsWith("build/") || /(^|\/)[^/]*bundle[^/]*\.(js|ts)$/.test(f)
  );
  assertEquals(built, []);
  const ignored = await Deno.readTextFile(`${REPO}/.gitignore`);
  assert(ignored.split("\n").includes("/build/"), "build/ is ignored");
});

Deno.test("program build: events' module bodies are compiled with the bundle, and the source map still names every position's source", async () => {
  const raw = await rawProgramBundle();
  const wanted = await eagerModules();
  const eager = eagerCompile(raw.js, raw.map, wanted);
  for (const m of ["src/cli/cmd_events.ts", "src/store/log_reader.ts", "src/codec/light_line.ts"]) {
    assert(eager.marked.includes(m), `${m} is not marked: ${eager.marked.join(", ")}`);
  }
  assert(eager.marked.every((m) => wanted.has(m)), "only events' modules are marked");
  assert(
    !eager.marked.includes("src/server/serve.ts"),
    "the server is not compiled at every start",
  );
  assertEquals(
    (eager.js.match(/\(function\(\)\{/g) ?? []).length -
      (raw.js.match(/\(function\(\)\{/g) ?? []).length,
    eager.marked.length,
  );
  // Every mapped position of the changed bundle is the same character of the
  // same line as in deno bundle's, mapped to the same source position.
  const before = decodeMappings(JSON.parse(raw.map).mappings);
  const after = decodeMappings(JSON.parse(eager.map).mappings);
  const linesBefore = raw.js.split("\n"), linesAfter = eager.js.split("\n");
  assertEquals(after.length, before.length);
  let moved = 0;
  for (let i = 0; i < before.length; i++) {
    assertEquals(after[i].length, before[i].length, `segments of line ${i + 1}`);
    for (let k = 0; k < before[i].length; k++) {
      const [colBefore, ...srcBefore] = before[i][k];
      const [colAfter, ...srcAfter] = after[i][k];
      assertEquals(srcAfter, srcBefore);
      assertEquals(
        linesAfter[i][colAfter],
        linesBefore[i][colBefore],
        `line ${i + 1}, segment ${k}`,
      );
      if (colAfter !== colBefore) moved++;
    }
  }
  assert(moved > 0, "the check saw moved positions");
});

/**
 * A DENO_DIR of its own under `dir`, with the packages of the real one (no
 * download) and no code cache: the program's next start is a cold one.
 */
async function coldDenoDir(dir: string): Promise<string> {
  const real = JSON.parse(
    new TextDecoder().decode(
      (await new Deno.Command(Deno.execPath(), { args: ["info", "--json"], stdout: "piped" })
        .output()).stdout,
    ),
  ).denoDir as string;
  const denoDir = `${dir}/deno-dir`;
  await Deno.mkdir(denoDir);
  for (const d of ["npm", "gen", "dl", "remote"]) {
    try {
      await Deno.symlink(`${real}/${d}`, `${denoDir}/${d}`);
    } catch { /* the real one has no such directory */ }
  }
  return denoDir;
}

/** The specifiers of the modules whose V8 code cache a DENO_DIR holds. */
function codeCached(denoDir: string): string[] {
  const db = new DatabaseSync(`${denoDir}/v8_code_cache_v2`, { readOnly: true });
  try {
    return db.prepare("SELECT specifier FROM codecache").all().map((r) => String(r.specifier));
  } finally {
    db.close();
  }
}

Deno.test("program build: a start that compiled the bundle stores its code cache, even when it read everything synchronously", async () => {
  // Deno stores a module's code cache from its event loop; `events` on a
  // small log never yields to it, so without main.ts's cold-start turn no
  // start would ever store it and each would compile the bundle again.
  await using p = await tempProject();
  const task = await taskWithLog(p.state, "Small", [
    env(1, "2026-01-01T00:00:00Z", { type: "run_started", run: "r1", task: "t" }),
    env(2, "2026-01-01T00:00:01Z", {
      type: "agent_text",
      run: "r1",
      role: "coder",
      text: "ünïcode → ok",
    }),
  ]);
  const denoDir = await coldDenoDir(p.dir);
  const r = await runCli(["events", String(task.number), "--json"], {
    cwd: p.dir,
    env: { DENO_DIR: denoDir },
    program: await buildProgram(),
  });
  assert(r.code === 0, r.stderr);
  assert(r.stdout.includes("ünïcode → ok"), r.stdout);
  const cached = codeCached(denoDir);
  assert(
    cached.some((s) => s.endsWith(`/${PROGRAM_BUNDLE}`)),
    `the bundle's code cache was not stored: ${JSON.stringify(cached)}`,
  );
});

Deno.test("program build: a cold start of a follower whose log becomes a FIFO still ends at once", async () => {
  // Deno's watcher thread blocks opening the FIFO, and a turn of the event
  // loop after the follower closed its watcher would wait for that thread:
  // the cold start must not wait for a turn it has had already.
  await using p = await tempProject();
  const task = await taskWithLog(p.state, "Followed", [
    env(1, new Date().toISOString(), { type: "run_started", run: crypto.randomUUID(), task: "t" }),
  ]);
  // A process holds the task's lock, so its open run is not taken for a dead one.
  using lock = await Deno.open(p.state.lockPath(task.dir), {
    read: true,
    write: true,
    create: true,
  });
  await lock.lock(true);
  await using follower = spawnCli(["events", task.dir, "--follow"], {
    cwd: p.dir,
    env: { DENO_DIR: await coldDenoDir(p.dir) },
    program: await buildProgram(),
  });
  await follower.waitLines(1, 20_000);
  await new Promise((r) => setTimeout(r, 500));
  const fifo = `${p.state.taskDir(task.dir)}/events.fifo`;
  await new Deno.Command("mkfifo", { args: [fifo] }).output();
  await Deno.rename(fifo, p.state.logPath(task.dir));
  const timeout = new Promise<"timeout">((r) => setTimeout(() => r("timeout"), 20_000));
  const st = await Promise.race([follower.done, timeout]);
  assert(st !== "timeout", `the follower did not end: ${follower.stderr}`);
  assertEquals(st.code, 1);
  assertStringIncludes(follower.stderr, "FIFO");
});
