import { assert, assertEquals } from "../../tests/assert.ts";
import { BadLogFile, checkLogFile, openLogFile, openLogFileSync } from "./log_file.ts";

/** `<tmp>/.taskline/tasks/001-x/events.jsonl`, with the directories made. */
async function layout(): Promise<{ dir: string; root: string; log: string }> {
  const dir = await Deno.makeTempDir({ prefix: "taskline-logfile-" });
  const root = `${dir}/.taskline`;
  await Deno.mkdir(`${root}/tasks/001-x`, { recursive: true });
  return { dir, root, log: `${root}/tasks/001-x/events.jsonl` };
}

async function kindOf(path: string): Promise<string | null> {
  try {
    await checkLogFile(path);
    return null;
  } catch (e) {
    if (!(e instanceof BadLogFile)) throw e;
    assert(e.message.includes(path), e.message);
    assertEquals(e.code, "bad-log-file");
    // The synchronous check says the same.
    try {
      openLogFileSync(path);
      throw new Error("openLogFileSync opened a bad log");
    } catch (s) {
      assert(s instanceof BadLogFile && s.kind === e.kind, String(s));
    }
    return e.kind;
  }
}

Deno.test("a regular log opens; a missing one is null; a link inside to a file opens", async () => {
  const { dir, root, log } = await layout();
  try {
    assertEquals(await openLogFile(log), null);
    assertEquals(await checkLogFile(log), null);
    await Deno.writeTextFile(`${root}/real.jsonl`, "{}\n");
    await Deno.writeTextFile(log, "{}\n");
    const f = await openLogFile(log);
    assert(f !== null);
    f.close();
    await Deno.remove(log);
    await Deno.symlink(`${root}/real.jsonl`, log);
    const g = await openLogFile(log);
    assert(g !== null);
    g.close();
    assertEquals((await checkLogFile(log))?.size, 3);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("FIFO, socket, directory, device, links out or to nothing: BadLogFile naming the path and kind, at once", async () => {
  const { dir, root, log } = await layout();
  const outside = `${dir}/outside.txt`;
  await Deno.writeTextFile(outside, "secret\n");
  const cases: Array<[string, () => Promise<void>]> = [
    ["fifo", async () => {
      await new Deno.Command("mkfifo", { args: [log] }).output();
    }],
    ["directory", () => Deno.mkdir(log)],
    ["symlink-out", () => Deno.symlink(outside, log)],
    ["symlink-out", () => Deno.symlink("/dev/null", log)],
    ["dangling-symlink", () => Deno.symlink(`${root}/nothing-here`, log)],
    ["fifo", async () => {
      // A link that stays inside, to a FIFO inside.
      await new Deno.Command("mkfifo", { args: [`${root}/pipe`] }).output();
      await Deno.symlink(`${root}/pipe`, log);
    }],
    ["socket", async () => {
      await new Deno.Command("python3", {
        args: ["-c", `import socket; socket.socket(socket.AF_UNIX).bind(${JSON.stringify(log)})`],
      }).output();
    }],
    ["device", async () => {
      await new Deno.Command("mknod", { args: [log, "c", "1", "3"], stderr: "null" }).output();
    }],
  ];
  try {
    for (const [kind, make] of cases) {
      await make().catch(() => {});
      const made = await Deno.lstat(log).then(() => true, () => false);
      if (!made) continue; // no python3 or no mknod here: that case is not built
      assertEquals(await kindOf(log), kind, kind);
      let opened = false;
      try {
        (await openLogFile(log))?.close();
        opened = true;
      } catch (e) {
        assert(e instanceof BadLogFile);
      }
      assert(!opened, `${kind}: opened`);
      await Deno.remove(log, { recursive: true });
      await Deno.remove(`${root}/pipe`).catch(() => {});
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
