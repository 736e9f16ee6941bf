import fc from "fast-check";
import { assert, assertEquals } from "../../tests/assert.ts";
import { countReads, REPO, tempProject } from "../../tests/helpers.ts";
import {
  findCurrentRun,
  lastRunLine,
  listRuns,
  type LogProblem,
  readAll,
  readLog,
  seekAfterSeq,
} from "./log_reader.ts";
import { runOf } from "../contract/events.ts";

const FIX = `${REPO}/fixtures`;
const enc = new TextEncoder();

Deno.test("reading a log in chunks of any size gives the same records", async () => {
  const path = `${FIX}/peer/events-0.5.jsonl`;
  const whole = await readAll(path);
  assertEquals(whole.length, 24);
  const size = (await Deno.stat(path)).size;
  for (let chunk = 1; chunk <= 300; chunk++) {
    assertEquals(await readAll(path, { chunkBytes: chunk }), whole, `chunks of ${chunk}`);
  }
  assertEquals(await readAll(path, { chunkBytes: size }), whole);
});

Deno.test("records carry their line numbers, text and the upgrade mark", async () => {
  const recs = await readAll(`${FIX}/peer/events-legacy.jsonl`);
  assertEquals(recs.map((r) => r.line), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  assertEquals(recs[2].upgraded, true); // agent_started without model
  assertEquals(recs[1].upgraded, false); // phase_started has no 0.5 field
  assertEquals(recs[11].env.schema, 1);
  assert(recs[0].text.startsWith('{"schema":2,"seq":1,'));
});

Deno.test("broken lines are reported with file and line number and skipped", async () => {
  const path = `${FIX}/projects/peer/.taskline/tasks/005-broken-lines/events.jsonl`;
  const problems: LogProblem[] = [];
  const recs = await readAll(path, { onProblem: (p) => problems.push(p) });
  assertEquals(recs.map((r) => r.env.seq), [1, 2, 4, 5, 7, 8]);
  assertEquals(problems.map((p) => [p.path, p.line]), [[path, 3], [path, 5], [path, 7], [path, 9]]);
  assert(problems.every((p) => p.reason.length > 0));
  // The torn last line is not broken: it is still being written.
  assertEquals(problems.some((p) => p.line === 11), false);
});

Deno.test("a last line without its newline is not read until it is complete", async () => {
  await using p = await tempProject();
  const path = `${p.dir}/events.jsonl`;
  const a =
    '{"schema":2,"seq":1,"at":"2026-01-01T00:00:00Z","event":{"type":"run_started","run":"r","task":"t"}}';
  const b =
    '{"schema":2,"seq":2,"at":"2026-01-01T00:00:01Z","event":{"type":"paused","run":"r","reason":"x"}}';
  await Deno.writeTextFile(path, a + "\n" + b.slice(0, 40));
  const batches = [];
  for await (const batch of readLog(path)) batches.push(batch);
  assertEquals(batches.flatMap((x) => x.records.map((r) => r.env.seq)), [1]);
  assertEquals(batches.at(-1)!.end, a.length + 1);
  await Deno.writeTextFile(path, b.slice(40), { append: true });
  assertEquals((await readAll(path)).length, 1, "still without its newline");
  await Deno.writeTextFile(path, "\n", { append: true });
  // A follower goes on from where the last batch ended.
  assertEquals((await readAll(path, { from: a.length + 1 })).map((r) => r.env.seq), [2]);
});

Deno.test("a missing log reads as empty", async () => {
  assertEquals(await readAll("/nonexistent/events.jsonl"), []);
  assertEquals(await seekAfterSeq("/nonexistent/events.jsonl", "r", 0), 0);
  assertEquals(await findCurrentRun("/nonexistent/events.jsonl"), null);
});

Deno.test("the current run is the run of the last run_started; runs listed in start order", async () => {
  const failed = `${FIX}/logs/0.5-failed.jsonl`;
  assertEquals((await findCurrentRun(failed))?.run, "f7e6d5c4-b3a2-4918-8796-a5b4c3d2e107");
  assertEquals(await listRuns(failed), [
    "0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d07",
    "f7e6d5c4-b3a2-4918-8796-a5b4c3d2e107",
  ]);
  // A resumed run: the offset is its last run_started (seq 13).
  const resumed = `${FIX}/logs/0.5-paused-resumed.jsonl`;
  const cur = (await findCurrentRun(resumed))!;
  const text = await Deno.readTextFile(resumed);
  assert(text.slice(cur.offset).startsWith('{"schema":2,"seq":13,'));
  // A 0.2 run resumed by 0.5: the same run throughout.
  assertEquals(await listRuns(`${FIX}/logs/0.2-resumed-by-0.5.jsonl`), [
    "c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e09",
  ]);
});

// ---------------------------------------------------------------- seekAfterSeq

interface Line {
  text: string;
  run: string | null;
  seq?: number;
  schema: number;
}

function lineOf(
  schema: number | null,
  seq: number | undefined,
  event: Record<string, unknown>,
): Line {
  const o: Record<string, unknown> = {};
  if (schema !== null) o.schema = schema;
  if (seq !== undefined) o.seq = seq;
  o.at = "2026-10-01T00:00:00.000000Z";
  o.event = event;
  return {
    text: JSON.stringify(o),
    run: typeof event.run === "string" ? event.run : null,
    seq,
    schema: schema ?? 1,
  };
}

/**
 * A log as the recorder writes it: runs one after another (a run may be
 * resumed, repeating run_started and continuing its seq), with run-less
 * lines, logged lines without seq and schema-1 lines of an old release
 * between them.
 */
const multiRunLog = fc.array(
  fc.record({
    resumes: fc.integer({ min: 0, max: 2 }),
    lengths: fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 3, maxLength: 3 }),
    noise: fc.array(fc.constantFrom("runless", "noseq", "schema1", "none"), {
      minLength: 4,
      maxLength: 4,
    }),
    pad: fc.integer({ min: 0, max: 200 }),
  }),
  { minLength: 1, maxLength: 4 },
).map((runs) => {
  const lines: Line[] = [];
  const ids: string[] = [];
  runs.forEach((r, i) => {
    const run = `${String(i).repeat(8)}-0000-4000-8000-00000000000${i}`;
    ids.push(run);
    let seq = 0;
    for (let part = 0; part <= r.resumes; part++) {
      const noise = r.noise[part % 4];
      if (noise === "schema1") {
        lines.push(lineOf(null, undefined, { type: "run_started", run, task: "t" }));
      }
      lines.push(lineOf(2, ++seq, { type: "run_started", run, task: "t" }));
      for (let k = 0; k < r.lengths[part % 3]; k++) {
        if (noise === "runless" && k % 3 === 0) {
          lines.push(lineOf(2, undefined, { type: "log", run: null, level: "info", message: "m" }));
        }
        if (noise === "noseq" && k % 4 === 1) {
          lines.push(
            lineOf(2, undefined, {
              type: "agent_delta",
              run,
              role: "coder",
              subtask: null,
              delta: { kind: "text", text: "d" },
            }),
          );
        }
        lines.push(
          lineOf(2, ++seq, { type: "agent_text", run, role: "coder", text: "x".repeat(r.pad) }),
        );
      }
      lines.push(lineOf(2, ++seq, { type: "run_finished", run, success: true, status: "done" }));
    }
  });
  return { lines, ids };
});

