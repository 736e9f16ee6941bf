/**
 * `deno task demo`: builds a demo project in ./demo/ from the scenarios of
 * scenarios/ (tasks done, failed, paused for approval, one running live and
 * one not started), starts `taskline serve` on it, and prints what to try.
 *
 * It drives taskline only through the real program under the permissions it
 * ships with (src/cli/permissions.ts), as a user would; this script itself
 * runs with --allow-all only to create ./demo/ and copy the scenario files.
 *
 * Options: `--dir <DIR>` (default ./demo), `--port <N>` (default 7777, or a
 * free port when it is taken), `--once` (build, start, check the server
 * answers, stop everything and exit: for tests and CI).
 *
 * @module
 */
import { parseArgs } from "node:util";
import { PERMISSION_FLAGS } from "../src/cli/permissions.ts";
import { isTaskRunning } from "../src/store/lock.ts";
import { resolveRef } from "../src/store/refs.ts";
import { StateDir } from "../src/store/state_dir.ts";
import { listTasks } from "../src/store/tasks.ts";

const REPO = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
const MAIN = `${REPO}/main.ts`;

const { values } = parseArgs({
  args: Deno.args,
  options: {
    dir: { type: "string", default: "demo" },
    port: { type: "string", default: "7777" },
    once: { type: "boolean", default: false },
  },
});
const DIR = values.dir!.startsWith("/") ? values.dir! : `${Deno.cwd()}/${values.dir}`;
const SPEED = "10";

function taskline(args: string[], stdin: "null" | "piped" = "null"): Deno.Command {
  return new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", ...PERMISSION_FLAGS, MAIN, ...args],
    cwd: DIR,
    env: { NO_COLOR: "1", RUST_BACKTRACE: "0" },
    stdin,
    stdout: "piped",
    stderr: "piped",
  });
}

/** Runs `taskline <args>` and checks its exit code. */
async function step(args: string[], expect = 0): Promise<string> {
  const out = await taskline(args).output();
  const stdout = new TextDecoder().decode(out.stdout);
  if (out.code !== expect) {
    const stderr = new TextDecoder().decode(out.stderr);
    throw new Error(
      `taskline ${args.join(" ")} exited ${out.code}, expected ${expect}\n${stdout}${stderr}`,
    );
  }
  return stdout;
}

function say(line: string) {
  console.log(line);
}

async function readFirstLine(stream: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stream.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  while (!text.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) break;
    text += value;
  }
  // Keep draining so that the child never blocks on a full pipe.
  (async () => {
    try {
      while (!(await reader.read()).done) { /* drain */ }
    } catch { /* closed */ }
  })();
  return text.split("\n")[0];
}

async function startServer(
  port: string,
): Promise<{ child: Deno.ChildProcess; info: { url: string; port: number; token: string } }> {
  const child = taskline(["serve", "--port", port, "--json", "--exit-on-stdin-eof"], "piped")
    .spawn();
  const errText = new Response(child.stderr).text();
  const line = await readFirstLine(child.stdout);
  if (!line.startsWith("{")) {
    await child.status;
    throw new Error(`taskline serve did not start: ${await errText}`);
  }
  return { child, info: JSON.parse(line) };
}

