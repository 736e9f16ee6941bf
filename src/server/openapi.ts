/**
 * The OpenAPI 3.1 document of the server, built from the route table so that
 * every route served is described.
 *
 * @module
 */
import { EVENT_TYPES } from "../contract/events.ts";
import { type RouteName, ROUTES } from "./routes.ts";

type Json = Record<string, unknown>;

const problemResponse = {
  description: "A problem (RFC 9457)",
  content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
};

const ref = (name: string) => ({ $ref: `#/components/parameters/${name}` });
const resp = (name: string) => ({ $ref: `#/components/responses/${name}` });

const PARAMS: Record<RouteName, Json[]> = {
  web: [],
  health: [],
  openapi: [],
  tasks: [],
  task: [ref("ref")],
  taskEvents: [
    ref("ref"),
    {
      name: "after",
      in: "query",
      description: "Only events with a seq above this",
      schema: { type: "integer", minimum: 0 },
    },
    {
      name: "run",
      in: "query",
      description: "A run id or prefix instead of the current run",
      schema: { type: "string" },
    },
    {
      name: "all",
      in: "query",
      description: "Every run of the task (not with after or run)",
      schema: { type: "boolean" },
    },
  ],
  taskStream: [
    ref("ref"),
    {
      name: "after",
      in: "query",
      description: "Start after this seq (Last-Event-ID wins)",
      schema: { type: "integer", minimum: 0 },
    },
    ref("lastEventId"),
    ref("token"),
  ],
  taskTrace: [
    ref("ref"),
    {
      name: "run",
      in: "query",
      description: "A run id or prefix instead of the current run",
      schema: { type: "string" },
    },
    {
      name: "all",
      in: "query",
      description: "Every run of the task (not with run)",
      schema: { type: "boolean" },
    },
    {
      name: "tool",
      in: "query",
      description: "Only calls of this tool",
      schema: { type: "string" },
    },
    {
      name: "subtask",
      in: "query",
      description: "Only calls whose subtask starts with this prefix",
      schema: { type: "string" },
    },
  ],
  traceOutput: [ref("ref"), {
    name: "call",
    in: "path",
    required: true,
    description: "The call id: 12 hexadecimal digits",
    schema: { type: "string", pattern: "^[0-9a-f]{12}$" },
  }],
  events: [
    ref("after"),
    ref("since"),
    ref("type"),
    ref("task"),
    {
      name: "limit",
      in: "query",
      description: "How many of the last matching events (default 500)",
      schema: { type: "integer", minimum: 1, maximum: 10000, default: 500 },
    },
  ],
  stream: [ref("after"), ref("since"), ref("type"), ref("task"), ref("lastEventId"), ref("token")],
  history: [{
    name: "all",
    in: "query",
    description: "Every task, not only ready and done ones",
    schema: { type: "boolean" },
  }],
  taskHistory: [ref("ref")],
  createTask: [],
  runTask: [ref("ref")],
  cancelTask: [ref("ref")],
  approveTask: [ref("ref")],
  rejectTask: [ref("ref")],
};

const jsonBody = (schema: Json, required: boolean) => ({
  required,
  content: { "application/json": { schema } },
});

/** The request bodies of the write routes. */
const BODIES: Partial<Record<RouteName, Json>> = {
  createTask: jsonBody({
    type: "object",
    required: ["title"],
    additionalProperties: false,
    properties: {
      title: { type: "string", minLength: 1, maxLength: 1000 },
      description: { type: "string" },
    },
  }, true),
  runTask: jsonBody({
    type: "object",
    additionalProperties: false,
    properties: {
      resume: {
        type: "boolean",
        default: false,
        description: "Continue the task's current run (same run, seq continues)",
      },
      restart: {
        type: "boolean",
        default: false,
        description: "Start a new run even though the current one is paused",
      },
      max_tokens: {
        type: ["integer", "string"],
        description: "Token budget of the run for this invocation (default pipeline.max_tokens)",
      },
      max_duration: {
        type: ["number", "string"],
        description:
          "Active-time budget for this invocation: seconds, or 90s, 15m, 1h30m (default pipeline.max_duration_secs)",
      },
      scenario: {
        type: "string",
        description:
          'The scenario of a new run: "builtin" (default), NAME (.taskline/scenarios/NAME.jsonc) or a file inside .taskline/',
      },
      speed: {
        type: "number",
        exclusiveMinimum: 0,
        default: 1,
        description: "Play the scenario's timings this many times faster",
      },
    },
  }, false),
  cancelTask: jsonBody({ type: "object", additionalProperties: false, properties: {} }, false),
  approveTask: jsonBody({
    type: "object",
    additionalProperties: false,
    properties: { comment: { type: ["string", "null"] } },
  }, false),
  rejectTask: jsonBody({
    type: "object",
    required: ["reason"],
    additionalProperties: false,
    properties: { reason: { type: "string", minLength: 1 } },
  }, true),
};

