/**
 * The benchmark scripts: the generator makes valid, realistic, reproducible
 * projects, and `scripts/bench.ts` runs on tiny inputs and writes its table.
 * No timing is asserted here; speed goals belong to `deno task bench`.
 */
import { assert, assertEquals } from "./assert.ts";
import { REPO } from "./helpers.ts";
import { decodeLine } from "../src/codec/decode.ts";
import { encodeEnvelope } from "../src/codec/encode.ts";
import { generateProject, parseSize } from "../scripts/gen_project.ts";
import { idMicros, ResponseReader } from "../scripts/bench_sse_clients.ts";

async function tempDir(): Promise<string> {
  return await Deno.makeTempDir({ prefix: "taskline-bench-test-" });
}

/** Every file under `dir`, relative path -> content. */
async function tree(dir: string, rel = ""): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for await (const e of Deno.readDir(`${dir}/${rel}`)) {
    const r = rel === "" ? e.name : `${rel}/${e.name}`;
    if (e.isDirectory) { for (const [k, v] of await tree(dir, r)) out.set(k, v); }
    else out.set(r, await Deno.readTextFile(`${dir}/${r}`));
  }
  return out;
}

Deno.test("gen_project is deterministic for a seed and differs between seeds", async () => {
  const [a, b, c] = [await tempDir(), await tempDir(), await tempDir()];
  try {
    const opts = { tasks: 3, eventsPerTask: 300, seed: 42 };
    const sa = generateProject({ ...opts, dir: a });
    const sb = generateProject({ ...opts, dir: b });
    generateProject({ ...opts, seed: 43, dir: c });
    const ta = await tree(`${a}/.taskline`), tb = await tree(`${b}/.taskline`);
    assertEquals([...ta.keys()].sort(), [...tb.keys()].sort());
    for (const [k, v] of ta) assert(tb.get(k) === v, `${k} differs between two runs of seed 42`);
    assertEquals(sa.bytes, sb.bytes);
    const tc = await tree(`${c}/.taskline`);
    const logA = [...ta.entries()].find(([k]) => k.endsWith("events.jsonl"))![1];
    const logC = [...tc.entries()].find(([k]) => k.endsWith("events.jsonl"))![1];
    assert(logA !== logC, "seeds 42 and 43 gave the same log");
  } finally {
    for (const d of [a, b, c]) await Deno.remove(d, { recursive: true });
  }
});

