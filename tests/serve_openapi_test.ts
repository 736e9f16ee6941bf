/**
 * The OpenAPI document of a real `taskline serve` held against what the
 * server does: every route it describes is called with every parameter and
 * body member it declares, with values its schema allows and values it does
 * not, and with parameters and members it does not declare. An answer the
 * document does not list, a 5xx, a value the schema forbids that the server
 * accepts, or an undeclared parameter it accepts, fails the test.
 *
 * @module
 */
import { Ajv2020 as Ajv } from "ajv/dist/2020.js";
import { assert, assertEquals } from "./assert.ts";
import { ranProject, type Server, startServer } from "./serve_util.ts";
import { waitUntil } from "./helpers.ts";

const sanitize = { sanitizeOps: false, sanitizeResources: false };

type Json = Record<string, unknown>;
type Schema = Json & { type?: string | string[]; pattern?: string; minimum?: number };
interface Parameter {
  name: string;
  in: "query" | "header" | "path";
  schema: Schema;
}
interface Operation {
  operationId: string;
  parameters: Array<Parameter | { $ref: string }>;
  responses: Record<string, unknown>;
  requestBody?: { content: { "application/json": { schema: Schema & { properties: Json } } } };
}
interface Doc {
  paths: Record<string, Record<string, Operation>>;
  components: { parameters: Record<string, Parameter> };
}

/** One answer, its body read (a stream's is cancelled: its status and head are what count). */
interface Answer {
  status: number;
  text: string;
}

const ajv = new Ajv({ strict: false });

/** What a query or header value means to its schema: a number, a boolean, a list. */
function asSchemaValue(text: string, schema: Schema): unknown {
  if (schema.type === "integer") return /^-?\d+$/.test(text) ? Number(text) : text;
  if (schema.type === "boolean") return text === "true" ? true : text === "false" ? false : text;
  if (schema.type === "array") return text.split(",");
  return text;
}

/** Whether the document allows a value (JSON, or text as its parameter reads it). */
function allowed(schema: Schema, value: unknown): boolean {
  return ajv.validate(schema, value) as boolean;
}

/** Values of text for a parameter, from its schema: some it allows, some it does not. */
function fromSchema(schema: Schema): string[] | null {
  const items = schema.items as Schema | undefined;
  if (schema.type === "integer") {
    const min = schema.minimum ?? 0;
    const max = schema.maximum as number | undefined;
    return [
      String(min),
      String(min + 1),
      String(min - 1),
      "x",
      "1.5",
      ...(max !== undefined ? [String(max), String(max + 1)] : []),
    ];
  }
  if (schema.type === "boolean") return ["true", "false", "maybe"];
  if (schema.type === "array" && Array.isArray(items?.enum)) {
    const e = items.enum as string[];
    return [e[0], `${e[0]},${e[1]}`, "no_such_value", ""];
  }
  return null;
}

/** Wrong JSON values for a body member: one of each type the schema does not allow. */
function wrongTypes(schema: Schema): unknown[] {
  return [true, 5, "x", {}, [], 1.5].filter((v) => !allowed({ type: schema.type }, v));
}

/** A project with a finished run whose later runs stop at the spec gate (approve and reject answer). */
async function project() {
  const p = await ranProject();
  await Deno.writeTextFile(
    p.state.configPath,
    JSON.stringify({ pipeline: { approvals: ["spec"] } }),
  );
  return p;
}

/** A request of the test. */
interface Probe {
  method: string;
  target: string;
  headers?: Record<string, string>;
  /** A JSON body. */
  body?: string;
}