const decision = {
  description: "approval_resolved was logged in the paused run",
  content: {
    "application/json": { schema: { $ref: "#/components/schemas/Decision" } },
  },
};

const OK: Record<RouteName, Json> = {
  web: { description: "The web UI", content: { "text/html": { schema: { type: "string" } } } },
  health: {
    description: "The server is up",
    content: {
      "application/json": {
        schema: {
          type: "object",
          required: ["ok", "version"],
          properties: { ok: { type: "boolean" }, version: { type: "string" } },
        },
      },
    },
  },
  openapi: {
    description: "This document",
    content: { "application/json": { schema: { type: "object" } } },
  },
  tasks: {
    description: "Every task, by number",
    content: {
      "application/json": {
        schema: { type: "array", items: { $ref: "#/components/schemas/TaskRow" } },
      },
    },
  },
  task: {
    description: "The task",
    content: { "application/json": { schema: { $ref: "#/components/schemas/TaskRow" } } },
  },
  taskEvents: {
    description: "Envelopes ordered by seq (the 0.4 shape)",
    content: {
      "application/json": {
        schema: { type: "array", items: { $ref: "#/components/schemas/Envelope" } },
      },
    },
  },
  taskStream: {
    description: "Server-Sent Events: `id: <seq>`, `event: <type>`, `data: <envelope>`",
    content: { "text/event-stream": { schema: { type: "string" } } },
  },
  taskTrace: {
    description: "The RunTrace document",
    content: { "application/json": { schema: { type: "object" } } },
  },
  traceOutput: {
    description: "The complete kept output",
    content: { "text/plain": { schema: { type: "string" } } },
  },
  events: {
    description: "Tagged envelopes, oldest first",
    headers: {
      "X-Taskline-Cursor": {
        description: "The cursor of the last event read before filtering; resume after it",
        schema: { type: "string" },
      },
    },
    content: {
      "application/json": {
        schema: { type: "array", items: { $ref: "#/components/schemas/TaggedEnvelope" } },
      },
    },
  },
  stream: {
    description:
      "Server-Sent Events: `id: <cursor>`, `event: <type>`, `data: <tagged envelope>`; ephemeral events have no id",
    content: { "text/event-stream": { schema: { type: "string" } } },
  },
  history: {
    description: "TaskHistory documents",
    content: { "application/json": { schema: { type: "array", items: { type: "object" } } } },
  },
  taskHistory: {
    description: "The TaskHistory document",
    content: { "application/json": { schema: { type: "object" } } },
  },
  createTask: {
    description: "The task was created (status ready): its row",
    headers: {
      Location: { description: "The task's route", schema: { type: "string" } },
    },
    content: { "application/json": { schema: { $ref: "#/components/schemas/TaskRow" } } },
  },
  runTask: {
    description:
      "The run holds the task and has logged run_started; it goes on in the server's process",
    content: {
      "application/json": {
        schema: {
          type: "object",
          required: ["task", "run", "seq", "resume", "status"],
          properties: {
            task: { $ref: "#/components/schemas/TaskRef" },
            run: { type: "string" },
            seq: { type: "integer" },
            resume: { type: "boolean" },
            status: { const: "running" },
          },
        },
      },
    },
  },
  cancelTask: {
    description: "The process that runs the task was asked to stop (cancel.request)",
    content: {
      "application/json": {
        schema: {
          type: "object",
          required: ["task", "requested", "stopped"],
          properties: {
            task: { $ref: "#/components/schemas/TaskRef" },
            requested: { const: true },
            stopped: { type: "boolean" },
          },
        },
      },
    },
  },
  approveTask: decision,
  rejectTask: decision,
};