Deno.test("seekAfterSeq finds every event after any seq of any run, whatever the layout", async () => {
  await using p = await tempProject();
  const path = `${p.dir}/events.jsonl`;
  await fc.assert(
    fc.asyncProperty(
      multiRunLog,
      fc.nat(),
      fc.nat(),
      fc.integer({ min: 16, max: 512 }),
      async ({ lines, ids }, which, after, windowBytes) => {
        await Deno.writeTextFile(path, lines.map((l) => l.text + "\n").join(""));
        const run = ids[which % ids.length];
        const maxSeq = Math.max(...lines.filter((l) => l.run === run && l.seq).map((l) => l.seq!));
        const s = after % (maxSeq + 2);
        const want = lines.filter((l) =>
          l.run === run && l.schema >= 2 && l.seq !== undefined && l.seq > s
        )
          .map((l) => l.seq);
        const from = await seekAfterSeq(path, run, s, { windowBytes });
        const got = (await readAll(path, { from }))
          .filter((r) => runOf(r.env.event) === run && r.env.schema >= 2 && r.env.seq! > s)
          .map((r) => r.env.seq);
        assertEquals(got, want);
        // The offset is a line start.
        const bytes = await Deno.readFile(path);
        assert(from === 0 || bytes[from - 1] === 10);
        // The same when the caller knows the run's last line (the current run's).
        const last = await lastRunLine(path);
        if (last?.run === run) {
          const from2 = await seekAfterSeq(path, run, s, { windowBytes, last });
          const got2 = (await readAll(path, { from: from2 }))
            .filter((r) => runOf(r.env.event) === run && r.env.schema >= 2 && r.env.seq! > s)
            .map((r) => r.env.seq);
          assertEquals(got2, want);
        }
      },
    ),
    { numRuns: 300 },
  );
});

Deno.test("lastRunLine is the current run and its last seq, as findCurrentRun and a full read say", async () => {
  await using p = await tempProject();
  const path = `${p.dir}/events.jsonl`;
  assertEquals(await lastRunLine(path), null, "a missing log has none");
  await fc.assert(
    fc.asyncProperty(multiRunLog, async ({ lines, ids }) => {
      await Deno.writeTextFile(path, lines.map((l) => l.text + "\n").join(""));
      const last = await lastRunLine(path);
      const run = ids[ids.length - 1];
      assertEquals(last?.run, run);
      assertEquals(last?.run, (await findCurrentRun(path))?.run);
      const seqs = lines.filter((l) => l.run === run && l.schema >= 2 && l.seq !== undefined);
      assertEquals(last?.seq, seqs[seqs.length - 1].seq);
      assertEquals(last?.type, "run_finished");
      const bytes = await Deno.readFile(path);
      assertEquals(
        JSON.parse(new TextDecoder().decode(bytes.subarray(last!.start, last!.end))).seq,
        last!.seq,
      );
    }),
    { numRuns: 200 },
  );
  // A log of 0.2 runs only (no seq) has none: callers search for run_started.
  await Deno.copyFile(`${FIX}/logs/0.2-resumed-by-0.5.jsonl`, path);
  const old = await Deno.readTextFile(path);
  await Deno.writeTextFile(
    path,
    old.split("\n").filter((l) => l !== "" && !l.includes('"seq"')).join("\n") + "\n",
  );
  assertEquals(await lastRunLine(path), null);
});

