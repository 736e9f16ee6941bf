/**
 * `trace --format otlp`: the OTLP/JSON encoding of a run, checked by a small
 * structural validator of the OpenTelemetry protocol's JSON form
 * (ExportTraceServiceRequest) on every fixture log.
 */
import { assert, assertEquals } from "./assert.ts";
import { copyTree, REPO, runCli } from "./helpers.ts";
import { StateDir } from "../src/store/state_dir.ts";
import { listTasks } from "../src/store/tasks.ts";
import { resolveRef } from "../src/store/refs.ts";
import { buildOtlpTrace, type OtlpSpan } from "../src/views/otlp.ts";

const HEX32 = /^[0-9a-f]{32}$/;
const HEX16 = /^[0-9a-f]{16}$/;
const UINT64 = /^(0|[1-9][0-9]{0,19})$/;

/** Problems of a value as an OTLP/JSON ExportTraceServiceRequest; empty when it is one. */
function otlpProblems(doc: unknown): string[] {
  const p: string[] = [];
  const isObj = (v: unknown): v is Record<string, unknown> =>
    v !== null && typeof v === "object" && !Array.isArray(v);
  const checkAttrs = (where: string, attrs: unknown) => {
    if (attrs === undefined) return;
    if (!Array.isArray(attrs)) return void p.push(`${where}.attributes is not an array`);
    const seen = new Set<string>();
    for (const a of attrs) {
      if (!isObj(a) || typeof a.key !== "string" || a.key === "") {
        p.push(`${where}: attribute without a key`);
        continue;
      }
      if (seen.has(a.key)) p.push(`${where}: attribute ${a.key} twice`);
      seen.add(a.key);
      const v = a.value;
      if (!isObj(v) || Object.keys(v).length !== 1) {
        p.push(`${where}: ${a.key} value must have exactly one field`);
        continue;
      }
      const [kind, x] = Object.entries(v)[0];
      const ok = kind === "stringValue"
        ? typeof x === "string"
        : kind === "boolValue"
        ? typeof x === "boolean"
        : kind === "intValue"
        ? (typeof x === "string" && /^-?\d+$/.test(x)) || Number.isSafeInteger(x)
        : kind === "doubleValue"
        ? typeof x === "number"
        : false;
      if (!ok) p.push(`${where}: ${a.key} has a bad ${kind}`);
    }
  };
  if (!isObj(doc) || !Array.isArray(doc.resourceSpans)) return ["no resourceSpans array"];
  for (const [ri, rs] of doc.resourceSpans.entries()) {
    if (!isObj(rs)) {
      p.push(`resourceSpans[${ri}] is not an object`);
      continue;
    }
    if (rs.resource !== undefined) {
      if (!isObj(rs.resource)) p.push(`resourceSpans[${ri}].resource is not an object`);
      else checkAttrs(`resource ${ri}`, rs.resource.attributes);
    }
    if (!Array.isArray(rs.scopeSpans)) {
      p.push(`resourceSpans[${ri}].scopeSpans is not an array`);
      continue;
    }
    for (const ss of rs.scopeSpans) {
      if (!isObj(ss) || !Array.isArray(ss.spans)) {
        p.push("scopeSpans without spans");
        continue;
      }
      if (ss.scope !== undefined && (!isObj(ss.scope) || typeof ss.scope.name !== "string")) {
        p.push("scope without a name");
      }
      const ids = new Map<string, Record<string, unknown>>();
      for (const s of ss.spans) {
        if (!isObj(s)) {
          p.push("a span is not an object");
          continue;
        }
        const w = `span ${String(s.name)}`;
        if (typeof s.traceId !== "string" || !HEX32.test(s.traceId) || /^0+$/.test(s.traceId)) {
          p.push(`${w}: traceId must be 32 lowercase hex digits, not all zero`);
        }
        if (typeof s.spanId !== "string" || !HEX16.test(s.spanId) || /^0+$/.test(s.spanId)) {
          p.push(`${w}: spanId must be 16 lowercase hex digits, not all zero`);
        }
        if (ids.has(`${s.traceId}/${s.spanId}`)) p.push(`${w}: spanId used twice`);
        ids.set(`${s.traceId}/${s.spanId}`, s);
        if (
          s.parentSpanId !== undefined && s.parentSpanId !== "" &&
          (typeof s.parentSpanId !== "string" || !HEX16.test(s.parentSpanId))
        ) p.push(`${w}: parentSpanId must be 16 hex digits`);
        if (typeof s.name !== "string" || s.name === "") p.push(`${w}: no name`);
        if (!Number.isInteger(s.kind) || (s.kind as number) < 0 || (s.kind as number) > 5) {
          p.push(`${w}: kind must be an integer enum 0..5`);
        }
        for (const t of ["startTimeUnixNano", "endTimeUnixNano"]) {
          if (typeof s[t] !== "string" || !UINT64.test(s[t] as string)) {
            p.push(`${w}: ${t} must be a decimal string`);
          }
        }
        if (
          typeof s.startTimeUnixNano === "string" && typeof s.endTimeUnixNano === "string" &&
          BigInt(s.endTimeUnixNano) < BigInt(s.startTimeUnixNano)
        ) p.push(`${w}: ends before it starts`);
        checkAttrs(w, s.attributes);
        if (s.events !== undefined) {
          if (!Array.isArray(s.events)) p.push(`${w}: events is not an array`);
          else {
            for (const e of s.events) {
              if (!isObj(e) || typeof e.name !== "string") p.push(`${w}: event without a name`);
              else {
                if (typeof e.timeUnixNano !== "string" || !UINT64.test(e.timeUnixNano)) {
                  p.push(`${w}: event ${e.name} timeUnixNano must be a decimal string`);
                }
                checkAttrs(`${w} event ${e.name}`, e.attributes);
              }
            }
          }
        }
        if (s.status !== undefined) {
          if (!isObj(s.status) || ![0, 1, 2].includes(s.status.code as number)) {
            p.push(`${w}: status.code must be 0, 1 or 2`);
          } else if (s.status.message !== undefined && typeof s.status.message !== "string") {
            p.push(`${w}: status.message must be a string`);
          }
        }
      }
      // Parents exist in the same trace; exactly one root per trace.
      const roots = new Map<string, number>();
      for (const s of ids.values()) {
        if (!s.parentSpanId) {
          roots.set(s.traceId as string, (roots.get(s.traceId as string) ?? 0) + 1);
        } else if (!ids.has(`${s.traceId}/${s.parentSpanId}`)) {
          p.push(`span ${String(s.name)}: parent ${s.parentSpanId} is not in the trace`);
        }
      }
      for (const [trace, n] of roots) if (n !== 1) p.push(`trace ${trace} has ${n} roots`);
    }
  }
  return p;
}

