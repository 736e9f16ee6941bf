/**
 * A run's trace (`GET /api/tasks/{ref}/trace`, as `taskline trace`) and the
 * complete output of one of its tool calls, from the trace store.
 *
 * @module
 */
import { TasklineError } from "../errors.ts";
import { buildRunTrace } from "../views/mod.ts";
import { readTraceOutput } from "../views/trace_output.ts";
import { flagParam, TASK_REF, textParam } from "./params.ts";
import { defineRoute, json, type PathParam, type Route } from "./route.ts";

/** `{call}`: a tool call's id, judged by readTraceOutput (400 when it is not one). */
const CALL: PathParam<string> = {
  name: "call",
  description: "The call id: 12 hexadecimal digits",
  schema: { type: "string", pattern: "^[0-9a-f]{12}$" },
  parse: (value) => value,
};

/** The trace routes. */
export const TRACE_ROUTES: readonly Route[] = [
  defineRoute({
    name: "taskTrace",
    method: "GET",
    path: "/api/tasks/{ref}/trace",
    summary: "Trace of a run's tool calls (RunTrace)",
    pathParams: { ref: TASK_REF },
    params: {
      run: textParam("run", "A run id or prefix instead of the current run"),
      all: flagParam("all", "Every run of the task (not with run)"),
      tool: textParam("tool", "Only calls of this tool"),
      subtask: textParam("subtask", "Only calls whose subtask starts with this prefix"),
    },
    check({ run, all }) {
      if (all && run !== undefined) {
        throw new TasklineError("bad-request", "Parameter all does not go with run");
      }
    },
    responses: {
      200: {
        description: "The RunTrace document",
        content: { "application/json": { schema: { type: "object" } } },
      },
      409: { $ref: "#/components/responses/BadLogFile" },
    },
    handle: async ({ query, path }, ctx) => {
      const { run, all, tool, subtask } = query;
      return json(await buildRunTrace(ctx.state, path.ref, { run, all, tool, subtask }));
    },
  }),
  defineRoute({
    name: "traceOutput",
    method: "GET",
    path: "/api/tasks/{ref}/trace/{call}/output",
    summary: "The complete output of one tool call, from the trace store",
    pathParams: { ref: TASK_REF, call: CALL },
    responses: {
      200: {
        description: "The complete kept output",
        content: { "text/plain": { schema: { type: "string" } } },
      },
    },
    async handle({ path }, ctx) {
      const { ref: task, call } = path;
      let out;
      try {
        out = await readTraceOutput(ctx.state, task, call);
      } catch (e) {
        // A file that leads outside the trace store is not served: as if not kept.
        if (!(e instanceof TasklineError && e.code === "bad-state")) throw e;
        throw new TasklineError("not-found", e.message);
      }
      if (out === null) {
        throw new TasklineError(
          "not-found",
          `Cannot read the output of call ${call} of task #${task.number}: it was not kept`,
        );
      }
      return new Response(out.text, {
        headers: {
          "content-type": "text/plain; charset=utf-8",
          "cache-control": "no-store",
          "x-taskline-run": out.run,
          ...(out.cut ? { "x-taskline-cut": `${out.cut.kept}/${out.cut.total}` } : {}),
        },
      });
    },
  }),
];