Deno.test("gen_project writes canonical schema-2 lines, gapless seq per run, resumes and trace files", async () => {
  const dir = await tempDir();
  try {
    const s = generateProject({ dir, tasks: 4, eventsPerTask: 1500, seed: 5, runs: 2 });
    assertEquals(s.tasks.length, 4);
    const types = new Set<string>();
    let resumes = 0, outputFiles = 0;
    for (const t of s.tasks) {
      const text = await Deno.readTextFile(`${dir}/.taskline/tasks/${t.dir}/events.jsonl`);
      assert(text.endsWith("\n"), "the log ends with a newline");
      const lines = text.slice(0, -1).split("\n");
      assertEquals(lines.length, t.events);
      assert(t.events >= 1500 && t.events < 1700, `about 1500 events, got ${t.events}`);
      const seqs = new Map<string, number>();
      const started = new Map<string, number>();
      let lastAt = "";
      for (const [i, line] of lines.entries()) {
        const d = decodeLine(line);
        assert(d.ok, `${t.dir}:${i + 1} does not decode: ${d.ok ? "" : d.reason}`);
        if (!d.ok) continue;
        assertEquals(d.env.schema, 2);
        assert(!d.upgraded, `${t.dir}:${i + 1} lacks a 0.5 field`);
        assertEquals(encodeEnvelope(d.env), line, `${t.dir}:${i + 1} is not in canonical form`);
        assert(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/.test(d.env.at), `at ${d.env.at}`);
        assert(d.env.at >= lastAt, `${t.dir}:${i + 1}: at goes backwards`);
        lastAt = d.env.at;
        const ev = d.env.event as Record<string, unknown>;
        types.add(ev.type as string);
        if (typeof ev.run !== "string") {
          assertEquals(d.env.seq, undefined, "a run-less event has no seq");
          continue;
        }
        const run = ev.run;
        const prev = seqs.get(run) ?? 0;
        assertEquals(d.env.seq, prev + 1, `${t.dir}:${i + 1}: seq of run ${run} has a gap`);
        seqs.set(run, prev + 1);
        if (ev.type === "run_started") started.set(run, (started.get(run) ?? 0) + 1);
        if (ev.type === "tool_returned" && ev.output_file !== null) {
          outputFiles++;
          const out = await Deno.readTextFile(`${dir}/${ev.output_file}`);
          assert(out.startsWith(ev.preview as string), "the trace file begins with the preview");
          assertEquals(out.length, ev.output_chars);
        }
      }
      assertEquals([...seqs.keys()].length, 2, "two runs per task");
      assertEquals(seqs.get(t.currentRun), t.lastSeq);
      for (const n of started.values()) resumes += n - 1;
      const task = JSON.parse(await Deno.readTextFile(`${dir}/.taskline/tasks/${t.dir}/task.json`));
      assertEquals(task.id, t.id);
      assertEquals(task.number, t.number);
    }
    assert(resumes > 0, "some run is resumed (run_started repeated with the same run)");
    assert(outputFiles > 0, "some outputs are kept in the trace store");
    for (
      const type of [
        "run_started",
        "phase_started",
        "agent_text",
        "tool_called",
        "tool_returned",
        "committed",
        "validation_finished",
        "approval_requested",
        "approval_resolved",
        "paused",
        "merged",
        "run_finished",
      ]
    ) assert(types.has(type), `no ${type} event was generated`);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("gen_project --log-bytes makes a log of about that size; --open leaves the run unfinished", async () => {
  const dir = await tempDir();
  try {
    const cmd = new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        `${REPO}/scripts/gen_project.ts`,
        "--dir",
        dir,
        "--log-bytes",
        "2M",
        "--runs",
        "1",
        "--open",
        "--seed",
        "9",
        "--json",
      ],
      stdout: "piped",
      stderr: "piped",
    });
    const out = await cmd.output();
    assertEquals(out.code, 0, new TextDecoder().decode(out.stderr));
    const s = JSON.parse(new TextDecoder().decode(out.stdout));
    const t = s.tasks[0];
    const size = (await Deno.stat(`${dir}/.taskline/tasks/${t.dir}/events.jsonl`)).size;
    assertEquals(size, t.bytes);
    assert(size >= parseSize("2M") && size < parseSize("2M") + 100_000, `size ${size}`);
    const text = await Deno.readTextFile(`${dir}/.taskline/tasks/${t.dir}/events.jsonl`);
    const last = JSON.parse(text.slice(0, -1).split("\n").pop()!);
    assert(last.event.type !== "run_finished", "an open run has no run_finished at its end");
    assertEquals(t.open, true);
    assertEquals(last.seq, t.lastSeq);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("deno task bench runs on tiny inputs and writes the table with a row per benchmark", async () => {
  const work = await tempDir();
  try {
    const out = `${work}/benchmarks.md`;
    const res = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        `${REPO}/scripts/bench.ts`,
        "--tiny",
        "--no-install",
        "--work",
        `${work}/data`,
        "--out",
        out,
      ],
      stdout: "piped",
      stderr: "piped",
    }).output();
    const stderr = new TextDecoder().decode(res.stderr);
    assertEquals(res.code, 0, stderr);
    const md = await Deno.readTextFile(out);
    assert(md.includes("| benchmark | taskline | reference | ratio | goal | met |"), md);
    assert(/Machine: \d+ cores/.test(md), "the report names the machine's cores");
    assert(md.includes("Mode: tiny"), "the report names its mode");
    const rows = md.split("\n").filter((l) => l.startsWith("| ") && !l.startsWith("| benchmark"));
    for (
      const name of [
        "filtered replay vs jq",
        "filtered replay vs grep -F",
        "filtered replay vs cat",
        "events --after <last-100> vs full replay",
        "memory: events --json (full replay)",
        "memory: events -f --json",
        "follow latency",
        "events --json (every task merged)",
        "history --all --json",
        "GET /api/events?limit=500",
        "server fan-out",
        "record throughput",
        "record throughput with tool outputs",
        "record -> events -f latency",
        "record --from claude-code",
        "ship an existing project",
        "live: append on the source",
      ]
    ) {
      const r = rows.find((l) => l.includes(name));
      assert(r !== undefined, `no row for ${name}:\n${md}`);
      const cells = r!.split(" | ");
      const met = cells[5];
      // Either measured (a time or size in the taskline column) or skipped with a reason.
      assert(
        /^(yes|no|-)$/.test(met) && /\d/.test(cells[1]) || /^skipped: \S/.test(met),
        `row neither measured nor skipped with a reason: ${r}`,
      );
    }
  } finally {
    await Deno.remove(work, { recursive: true });
  }
});