/** Calls the server, with the token unless a `token` query is given instead. */
async function call(s: Server, probe: Probe): Promise<Answer> {
  const { method, target, body } = probe;
  const headers: Record<string, string> = { ...probe.headers };
  if (!/[?&]token=/.test(target)) headers.authorization = `Bearer ${s.token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(new URL(target, s.url), { method, headers, body });
  if ((res.headers.get("content-type") ?? "").startsWith("text/event-stream")) {
    await res.body?.cancel();
    return { status: res.status, text: "" };
  }
  return { status: res.status, text: await res.text() };
}

const SUCCESS = new Set([200, 201, 202, 204, 304]);
const REFUSED = new Set([400, 404, 409]);

Deno.test(
  "every route of the OpenAPI document, with every parameter it declares, answers as documented",
  sanitize,
  async () => {
    await using p = await project();
    await using s = await startServer(p.dir);
    const doc = await s.json("/api/openapi.json") as Doc;
    const trace = await s.json("/api/tasks/1/trace") as {
      run: string;
      calls: Array<{ call: string; output_file: string | null }>;
    };
    const kept = trace.calls.find((c) => c.output_file !== null)!.call;
    const run = trace.run.slice(0, 8);

    // Free text: the schema cannot tell what is wrong, so the test names values that may be
    // taken (`ok`) and values that must be refused on every route (`bad`).
    const FREE_TEXT: Record<string, { ok: string[]; bad: string[] }> = {
      // "": the route's own task (task 1, or a write's task in the state it needs).
      ref: { ok: ["", "abcd1111", "#1"], bad: ["999", "abcd"] },
      call: { ok: [kept, "0123456789ab"], bad: ["XYZ", "0123456789abc"] },
      after: { ok: ["0-0-0", "1790574772197209000-1-1"], bad: ["x", "1-2"] },
      since: { ok: ["1h", "2020-01-01T00:00:00Z"], bad: ["last-week", ""] },
      run: { ok: [run], bad: ["zzzz", "ffffffff"] },
      tool: { ok: ["bash", "no_such_tool"], bad: [] },
      subtask: { ok: ["s", ""], bad: [] },
      task: { ok: ["1", "1,abcd1111"], bad: ["999", "abcd", ""] },
      "Last-Event-ID": { ok: ["1", "0-0-0", " "], bad: ["x"] },
      token: { ok: [s.token], bad: ["0".repeat(s.token.length)] },
    };
    const resolve = (p: Parameter | { $ref: string }): Parameter =>
      "$ref" in p ? doc.components.parameters[p.$ref.split("/").pop()!] : p;

    /** A task a write route succeeds on: one of its own, in the state the route needs. */
    const target: Record<string, () => Promise<string>> = {
      createTask: () => Promise.resolve(""),
      runTask: () => newTask(),
      cancelTask: async () => {
        const n = await newTask();
        // Slow enough to be running when it is cancelled.
        const r = await call(s, {
          method: "POST",
          target: `/api/tasks/${n}/run`,
          body: '{"speed":0.01}',
        });
        assertEquals(r.status, 202, r.text);
        return n;
      },
      approveTask: () => pausedTask(),
      rejectTask: () => pausedTask(),
    };
    let created = 0;
    async function newTask(): Promise<string> {
      const r = await call(s, {
        method: "POST",
        target: "/api/tasks",
        body: `{"title":"t${created++}"}`,
      });
      assertEquals(r.status, 201, r.text);
      return String(JSON.parse(r.text).number);
    }
    async function pausedTask(): Promise<string> {
      const n = await newTask();
      const r = await call(s, {
        method: "POST",
        target: `/api/tasks/${n}/run`,
        body: '{"speed":200}',
      });
      assertEquals(r.status, 202, r.text);
      await waitUntil(async () => {
        const row = JSON.parse((await call(s, { method: "GET", target: `/api/tasks/${n}` })).text);
        return row.run?.pending_approval === "spec" && row.running === false;
      }, `task ${n} at its gate`);
      return n;
    }

    const problems: string[] = [];
    let calls = 0;
    /**
     * Calls and checks one request of `op` (`refused`: the document forbids what it sends);
     * returns its status.
     */
    async function check(op: Operation, probe: Probe & { refused?: boolean }): Promise<number> {
      calls++;
      const a = await call(s, probe);
      const what = `${op.operationId}: ${probe.method} ${probe.target} ${
        JSON.stringify(probe.headers ?? {})
      } ${probe.body ?? ""} -> ${a.status} ${a.text.slice(0, 200)}`;
      if (!(String(a.status) in op.responses)) problems.push(`not documented: ${what}`);
      if (!SUCCESS.has(a.status) && !REFUSED.has(a.status) && a.status !== 401) {
        problems.push(`neither a success nor a refusal: ${what}`);
      }
      if (probe.refused && !REFUSED.has(a.status) && a.status !== 401) {
        problems.push(`accepted: ${what}`);
      }
      return a.status;
    }

    const known = new Set<string>();
    for (const item of Object.values(doc.paths)) {
      for (const op of Object.values(item)) {
        for (const p of op.parameters.map(resolve)) if (p.in === "query") known.add(p.name);
      }
    }
    for (const [template, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const params = op.parameters.map(resolve);
        const write = method === "post";
        const fill = async (values: Record<string, string> = {}) => {
          const ref = values.ref || (write ? await target[op.operationId]() : "1");
          return template.replace("{ref}", encodeURIComponent(ref))
            .replace("{call}", encodeURIComponent(values.call ?? kept));
        };
        const body = op.requestBody?.content["application/json"].schema;
        const minimal = (): Json =>
          Object.fromEntries(((body?.required ?? []) as string[]).map((k) => [k, "x"]));
        const send = (extra: Json = {}) => JSON.stringify({ ...minimal(), ...extra });
        const probe = (r: Omit<Probe, "method"> & { refused?: boolean }) =>
          check(op, { method, ...r });
        if (write && !(op.operationId in target)) {
          problems.push(`${op.operationId}: the test does not know what task it needs`);
          continue;
        }

        // As it is: no optional parameter, the least body.
        const plain = await probe({ target: await fill(), body: write ? send() : undefined });
        if (!SUCCESS.has(plain)) problems.push(`${op.operationId} fails as it is: ${plain}`);

        // Each parameter with each of its values.
        for (const param of params) {
          const free = FREE_TEXT[param.name];
          const values = fromSchema(param.schema) ?? (free && [...free.ok, ...free.bad]);
          if (values === undefined) {
            problems.push(`${op.operationId}: the test knows no values for ${param.name}`);
            continue;
          }
          let succeeded = false;
          let refused = false;
          let forbade = false;
          for (const v of values) {
            const forbidden = !allowed(param.schema, asSchemaValue(v, param.schema)) ||
              (free?.bad.includes(v) ?? false);
            forbade ||= forbidden;
            let target: string;
            let headers: Record<string, string> = {};
            if (param.in === "path") target = await fill({ [param.name]: v });
            else if (param.in === "header") {
              target = await fill();
              headers = { [param.name]: v };
            } else target = `${await fill()}?${param.name}=${encodeURIComponent(v)}`;
            const status = await probe({
              target,
              headers,
              body: write ? send() : undefined,
              refused: forbidden,
            });
            succeeded ||= SUCCESS.has(status);
            refused ||= REFUSED.has(status) || status === 401;
          }
          if (!succeeded) problems.push(`${op.operationId}: no value of ${param.name} succeeded`);
          if (forbade && !refused) {
            problems.push(`${op.operationId}: no value of ${param.name} was refused`);
          }
        }

        // Each body member: a value its schema allows, and values of every type it does not.
        for (const [name, schema] of Object.entries(body?.properties ?? {}) as [string, Schema][]) {
          const good = "default" in schema
            ? schema.default
            : name === "scenario"
            ? "builtin"
            : allowed(schema, 60)
            ? 60
            : "x";
          await probe({ target: await fill(), body: send({ [name]: good }) });
          for (const bad of wrongTypes(schema)) {
            await probe({
              target: await fill({ ref: "1" }),
              body: send({ [name]: bad }),
              refused: true,
            });
          }
        }
        for (const name of (body?.required ?? []) as string[]) {
          const without = minimal();
          delete without[name];
          await probe({
            target: await fill({ ref: "1" }),
            body: JSON.stringify(without),
            refused: true,
          });
        }

        // What the document does not declare is refused: a parameter, a body member.
        // (The web page's address may carry any query; `token` is the token check's.)
        if (!template.startsWith("/api/")) continue;
        const takes = new Set(params.filter((p) => p.in === "query").map((p) => p.name));
        for (const name of ["colour", ...known].filter((n) => !takes.has(n) && n !== "token")) {
          await probe({
            target: `${await fill({ ref: "1" })}?${name}=1`,
            body: write ? send() : undefined,
            refused: true,
          });
        }
        if (write) {
          await probe({
            target: await fill({ ref: "1" }),
            body: send({ colour: "red" }),
            refused: true,
          });
        }
      }
    }
    assertEquals(problems, []);
    // Every route and parameter was reached (a document read wrong would check nothing).
    assert(Object.keys(doc.paths).length >= 17, `${Object.keys(doc.paths).length} paths`);
    assert(calls > 300, `only ${calls} calls`);
  },
);
