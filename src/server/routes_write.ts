/**
 * The write routes: each does what the command of the same name does,
 * through the same function of src/engine/actions.ts, so the checks, the
 * errors and the events are the same. A write takes no query (the token is
 * read from the `Authorization` header only) and a JSON object as its body.
 *
 * @module
 */
import {
  approveTask,
  cancelJson,
  checkRunRequest,
  decisionJson,
  newTask,
  rejectTask,
  requestCancel,
  type RunOptionNames,
} from "../engine/actions.ts";
import { loadScenario } from "../engine/scenario_file.ts";
import { TasklineError } from "../errors.ts";
import { textMember } from "./body.ts";
import { TASK_REF } from "./params.ts";
import { defineRoute, type Json, json, type Route } from "./route.ts";
import { taskRow } from "./task_index.ts";

/** The names of the run route's body members, for error messages. */
const API_RUN_NAMES: RunOptionNames = {
  resume: "resume",
  restart: "restart",
  scenario: "scenario",
  speed: "speed",
  maxTokens: "max_tokens",
  maxDuration: "max_duration",
};

/** A problem answer of the document that only this route gives, described. */
const conflict = (description: string): Json => ({
  description,
  content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
});

/** A body's schema: an object of these members, no other. */
const members = (properties: Json, required?: string[]): Json & { properties: Json } => ({
  type: "object",
  ...(required ? { required } : {}),
  additionalProperties: false,
  properties,
});

/** The answer of approve and reject. */
const DECISION: Json = {
  description: "approval_resolved was logged in the paused run",
  content: { "application/json": { schema: { $ref: "#/components/schemas/Decision" } } },
};

/** Why approve and reject may be refused. */
const GATE_CONFLICT = "No gate is pending, or a process runs the task";

/** The write routes. */
export const WRITE_ROUTES: readonly Route[] = [
  defineRoute({
    name: "createTask",
    method: "POST",
    path: "/api/tasks",
    summary: "Creates a task (as `taskline task new`)",
    body: {
      required: true,
      schema: members({
        title: { type: "string", minLength: 1, maxLength: 1000 },
        description: { type: "string" },
      }, ["title"]),
      parse(body) {
        const title = textMember(body, "title");
        if (title === undefined) {
          throw new TasklineError("bad-request", 'Cannot create a task: the body needs a "title"');
        }
        return { title, description: textMember(body, "description") };
      },
    },
    responses: {
      201: {
        description: "The task was created (status ready): its row",
        headers: {
          Location: { description: "The task's route", schema: { type: "string" } },
        },
        content: { "application/json": { schema: { $ref: "#/components/schemas/TaskRow" } } },
      },
    },
    async handle({ body: { title, description } }, ctx) {
      const task = await newTask(ctx.state, {
        title,
        ...(description !== undefined ? { description } : {}),
      });
      return json(await taskRow(ctx.state, task), {
        status: 201,
        headers: { location: `/api/tasks/${task.number}` },
      });
    },
  }),
  defineRoute({
    name: "runTask",
    method: "POST",
    path: "/api/tasks/{ref}/run",
    summary: "Runs or resumes the task in the server's process (as `taskline run`)",
    pathParams: { ref: TASK_REF },
    body: {
      required: false,
      schema: members({
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
      }),
      parse: (body) =>
        checkRunRequest({
          resume: body.resume,
          restart: body.restart,
          scenario: body.scenario,
          speed: body.speed,
          maxTokens: body.max_tokens,
          maxDuration: body.max_duration,
        }, API_RUN_NAMES),
    },
    responses: {
      202: {
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
      409: conflict(
        "A process runs the task already, or its state does not allow it (paused: resume; waits for an approval; done: no resume)",
      ),
    },
    async handle({ body: plan, path: { ref: task } }, ctx) {
      const scenario = plan.scenario !== undefined
        ? await loadScenario(ctx.state, plan.scenario, { scenariosOnly: true })
        : undefined;
      const started = await ctx.runs.start(task, plan, scenario);
      return json({
        task: { id: task.id, number: task.number, dir: task.dir },
        run: started.run,
        seq: started.seq,
        resume: started.resume,
        status: "running",
      }, { status: 202 });
    },
  }),
  defineRoute({
    name: "cancelTask",
    method: "POST",
    path: "/api/tasks/{ref}/cancel",
    summary: "Stops the process that runs the task (as `taskline cancel --no-wait`)",
    pathParams: { ref: TASK_REF },
    body: {
      required: false,
      schema: members({}),
      parse: () => undefined,
    },
    responses: {
      202: {
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
      409: conflict("No process runs the task"),
    },
    async handle({ path: { ref: task } }, ctx) {
      await requestCancel(ctx.state, task);
      return json(cancelJson(task, false), { status: 202 });
    },
  }),
  defineRoute({
    name: "approveTask",
    method: "POST",
    path: "/api/tasks/{ref}/approve",
    summary: "Approves the gate the task's run waits for (as `taskline approve`)",
    pathParams: { ref: TASK_REF },
    body: {
      required: false,
      schema: members({ comment: { type: ["string", "null"] } }),
      parse: (body) => textMember(body, "comment") ?? null,
    },
    responses: { 200: DECISION, 409: conflict(GATE_CONFLICT) },
    async handle({ body: comment, path: { ref: task } }, ctx) {
      const r = await approveTask(ctx.state, task, comment, { settings: await ctx.settings() });
      return json(decisionJson(task, r));
    },
  }),
  defineRoute({
    name: "rejectTask",
    method: "POST",
    path: "/api/tasks/{ref}/reject",
    summary: "Rejects the gate the task's run waits for (as `taskline reject`)",
    pathParams: { ref: TASK_REF },
    body: {
      required: true,
      schema: members({ reason: { type: "string", minLength: 1 } }, ["reason"]),
      parse(body) {
        const reason = textMember(body, "reason");
        if (reason === undefined || reason.trim() === "") {
          throw new TasklineError("bad-request", 'A rejection needs a "reason" in the body');
        }
        return reason;
      },
    },
    responses: { 200: DECISION, 409: conflict(GATE_CONFLICT) },
    async handle({ body: reason, path: { ref: task } }, ctx) {
      const r = await rejectTask(ctx.state, task, reason, { settings: await ctx.settings() });
      return json(decisionJson(task, r));
    },
  }),
];