Deno.test("the fan-out clients read an event cursor's time and task from an id line", () => {
  const line = new TextEncoder().encode("id: 1790000000123456789-12-5\n");
  const end = line.length - 1;
  assertEquals(idMicros(line, 4, end, 12), 1790000000123456);
  assertEquals(idMicros(line, 4, end, 1), -1, "another task's event is not counted");
  assertEquals(idMicros(new TextEncoder().encode("id: x-12-5"), 4, 10, 12), -1);
});

Deno.test("the fan-out clients take a chunked response apart, whatever the reads' cuts", () => {
  const enc = new TextEncoder();
  const body =
    'retry: 1000\n\nid: 1-1-1\nevent: log\ndata: {}\n\nid: 2-1-2\nevent: log\ndata: {"a":1}\n\n';
  const chunks = [body.slice(0, 7), body.slice(7, 30), body.slice(30)];
  const wire = enc.encode(
    "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n" +
      chunks.map((c) => `${enc.encode(c).length.toString(16)}\r\n${c}\r\n`).join("") + "0\r\n\r\n",
  );
  for (let cut = 1; cut < wire.length; cut++) {
    const r = new ResponseReader();
    const got: Uint8Array[] = [...r.push(wire.subarray(0, cut)), ...r.push(wire.subarray(cut))];
    assertEquals(r.status, 200);
    assert(r.ended, `the last chunk is seen (cut at ${cut})`);
    assertEquals(new TextDecoder().decode(new Uint8Array(got.flatMap((b) => [...b]))), body);
  }
  const plain = new ResponseReader();
  const rest = plain.push(enc.encode("HTTP/1.1 401 Unauthorized\r\ncontent-length: 2\r\n\r\nno"));
  assertEquals(plain.status, 401);
  assertEquals(new TextDecoder().decode(rest[0]), "no");
});

Deno.test("gen_project writes non-ASCII text in 2 to 10% of the lines, ASCII only with --ascii, and the same events as another serialiser with --foreign", async () => {
  const dir = await tempDir();
  try {
    const opts = { tasks: 1, eventsPerTask: 3000, seed: 8, runs: 2 };
    const lines = async (d: string) => {
      const t = (await Deno.readDir(`${d}/.taskline/tasks`)[Symbol.asyncIterator]().next()).value!;
      return (await Deno.readTextFile(`${d}/.taskline/tasks/${t.name}/events.jsonl`)).trimEnd()
        .split("\n");
    };
    const real = generateProject({ ...opts, dir: `${dir}/real` });
    const text = await lines(`${dir}/real`);
    const nonAscii = text.filter((l) => /[\u0080-\uffff]/.test(l)).length;
    assertEquals(nonAscii, real.nonAsciiLines);
    assert(
      nonAscii >= 0.02 * text.length && nonAscii <= 0.1 * text.length,
      `${nonAscii} of ${text.length}`,
    );
    assert(text.some((l) => /"type":"context_compacted"/.test(l)), "an unknown event type");
    generateProject({ ...opts, dir: `${dir}/ascii`, nonAscii: 0 });
    assert((await lines(`${dir}/ascii`)).every((l) => !/[\u0080-\uffff]/.test(l)), "ASCII only");
    generateProject({ ...opts, dir: `${dir}/foreign`, style: "foreign" });
    const foreign = await lines(`${dir}/foreign`);
    assertEquals(foreign.length, text.length);
    assert(foreign.every((l) => l.startsWith('{"at": "') && !/[\u0080-\uffff]/.test(l)));
    for (const [i, l] of foreign.entries()) {
      const a = decodeLine(l), b = decodeLine(text[i]);
      assert(a.ok && b.ok);
      assertEquals(a.env, b.env, `line ${i + 1}`);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