Deno.test("seekAfterSeq reads a small fraction of a 50 MB log of many runs", async () => {
  await using p = await tempProject();
  const path = `${p.dir}/events.jsonl`;
  const runs = [
    "aaaaaaaa-0000-4000-8000-000000000001",
    "bbbbbbbb-0000-4000-8000-000000000002",
    "cccccccc-0000-4000-8000-000000000003",
  ];
  const perRun = [90_000, 90_000, 30_000];
  const file = await Deno.open(path, { write: true, create: true, truncate: true });
  let parts: string[] = [];
  const text = "y".repeat(160);
  for (let r = 0; r < runs.length; r++) {
    for (let s = 1; s <= perRun[r]; s++) {
      parts.push(
        `{"schema":2,"seq":${s},"at":"2026-10-01T00:00:00.000000Z","event":{"type":"agent_text","run":"${
          runs[r]
        }","role":"coder","text":"${text}"}}`,
      );
      if (s % 40 === 0) {
        parts.push(
          '{"schema":2,"at":"2026-10-01T00:00:00Z","event":{"type":"log","run":null,"level":"info","message":"m"}}',
        );
      }
      if (parts.length >= 4096) {
        await file.write(enc.encode(parts.join("\n") + "\n"));
        parts = [];
      }
    }
  }
  await file.write(enc.encode(parts.join("\n") + "\n"));
  file.close();
  const size = (await Deno.stat(path)).size;
  assert(size > 50_000_000, `generated ${size} bytes`);

  const current = runs[2];
  for (const after of [0, 1, 7_777, 15_000, 29_999, 30_000, 40_000]) {
    const { value: from, bytes } = await countReads(() => seekAfterSeq(path, current, after));
    assert(bytes < size / 100, `after ${after}: read ${bytes} of ${size} bytes`);
    // The place found is just before the event after `after`: reading from it
    // reaches seq after+1 within the search window.
    const first = await firstOfRunFrom(path, from, current);
    if (after >= perRun[2]) {
      assertEquals(first, null, `after ${after}: nothing left`);
    } else {
      assert(first !== null && first.seq <= after + 1, `after ${after}: starts at ${first?.seq}`);
      assert(
        first.offset - from <= 256 * 1024 + 1024,
        `after ${after}: ${first.offset - from} bytes early`,
      );
    }
  }
  // The current run is found from the end of the file, also when its first
  // event is asked for; an older run needs a longer search but still no scan of
  // what comes before it.
  const { value: fromA, bytes: bytesA } = await countReads(() =>
    seekAfterSeq(path, runs[1], 45_000)
  );
  assert(bytesA < size * 0.6, `older run: read ${bytesA} of ${size}`);
  assertEquals((await firstOfRunFrom(path, fromA, runs[1]))!.seq <= 45_001, true);
});

/** The first line of `run` read from `from`, and its offset (reads little: stops early). */
async function firstOfRunFrom(path: string, from: number, run: string) {
  for await (const b of readLog(path, { from, chunkBytes: 64 * 1024 })) {
    let offset = from;
    for (const r of b.records) {
      if (runOf(r.env.event) === run && typeof r.env.seq === "number") {
        return { seq: r.env.seq, offset: offset };
      }
      offset += enc.encode(r.text).length + 1;
    }
    from = b.end;
  }
  return null;
}

Deno.test("reading a big log holds one chunk at a time", async () => {
  await using p = await tempProject();
  const path = `${p.dir}/events.jsonl`;
  const line = JSON.stringify({
    schema: 2,
    seq: 1,
    at: "2026-10-01T00:00:00Z",
    event: { type: "agent_text", run: "r", role: "coder", text: "z".repeat(200) },
  }) + "\n";
  const block = enc.encode(line.repeat(10_000));
  const file = await Deno.open(path, { write: true, create: true, truncate: true });
  for (let i = 0; i < 10; i++) await file.write(block);
  file.close();
  const chunkBytes = 64 * 1024;
  const perChunkMax = Math.ceil(chunkBytes / line.length) + 1;
  let batches = 0, records = 0, biggest = 0;
  for await (const b of readLog(path, { chunkBytes })) {
    batches++;
    records += b.records.length;
    biggest = Math.max(biggest, b.records.length);
  }
  assertEquals(records, 100_000);
  assert(batches > 300, `${batches} batches`);
  assert(biggest <= perChunkMax, `a batch held ${biggest} records`);
});