/** The success status of each write route (read routes answer 200). */
const WRITE_STATUS: Partial<Record<RouteName, string>> = {
  createTask: "201",
  runTask: "202",
  cancelTask: "202",
  approveTask: "200",
  rejectTask: "200",
};

/** What a 409 of a write route means. */
const CONFLICT: Partial<Record<RouteName, string>> = {
  runTask:
    "A process runs the task already, or its state does not allow it (paused: resume; waits for an approval; done: no resume)",
  cancelTask: "No process runs the task",
  approveTask: "No gate is pending, or a process runs the task",
  rejectTask: "No gate is pending, or a process runs the task",
};

/**
 * The OpenAPI 3.1 document of every route.
 *
 * @example
 * ```ts
 * const doc = openApiDocument("0.5.0");
 * Object.keys(doc.paths); // ["/", "/api/health", ...]
 * ```
 */
export function openApiDocument(version: string): Json & { paths: Record<string, Json> } {
  const paths: Record<string, Json> = {};
  for (const r of ROUTES) {
    const takesRef = r.path.includes("{ref}");
    const write = r.method === "POST";
    const responses: Json = { [WRITE_STATUS[r.name] ?? "200"]: OK[r.name] };
    if (r.auth) responses["401"] = resp("Unauthorized");
    responses["403"] = resp("Forbidden");
    const params = PARAMS[r.name];
    if (write || params.some((p) => p.in === "query" || "$ref" in p) || r.path.includes("{")) {
      responses["400"] = resp("BadRequest");
    }
    if (takesRef || r.name === "traceOutput") responses["404"] = resp("NotFound");
    if (r.name === "taskEvents" || r.name === "taskStream" || r.name === "taskTrace") {
      responses["409"] = resp("BadLogFile");
    }
    responses["405"] = resp("MethodNotAllowed");
    if (CONFLICT[r.name]) responses["409"] = { ...problemResponse, description: CONFLICT[r.name] };
    if (write) {
      responses["413"] = resp("TooLarge");
      responses["415"] = resp("UnsupportedMediaType");
    }
    const op: Json = {
      operationId: r.name,
      summary: r.summary,
      parameters: params,
      responses,
    };
    if (BODIES[r.name]) op.requestBody = BODIES[r.name];
    if (!r.auth) op.security = [];
    // A write takes the token from the header only.
    else if (write) op.security = [{ bearer: [] }];
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
      parameters: {
        ref: {
          name: "ref",
          in: "path",
          required: true,
          description:
            "A task reference: #N or digits, the directory name, the id or an id prefix of at least 4 hex digits",
          schema: { type: "string" },
        },
        after: {
          name: "after",
          in: "query",
          description: "Start strictly after this event cursor (`<ns>-<number>-<seq>`)",
          schema: { type: "string", pattern: "^\\d+-\\d+-\\d+$" },
        },
        since: {
          name: "since",
          in: "query",
          description: "Events at or after this time: RFC 3339, or an age such as 90s, 15m, 1h30m",
          schema: { type: "string" },
        },
        type: {
          name: "type",
          in: "query",
          description: "Only these event types (repeatable, comma-separated)",
          schema: { type: "array", items: { type: "string", enum: [...EVENT_TYPES] } },
          style: "form",
          explode: true,
        },
        task: {
          name: "task",
          in: "query",
          description: "Only these tasks (references; repeatable)",
          schema: { type: "array", items: { type: "string" } },
          style: "form",
          explode: true,
        },
        lastEventId: {
          name: "Last-Event-ID",
          in: "header",
          description: "Resume after this id (beats the query)",
          schema: { type: "string" },
        },
        token: {
          name: "token",
          in: "query",
          description: "The token, for EventSource clients that cannot send headers",
          schema: { type: "string" },
        },
      },
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
