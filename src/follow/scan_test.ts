import { assertEquals } from "../../tests/assert.ts";
import { readAll } from "../store/log_reader.ts";
import { lightLines, scanLog, type ScanRecord } from "./scan.ts";
import { decodeLine } from "../codec/decode.ts";
import { runOf } from "../contract/events.ts";
import { encodeEnvelope } from "../codec/encode.ts";

const RUN = "5f0c1d2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f";

function line(seq: number, type: string, text: string, extra: object = {}): string {
  return JSON.stringify({
    schema: 2,
    seq,
    at: "2026-01-01T00:00:00Z",
    event: { type, run: RUN, text, ...extra },
  });
}

Deno.test("scanLog gives what readLog gives with the same needles, at every chunk size", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = `${dir}/events.jsonl`;
    const lines = [
      line(1, "run_started", "é début"),
      'not json but mentions "tool_called"',
      line(2, "tool_called", "x".repeat(300)),
      line(3, "agent_text", "a key named like the needle ✓", { input: { tool_called: 1 } }),
      "",
      line(4, "tool_called", "日本語のテキスト"),
      line(5, "log", "plain"),
    ];
    // The last line has no newline: it is being written and is not read.
    await Deno.writeTextFile(path, lines.join("\n") + "\n" + line(6, "tool_called", "torn"));
    const needles = ['"tool_called"', '"run_started"'];
    const want = await readAll(path, { prefilter: (l) => needles.some((n) => l.includes(n)) });
    assertEquals(want.map((r) => r.env.seq), [1, 2, 3, 4]);
    for (const chunkBytes of [1, 2, 3, 7, 64, 333, 4096]) {
      const problems: string[] = [];
      const got = [];
      for await (
        const rs of scanLog(path, needles, {
          chunkBytes,
          onProblem: (p) => problems.push(p.reason),
        })
      ) got.push(...rs);
      assertEquals(got.map((r) => r.text), want.map((r) => r.text), `chunk ${chunkBytes}`);
      assertEquals(got.map((r) => r.env), want.map((r) => r.env));
      assertEquals(problems.length, 1, "the broken line that matches is reported");
    }
    // From an offset, up to a bound.
    const from = new TextEncoder().encode(lines.slice(0, 3).join("\n") + "\n").length;
    const to = new TextEncoder().encode(lines.slice(0, 6).join("\n") + "\n").length;
    const part = [];
    for await (const rs of scanLog(path, needles, { from, to, chunkBytes: 5 })) part.push(...rs);
    assertEquals(part.map((r) => r.env.seq), [3, 4]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("scanLog reports a matching line longer than the limit and goes on", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = `${dir}/events.jsonl`;
    await Deno.writeTextFile(
      path,
      [line(1, "tool_called", "y".repeat(5000)), line(2, "tool_called", "short")].join("\n") + "\n",
    );
    const problems: string[] = [];
    const got = [];
    for await (
      const rs of scanLog(path, ['"tool_called"'], {
        chunkBytes: 100,
        lineBytesMax: 1000,
        onProblem: (p) => problems.push(p.reason),
      })
    ) got.push(...rs);
    assertEquals(got.map((r) => r.env.seq), [2]);
    assertEquals(problems, ["line is longer than the reader's limit"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("scanLog with json: the read form of each record, the line itself when it is that", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = `${dir}/events.jsonl`;
    const base = { schema: 2, seq: 1, at: "2026-01-01T00:00:00Z" };
    const ev = { type: "log", run: RUN, level: "info", message: "m" };
    const cases: Array<[string, boolean]> = [
      [JSON.stringify({ ...base, event: ev }), true],
      [JSON.stringify({ ...base, event: ev, z: 1 }), true],
      [JSON.stringify({ ...base, z: 1, event: ev }), false],
      [JSON.stringify({ seq: 1, schema: 2, at: base.at, event: ev }), false],
      [JSON.stringify({ ...base, event: ev }, null, 1).replaceAll("\n", ""), false],
      [
        `{"schema":2,"seq":1,"at":"${base.at}","event":{"type":"log","run":"${RUN}","level":"info","message":"a\\/b"}}`,
        false,
      ],
      // 0.4: the 0.5 fields of tool_called are filled in.
      [
        `{"schema":2,"seq":1,"at":"${base.at}","event":{"type":"tool_called","run":"${RUN}","role":"r","tool":"t","input":{}}}`,
        false,
      ],
    ];
    await Deno.writeTextFile(path, cases.map(([l]) => l).join("\n") + "\n");
    const got = [];
    for await (const rs of scanLog(path, ['"log"', '"tool_called"'], { json: true })) {
      got.push(...rs);
    }
    assertEquals(got.length, cases.length);
    got.forEach((r, i) => {
      if (r.light) throw new Error("a light record without the light option");
      assertEquals(r.json, encodeEnvelope(r.env));
      assertEquals(r.json === r.text, cases[i][1], r.text);
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/** What a test looks at of a record of a scan, light or not. */
interface Kept {
  light: boolean;
  /** Read in place (its bytes are the line), not decoded. */
  inPlace: boolean;
  /** Read as bytes, its read form written as bytes (another serialiser's line), or in place. */
  asBytes: boolean;
  env: { schema: number; seq?: number; at: string; event: { type: string } };
  upgraded: boolean;
  line: number;
  text: string;
  json?: string;
}

/** A light record's text and bytes are valid until the next batch: keep them now. */
function kept(r: ScanRecord): Kept {
  const e = r.env;
  const env = r.light ? { schema: e.schema, seq: e.seq, at: e.at, event: { ...e.event } } : e;
  return {
    light: r.light === true,
    inPlace: "mem" in r && !("src" in r),
    asBytes: "mem" in r,
    env,
    upgraded: r.upgraded,
    line: r.line,
    text: r.text,
    json: r.json,
  };
}

Deno.test("scanLog in the light form gives the same read forms, and envelopes true to the lines", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = `${dir}/events.jsonl`;
    const at = "2026-01-01T00:00:00.123456Z";
    const env = (seq: number, event: object, extra: object = {}) =>
      JSON.stringify({ schema: 2, seq, at, event, ...extra });
    const call = { role: "coder", tool: "bash", call: "0123456789ab", subtask: null };
    const lines = [
      env(1, { type: "run_started", run: RUN, task: "t" }),
      env(2, { type: "tool_called", run: RUN, ...call, input: { cmd: 'a\n"b"\\c\u0001' } }),
      // 0.4: no call or subtask, the defaults are filled in.
      env(3, { type: "tool_called", run: RUN, role: "r", tool: "t", input: {} }),
      // Not ASCII, a fraction, a key of digits, a key twice, spaces, \/, an extra field.
      env(4, { type: "tool_called", run: RUN, ...call, input: { text: "café ✓" } }),
      env(5, { type: "tool_called", run: RUN, ...call, input: { n: 1.5 } }),
      env(6, { type: "tool_called", run: RUN, ...call, input: { "10": 1, "2": 2 } }),
      env(7, { type: "tool_called", run: RUN, ...call, input: {} }).replace(
        '"tool":"bash"',
        '"tool":"bash","tool":"sh"',
      ),
      env(8, { type: "tool_called", run: RUN, ...call, input: {} }).replace(
        '"input":{}',
        '"input": {}',
      ),
      env(9, { type: "tool_called", run: RUN, ...call, input: { p: "a/b" } }).replace(
        "a/b",
        "a\\/b",
      ),
      env(10, { type: "tool_called", run: RUN, ...call, input: {} }, { extra: true }),
      JSON.stringify({ schema: 3, seq: 11, at, event: { type: "tool_called", run: RUN } }),
      env(12, { type: "tool_called", run: null, ...call, input: {} }),
      env(13, { type: "paused", run: RUN, reason: "budget" }),
      env(14, {
        type: "run_finished",
        run: RUN,
        success: false,
        status: "failed",
        usage: { input_tokens: 1, output_tokens: 2, cache_read_tokens: 0, cache_write_tokens: 0 },
        active_ms: 5,
        started_at: at,
      }),
      // `success` of a type other than run_finished, read in place, as bytes, and in full.
      env(15, { type: "phase_finished", run: RUN, phase: "qa", success: true, summary: "" }),
      env(16, { type: "phase_finished", run: RUN, phase: "qa", success: false, summary: "" })
        .replace('"phase":"qa"', '"phase": "qa"'),
      env(17, { type: "phase_finished", run: RUN, phase: "qa", success: false, summary: "", 0: 1 }),
      env(18, { type: "x_checked", run: RUN, success: true }),
      '{"schema":2,"seq":19,"at":"x","event":{"type":"tool_called","run":"' + RUN + '"', // broken
    ];
    const needles = [
      '"tool_called"',
      '"run_started"',
      '"run_finished"',
      '"paused"',
      '"phase_finished"',
      '"x_checked"',
    ];
    // A chunk with a character that is not ASCII is decoded in full: the
    // line that has one is tried alone and among the others.
    for (
      const [text, chunkBytes] of [
        [lines.join("\n") + "\n", 1],
        [lines.join("\n") + "\n", 7],
        [lines.join("\n") + "\n", 100],
        [lines.join("\n") + "\n", 64 * 1024],
        [lines.filter((l) => !l.includes("café")).join("\n") + "\n", 64 * 1024],
      ] as const
    ) {
      await Deno.writeTextFile(path, text);
      const full: Kept[] = [];
      const light: Kept[] = [];
      const problems = [0, 0];
      for await (
        const rs of scanLog(path, needles, {
          json: true,
          chunkBytes,
          onProblem: () => problems[0]++,
        })
      ) {
        full.push(...rs.map(kept));
      }
      for await (
        const rs of scanLog(path, needles, {
          json: true,
          light: true,
          chunkBytes,
          onProblem: () => problems[1]++,
        })
      ) light.push(...rs.map(kept));
      assertEquals(light.map((r) => r.json), full.map((r) => r.json), `chunk ${chunkBytes}`);
      assertEquals(light.map((r) => r.text), full.map((r) => r.text));
      assertEquals(light.map((r) => r.upgraded), full.map((r) => r.upgraded));
      assertEquals(problems, [1, 1]);
      const head = (r: Kept) => {
        const e = r.env.event as { type: string; run?: unknown; success?: unknown };
        return [r.env.schema, r.env.seq, r.env.at, e.type, runOf(r.env.event), e.success];
      };
      assertEquals(light.map(head), full.map(head));
      // The lines in JSON.stringify's form were read in place, the others
      // decoded in full (and kept light too); non-ASCII text too, also
      // across chunks.
      {
        const lightSeqs = light.filter((r) => r.env.event.type === "tool_called" && r.inPlace)
          .map((r) => r.env.seq);
        assertEquals(lightSeqs, text.includes("café") ? [2, 4, 11, 12] : [2, 11, 12]);
        // Lines of another form were read as bytes too, but for the digit keys,
        // the key twice and the 0.4 line.
        const byteSeqs = light.filter((r) => r.env.event.type === "tool_called" && r.asBytes)
          .map((r) => r.env.seq);
        assertEquals(
          byteSeqs,
          text.includes("café") ? [2, 4, 5, 8, 9, 10, 11, 12] : [2, 5, 8, 9, 10, 11, 12],
        );
      }
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("scanLog in the light form names each event's type and run right when they change on a line read in full", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = `${dir}/events.jsonl`;
    const other = "0c1d2e3f-4a5b-4c6d-8e9f-a0b1c2d3e4f5";
    const at = "2026-01-01T00:00:00Z";
    const call = { role: "coder", tool: "bash", input: {}, call: "0123456789ab", subtask: null };
    const lines = [
      JSON.stringify({ schema: 2, seq: 1, at, event: { type: "tool_called", run: RUN, ...call } }),
      // Valid and compact, but read in full (a field after event): its type and run are new.
      JSON.stringify({ schema: 2, seq: 1, at, event: { type: "run_started", run: other }, x: 1 }),
      JSON.stringify({ schema: 2, seq: 2, at, event: { type: "run_started", run: other } }),
      JSON.stringify({
        schema: 2,
        seq: 3,
        at,
        event: { type: "tool_called", run: other, ...call },
      }),
    ];
    await Deno.writeTextFile(path, lines.join("\n") + "\n");
    const got: Kept[] = [];
    for await (
      const rs of scanLog(path, ['"tool_called"', '"run_started"'], { json: true, light: true })
    ) got.push(...rs.map(kept));
    assertEquals(
      got.map((r) => [r.env.seq, r.env.event.type, runOf(r.env.event)]),
      [[1, "tool_called", RUN], [1, "run_started", other], [2, "run_started", other], [
        3,
        "tool_called",
        other,
      ]],
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("lightLines gives an event's success whatever its type, as a full decode does", () => {
  const light = lightLines();
  const at = "2026-01-01T00:00:00Z";
  for (
    const event of [
      { type: "phase_finished", run: RUN, phase: "qa", success: false, summary: "" },
      { type: "x_checked", run: RUN, success: true },
      { type: "x_checked", run: RUN, success: "yes" },
      { type: "log", run: RUN, level: "info", message: "m" },
    ]
  ) {
    const line = JSON.stringify({ schema: 2, seq: 1, at, event });
    const d = decodeLine(line);
    const r = light(line);
    if (!d.ok || r === null) throw new Error(`not read: ${line}`);
    const success = (d.env.event as { success?: unknown }).success;
    assertEquals(r.env.event.success, typeof success === "boolean" ? success : undefined, line);
  }
});