async function main() {
  say(`Building the demo project in ${DIR}/ ...`);
  await Deno.remove(DIR, { recursive: true }).catch(() => {});
  await Deno.mkdir(DIR, { recursive: true });
  await step(["init"]);
  for await (const e of Deno.readDir(`${REPO}/scenarios`)) {
    if (e.name.endsWith(".jsonc")) {
      await Deno.copyFile(`${REPO}/scenarios/${e.name}`, `${DIR}/.taskline/scenarios/${e.name}`);
    }
  }
  const tasks: Array<[string, string]> = [
    ["Add login", "OAuth login with a session cookie"],
    ["Rename the config loader", "src/config.ts becomes src/settings.ts"],
    ["Export reports as CSV", "A /reports/export route, CSV and JSON"],
    ["Migrate handlers to the new router", "One handler at a time, tests after each"],
    ["Write the changelog", "Not started yet"],
  ];
  for (const [title, description] of tasks) {
    await step(["task", "new", title, "--description", description]);
  }
  const config = `${DIR}/.taskline/config.jsonc`;
  const text = await Deno.readTextFile(config);
  // The spec gate waits for a human, a done task is merged; prices (per million tokens) so that the history shows what each task cost.
  const pricing = JSON.stringify({
    "anthropic/claude-sonnet-4-5": { input: 3, output: 15, cache_read: 0.3, cache_write: 3.75 },
    "anthropic/claude-opus-4-1": { input: 15, output: 75, cache_read: 1.5, cache_write: 18.75 },
  });
  await Deno.writeTextFile(
    config,
    text.replace('"approvals": []', '"approvals": ["spec"]')
      .replace('"auto_merge": false', '"auto_merge": true').replace(
        '"pricing": {}',
        `"pricing": ${pricing}`,
      ),
  );
  say("  #1 runs the built-in scenario to the end (its gates are approved on the way) ...");
  await step(["run", "1", "--speed", SPEED], 2);
  await step(["approve", "1", "--comment", "clear enough"]);
  await step(["run", "1", "--resume", "--speed", SPEED]);
  say("  #2 fails: its subtask conflicts twice ...");
  await step(["run", "2", "--scenario", "failed", "--speed", SPEED], 1);
  say("  #3 pauses for approval of its spec ...");
  await step(["run", "3", "--scenario", "approval", "--speed", SPEED], 2);
  say("  #4 runs live (a long scenario) ...");
  const live = taskline(["run", "4", "--scenario", "live"]).spawn();
  void live.stdout.cancel();
  const liveErr = new Response(live.stderr).text();
  // Go on once the live run holds its task: `cancel 4` (and a user) finds it running.
  const state = new StateDir(`${DIR}/.taskline`);
  const liveDir = resolveRef("4", await listTasks(state)).dir;
  for (let i = 0; i < 200 && !(await isTaskRunning(state, liveDir)); i++) {
    await new Promise((r) => setTimeout(r, 50));
  }

  let server;
  try {
    server = await startServer(values.port!);
  } catch (e) {
    if (values.port === "0") throw e;
    say(`  port ${values.port} is taken; using a free port`);
    server = await startServer("0");
  }
  const { token } = server.info;
  const url = server.info.url.replace(/\/+$/, "");
  const alias = `alias taskline='deno run --quiet ${PERMISSION_FLAGS.join(" ")} ${MAIN}'`;

  // Ctrl-C in a terminal reaches every process of the group, the children
  // too; a second SIGINT would make them exit at once. So the demo asks the
  // live run to stop the way a user would (`taskline cancel`) and closes the
  // server's stdin, and kills only what is still there after a while.
  const stopAll = async () => {
    const deadline = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const liveDone = live.status.then(() => true);
    if (!(await Promise.race([liveDone, deadline(300).then(() => false)]))) {
      await taskline(["cancel", "4", "--no-wait"]).output().catch(() => {});
      if (!(await Promise.race([liveDone, deadline(5000).then(() => false)]))) {
        live.kill("SIGKILL");
      }
    }
    await live.status;
    await server.child.stdin.close().catch(() => {});
    const serverDone = server.child.status.then(() => true);
    if (!(await Promise.race([serverDone, deadline(5000).then(() => false)]))) {
      server.child.kill("SIGKILL");
    }
    await server.child.status;
  };

  if (values.once) {
    const headers = { Authorization: `Bearer ${token}` };
    const health = await fetch(`${url}/api/health`, { headers });
    await health.body?.cancel();
    const list = await fetch(`${url}/api/tasks`, { headers });
    const body = await list.text();
    say(`GET /api/health -> ${health.status}; GET /api/tasks -> ${list.status}`);
    await step(["cancel", "4"]);
    await stopAll();
    const liveCode = (await live.status).code;
    if (health.status !== 200 || list.status !== 200 || liveCode !== 130) {
      throw new Error(`the demo does not work: ${body.slice(0, 500)} ${await liveErr}`);
    }
    say("demo: ok");
    return;
  }

  say(`
taskline serve on ${url}

  Web UI (token included):  ${url}/#token=${token}
  API token:                ${token}

The project is ${DIR}/ with five tasks:
  #1 done   #2 failed   #3 paused for approval (spec)   #4 running live   #5 not started

Try, in another terminal:
  cd ${DIR}
  ${alias}
  taskline task list
  taskline events 4 --follow              # the live run, event by event
  taskline approve 3 && taskline run 3 --resume
  taskline reject 3 --reason "too vague"  # instead: the spec is written again
  taskline cancel 4                       # stops the live run (exit 130)
  taskline run 5 --max-tokens 8000        # pauses at the budget (exit 2)
  taskline history; taskline trace 1; taskline tui; taskline doctor
  curl -H "Authorization: Bearer ${token}" ${url}/api/tasks

Press Ctrl-C to stop the server and the live run.`);

  await new Promise<void>((resolve) => {
    const onSignal = () => resolve();
    Deno.addSignalListener("SIGINT", onSignal);
    Deno.addSignalListener("SIGTERM", onSignal);
    server.child.status.then(() => resolve());
  });
  say("\nStopping ...");
  await stopAll();
}

if (import.meta.main) {
  try {
    await main();
    Deno.exit(0);
  } catch (e) {
    console.error(`demo: ${(e as Error).message}`);
    Deno.exit(1);
  }
}
