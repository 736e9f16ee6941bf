/**
 * The OpenAPI 3.1 document of the server, made from the routes' own data
 * (route.ts): their paths, parameters, bodies and answers. What only the
 * document holds is here: the shared schemas and problem answers, and the
 * answers of the pipeline every route goes through (401, 403, 405, and 413
 * and 415 for a write).
 *
 * @module
 */
import { isWrite, type Json, needsToken, type Param, type PathParam, type Route } from "./route.ts";
import { QUERY_TOKEN } from "./params.ts";

const problemResponse = {
  description: "A problem (RFC 9457)",
  content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
};

const resp = (name: string) => ({ $ref: `#/components/responses/${name}` });

/** The status of each of the document's problem answers that a parameter may give. */
const STATUS_OF: Record<string, string> = { NotFound: "404" };

/** The status of a problem answer of `components.responses`. */
function statusOf(name: string): string {
  const status = STATUS_OF[name];
  if (status === undefined) throw new Error(`no status for the answer ${name}`);
  return status;
}

/** How the document describes a parameter. */
function describe(p: Param<unknown> | PathParam<unknown>): Json {
  if (!("in" in p)) {
    return {
      name: p.name,
      in: "path",
      required: true,
      description: p.description,
      schema: p.schema,
    };
  }
  return {
    name: p.name,
    in: p.in,
    description: p.description,
    schema: p.schema,
    ...(p.repeatable ? { style: "form", explode: true } : {}),
  };
}

/** A route's parameters as the document lists them: the path's, the others, the token. */
function paramsOf(r: Route): (Param<unknown> | PathParam<unknown>)[] {
  return [
    ...Object.values(r.pathParams ?? {}),
    ...Object.values(r.params ?? {}),
    ...(r.queryToken ? [QUERY_TOKEN] : []),
  ];
}

/**
 * The OpenAPI 3.1 document of `routes`.
 *
 * @example
 * ```ts
 * const doc = openApiDocument("0.5.0", ROUTES);
 * Object.keys(doc.paths); // ["/", "/api/health", ...]
 * ```
 */