Deno.test("the validator catches broken documents", () => {
  assertEquals(otlpProblems({}), ["no resourceSpans array"]);
  const span = {
    traceId: "0".repeat(32),
    spanId: "abc",
    name: "x",
    kind: 1,
    startTimeUnixNano: 5,
    endTimeUnixNano: "4",
    attributes: [{ key: "n", value: { intValue: 1.5 } }],
    status: { code: 7 },
  };
  const p = otlpProblems({ resourceSpans: [{ scopeSpans: [{ spans: [span] }] }] });
  assertEquals(p.length, 5, p.join("\n"));
});

async function releases(): Promise<{ dir: string; state: StateDir } & AsyncDisposable> {
  const dir = await Deno.makeTempDir({ prefix: "taskline-otlp-" });
  await copyTree(`${REPO}/fixtures/projects/releases`, dir);
  return {
    dir,
    state: new StateDir(`${dir}/.taskline`),
    [Symbol.asyncDispose]: () => Deno.remove(dir, { recursive: true }).catch(() => {}),
  };
}

Deno.test("every fixture run exports as valid OTLP/JSON: run root, phases, sessions, calls", async () => {
  await using p = await releases();
  const tasks = await listTasks(p.state);
  for (const task of tasks) {
    const doc = await buildOtlpTrace(p.state, task, { all: true });
    assertEquals(otlpProblems(doc), [], `#${task.number}`);
    const spans = doc.resourceSpans[0].scopeSpans[0].spans;
    const roots = spans.filter((s) => !s.parentSpanId);
    assert(roots.length >= 1 && roots.every((r) => r.name === `run #${task.number}`));
    const byId = new Map(spans.map((s) => [s.spanId, s]));
    for (const s of spans.filter((s) => s.name.startsWith("phase "))) {
      assert(!byId.get(s.parentSpanId!)!.parentSpanId, `${s.name} is a child of the run`);
    }
    for (const s of spans.filter((s) => s.name.startsWith("tool "))) {
      const attrs = new Map(s.attributes.map((a) => [a.key, a.value]));
      assert(attrs.has("gen_ai.tool.name") && attrs.has("taskline.tool.result"), s.name);
    }
  }
  // The approval task: a resumed run is one trace with a "resumed" event on its root.
  const doc = await buildOtlpTrace(p.state, resolveRef("5", tasks));
  const spans = doc.resourceSpans[0].scopeSpans[0].spans;
  const root = spans.find((s) => !s.parentSpanId)!;
  assertEquals(root.traceId, "9e3d1b5f7a2c4d8eb0f61c3e5a7d9b06");
  assertEquals(root.status.code, 1);
  const events = root.events.map((e) => e.name);
  for (
    const e of [
      "approval_requested",
      "paused",
      "approval_resolved",
      "resumed",
      "committed",
      "merged",
    ]
  ) {
    assert(events.includes(e), `${e} in ${events.join(", ")}`);
  }
  const tool = spans.find((s) => s.name === "tool edit_file")!;
  const session = spans.find((s) => s.spanId === tool.parentSpanId) as OtlpSpan;
  assertEquals(session.name, "agent coder");
  assertEquals(spans.find((s) => s.spanId === session.parentSpanId)!.name, "phase build");
  assertEquals(
    root.startTimeUnixNano,
    String(BigInt(Date.parse("2026-10-09T10:20:02Z")) * 1_000_000n + 270_000n),
  );
});

Deno.test("taskline trace --format otlp prints the document; a call that never returned is an error span", async () => {
  await using p = await releases();
  const log = p.state.logPath("007-audit-error-messages");
  const lines = (await Deno.readTextFile(log)).split("\n").filter((l) =>
    !l.includes('"tool_returned"') || !l.includes("f01e2d3c4b5a")
  );
  await Deno.writeTextFile(log, lines.join("\n"));
  const r = await runCli(["trace", "7", "--format", "otlp"], { cwd: p.dir });
  assertEquals(r.code, 0, r.stderr);
  const doc = JSON.parse(r.stdout);
  assertEquals(otlpProblems(doc), []);
  const spans = doc.resourceSpans[0].scopeSpans[0].spans as OtlpSpan[];
  const list = spans.find((s) => s.name === "tool list_dir")!;
  assertEquals(list.status, { code: 2, message: "no result" });
  const bad = await runCli(["trace", "7", "--format", "otlp", "--tool", "grep"], { cwd: p.dir });
  assertEquals(bad.code, 2);
});
