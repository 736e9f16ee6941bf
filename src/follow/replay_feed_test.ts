import { assertEquals } from "../../tests/assert.ts";
import { appendEvent as append, tempState as project } from "../../tests/log_lines.ts";
import { parseCursor } from "../contract/cursor.ts";
import { encodeEnvelope } from "../codec/encode.ts";
import { createTask } from "../store/tasks.ts";
import { replayFeed } from "./replay_feed.ts";
import { readFormText } from "../codec/read_form.ts";

Deno.test("replayFeed merges logs by cursor, also when times go back a little within a log", async () => {
  const { state, dir } = await project();
  try {
    const a = await createTask(state, "a");
    const b = await createTask(state, "b");
    await append(state, a, 1, "2026-01-01T00:00:02Z");
    await append(state, a, 2, "2026-01-01T00:00:01Z"); // stamped by another process
    await append(state, a, 3, "2026-01-01T00:00:04Z");
    await append(state, b, 1, "2026-01-01T00:00:01Z");
    await append(state, b, 2, "2026-01-01T00:00:03Z");
    const got: string[] = [];
    for await (const items of replayFeed(state, [a, b], { batchItemsMax: 2 })) {
      for (const it of items) {
        got.push(it.cursorText.replace(/^\d+/, (ns) => String(BigInt(ns) / 1_000_000_000n % 10n)));
      }
    }
    assertEquals(got, ["1-1-2", "1-2-1", "2-1-1", "3-2-2", "4-1-3"]);
    const after: string[] = [];
    for await (
      const items of replayFeed(state, [a, b], {
        after: parseCursor(`${1767225601n * 1_000_000_000n}-1-2`),
      })
    ) {
      for (const it of items) after.push(`${it.task.number}-${it.record.env.seq}`);
    }
    assertEquals(after, ["2-1", "1-1", "2-2", "1-3"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("replayFeed with json gives the same feed as without, each line's read form with it", async () => {
  const { state, dir } = await project();
  try {
    const tasks = [await createTask(state, "a"), await createTask(state, "b")];
    const lines = [
      // Read forms (the light form), a 0.4 line, spaces, text that is not ASCII, a broken line.
      encodeEnvelope({
        schema: 2,
        seq: 1,
        at: "2026-01-01T00:00:01Z",
        event: { type: "run_started", run: "r", task: "t" },
      }),
      '{"schema":2,"seq":2,"at":"2026-01-01T00:00:03Z","event":{"type":"tool_called","run":"r","role":"c","tool":"t","input":{}}}',
      '{"schema":2, "seq":3,"at":"2026-01-01T00:00:02Z","event":{"type":"log","run":"r","level":"info","message":"x"}}',
      encodeEnvelope({
        schema: 2,
        seq: 4,
        at: "2026-01-01T00:00:05Z",
        event: { type: "log", run: "r", level: "info", message: "café" },
      }),
      '{"schema":2,"seq":5,"at":"2026-01-01T00:00:06Z","event":{"type":"lo',
      encodeEnvelope({
        schema: 2,
        seq: 6,
        at: "2026-01-01T00:00:04Z",
        event: { type: "log", run: "r", level: "info", message: "plain" },
      }),
    ];
    for (const t of tasks) await Deno.writeTextFile(state.logPath(t.dir), lines.join("\n") + "\n");
    const read = async (json: boolean) => {
      const got: string[] = [];
      let problems = 0;
      for await (
        const items of replayFeed(state, tasks, {
          json,
          chunkBytes: 64,
          onProblem: () => problems++,
        })
      ) {
        for (const it of items) {
          got.push(`${it.cursorText} ${it.record.env.event.type} ${readFormText(it.record)}`);
        }
      }
      return { got, problems };
    };
    const full = await read(false);
    assertEquals(full.got.length, 10);
    assertEquals(await read(true), full);
    // And with json the read forms were checked, not parsed: light envelopes.
    let light = 0;
    for await (const items of replayFeed(state, tasks, { json: true })) {
      for (const it of items) {
        if (it.record.env.event.type === "log" && !("level" in it.record.env.event)) light++;
      }
    }
    assertEquals(light, 2, "the plain log line of each task");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