export function openApiDocument(
  version: string,
  routes: readonly Route[],
): Json & { paths: Record<string, Json> } {
  const paths: Record<string, Json> = {};
  /** Shared parameters, described once: the first route that has one describes it. */
  const shared: Record<string, Json> = {};
  for (const r of routes) {
    const params = paramsOf(r);
    const responses: Json = { ...r.responses };
    if (needsToken(r)) responses["401"] = resp("Unauthorized");
    responses["403"] = resp("Forbidden");
    // A route that reads anything refuses a wrong value, and every route but the page an
    // unknown query parameter.
    if (!r.anyQuery || params.length > 0 || r.body !== undefined) {
      responses["400"] = resp("BadRequest");
    }
    for (const p of params) {
      for (const name of p.answers ?? []) responses[statusOf(name)] = resp(name);
    }
    responses["405"] = resp("MethodNotAllowed");
    if (isWrite(r)) {
      responses["413"] = resp("TooLarge");
      responses["415"] = resp("UnsupportedMediaType");
    }
    const parameters = params.map((p) => {
      const doc = describe(p);
      if (p.component === undefined) return doc;
      const before = shared[p.component];
      // Two descriptions of one shared parameter would make the document lie about one route.
      if (before !== undefined && JSON.stringify(before) !== JSON.stringify(doc)) {
        throw new Error(`${r.name}: parameter ${p.component} is described otherwise elsewhere`);
      }
      shared[p.component] = doc;
      return { $ref: `#/components/parameters/${p.component}` };
    });
    const op: Json = { operationId: r.name, summary: r.summary, parameters, responses };
    if (r.body) {
      op.requestBody = {
        required: r.body.required,
        content: { "application/json": { schema: r.body.schema } },
      };
    }
    if (!needsToken(r)) op.security = [];
    // A write takes the token from the header only.
    else if (isWrite(r)) op.security = [{ bearer: [] }];
    paths[r.path] = { ...paths[r.path], [r.method.toLowerCase()]: op };
  }
  const problem = problemResponse;
  return {
    openapi: "3.1.0",
    info: {
      title: "taskline serve",
      version,
      description:
        "The local server of taskline. Every /api/ route needs `Authorization: Bearer <token>`; the two stream routes also take `?token=`, the write routes (POST) never. A write needs `Content-Type: application/json` and a body of at most 64 KiB.",
    },
    servers: [{ url: "http://127.0.0.1:7777" }],
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer" },
        queryToken: { type: "apiKey", in: "query", name: "token" },
      },
      parameters: shared,
      responses: {
        BadRequest: { ...problem, description: "A bad parameter, or an ambiguous task reference" },
        Unauthorized: { ...problem, description: "Missing or wrong token" },
        Forbidden: { ...problem, description: "Host or Origin is not this server's" },
        NotFound: { ...problem, description: "No such task, call or output" },
        MethodNotAllowed: {
          ...problem,
          description: "Not a method of this path (header Allow names those that are)",
        },
        TooLarge: { ...problem, description: "The body is larger than 64 KiB" },
        UnsupportedMediaType: {
          ...problem,
          description: "A write needs `Content-Type: application/json`",
        },
        BadLogFile: {
          ...problem,
          description:
            "The task's events.jsonl is not a regular file inside .taskline/ (a FIFO, a socket, a device, a directory, a link leading out or to nothing): code bad-log-file",
        },
      },
      schemas: {
        Problem: {
          type: "object",
          required: ["type", "title", "status", "detail", "instance", "error"],
          properties: {
            type: { type: "string" },
            title: { type: "string" },
            status: { type: "integer" },
            detail: { type: "string" },
            instance: { type: "string" },
            error: { type: "string" },
            code: { type: "string" },
          },
        },
        Envelope: {
          type: "object",
          required: ["schema", "at", "event"],
          properties: {
            schema: { type: "integer" },
            seq: { type: "integer", minimum: 1 },
            at: { type: "string" },
            event: {
              type: "object",
              required: ["type"],
              properties: { type: { type: "string" } },
            },
          },
        },
        TaggedEnvelope: {
          allOf: [{ $ref: "#/components/schemas/Envelope" }, {
            type: "object",
            required: ["task", "number"],
            properties: { task: { type: "string" }, number: { type: "integer" } },
          }],
        },
        TaskRow: {
          type: "object",
          required: ["task", "number", "dir", "running", "run"],
          properties: {
            task: { type: "object" },
            number: { type: "integer" },
            dir: { type: "string" },
            running: { type: "boolean" },
            run: {
              type: ["object", "null"],
              required: ["id", "status", "current_phase", "pending_approval"],
              properties: {
                id: { type: "string" },
                started_at: { type: "string" },
                current_phase: {
                  type: ["string", "null"],
                  description:
                    "the phase the run is in, or was in last (its last phase_started); null before its first phase",
                },
                status: {
                  type: ["string", "null"],
                  description:
                    "running while a process runs the task; else the status of the run's last run_finished (done, paused, cancelled, failed...)",
                },
                pending_approval: {
                  type: ["string", "null"],
                  enum: ["spec", "plan", "merge", null],
                },
                active_ms: { type: "number" },
                usage: { type: "object" },
              },
            },
          },
        },
        TaskRef: {
          type: "object",
          required: ["id", "number", "dir"],
          properties: {
            id: { type: "string" },
            number: { type: "integer" },
            dir: { type: "string" },
          },
        },
        Decision: {
          type: "object",
          required: ["task", "run", "gate", "approved", "comment", "seq"],
          properties: {
            task: { $ref: "#/components/schemas/TaskRef" },
            run: { type: "string" },
            gate: { type: "string", enum: ["spec", "plan", "merge"] },
            approved: { type: "boolean" },
            comment: { type: ["string", "null"] },
            seq: { type: "integer", description: "The seq of approval_resolved" },
          },
        },
      },
    },
  };
}
