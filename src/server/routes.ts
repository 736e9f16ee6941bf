/**
 * The route table of the server: each route's method, path template and what
 * it answers. The router and the OpenAPI document are both built from it, so
 * a route cannot be served without being described. Read routes answer `GET`
 * (and `HEAD`); write routes answer `POST` and act as the commands of the
 * same names do.
 *
 * @module
 */

/** Names of the routes. */
export type RouteName =
  | "web"
  | "health"
  | "openapi"
  | "tasks"
  | "task"
  | "taskEvents"
  | "taskStream"
  | "taskTrace"
  | "traceOutput"
  | "events"
  | "stream"
  | "history"
  | "taskHistory"
  | "createTask"
  | "runTask"
  | "cancelTask"
  | "approveTask"
  | "rejectTask";

/** One route. */
export interface RouteSpec {
  name: RouteName;
  /** `GET` for a read route (it answers `HEAD` too), `POST` for a write route. */
  method: "GET" | "POST";
  /** Path template, OpenAPI style: `/api/tasks/{ref}`. */
  path: string;
  summary: string;
  /** Needs the token (every `/api/` route). */
  auth: boolean;
  /** Also takes `?token=` (the two project and task streams, for EventSource). */
  queryToken: boolean;
}

const READ_ROUTES: readonly Omit<RouteSpec, "method">[] = [
  { name: "web", path: "/", summary: "The web UI", auth: false, queryToken: false },
  {
    name: "health",
    path: "/api/health",
    summary: "Liveness and version",
    auth: true,
    queryToken: false,
  },
  {
    name: "openapi",
    path: "/api/openapi.json",
    summary: "This document (OpenAPI 3.1)",
    auth: true,
    queryToken: false,
  },
  { name: "tasks", path: "/api/tasks", summary: "Every task", auth: true, queryToken: false },
  { name: "task", path: "/api/tasks/{ref}", summary: "One task", auth: true, queryToken: false },
  {
    name: "taskEvents",
    path: "/api/tasks/{ref}/events",
    summary: "Events of one task's current run (or another run, or all), ordered by seq",
    auth: true,
    queryToken: false,
  },
  {
    name: "taskStream",
    path: "/api/tasks/{ref}/stream",
    summary: "Live stream of one task's run (Server-Sent Events, ids are seq)",
    auth: true,
    queryToken: true,
  },
  {
    name: "taskTrace",
    path: "/api/tasks/{ref}/trace",
    summary: "Trace of a run's tool calls (RunTrace)",
    auth: true,
    queryToken: false,
  },
  {
    name: "traceOutput",
    path: "/api/tasks/{ref}/trace/{call}/output",
    summary: "The complete output of one tool call, from the trace store",
    auth: true,
    queryToken: false,
  },
  {
    name: "events",
    path: "/api/events",
    summary: "Recent events of every task, as tagged envelopes ordered by event cursor",
    auth: true,
    queryToken: false,
  },
  {
    name: "stream",
    path: "/api/stream",
    summary: "Live stream of the whole project (Server-Sent Events, ids are event cursors)",
    auth: true,
    queryToken: true,
  },
  {
    name: "history",
    path: "/api/history",
    summary: "History of finished work (TaskHistory[])",
    auth: true,
    queryToken: false,
  },
  {
    name: "taskHistory",
    path: "/api/history/{ref}",
    summary: "History of one task (TaskHistory)",
    auth: true,
    queryToken: false,
  },
];

const WRITE_ROUTES: readonly Omit<RouteSpec, "method" | "auth" | "queryToken">[] = [
  { name: "createTask", path: "/api/tasks", summary: "Creates a task (as `taskline task new`)" },
  {
    name: "runTask",
    path: "/api/tasks/{ref}/run",
    summary: "Runs or resumes the task in the server's process (as `taskline run`)",
  },
  {
    name: "cancelTask",
    path: "/api/tasks/{ref}/cancel",
    summary: "Stops the process that runs the task (as `taskline cancel --no-wait`)",
  },
  {
    name: "approveTask",
    path: "/api/tasks/{ref}/approve",
    summary: "Approves the gate the task's run waits for (as `taskline approve`)",
  },
  {
    name: "rejectTask",
    path: "/api/tasks/{ref}/reject",
    summary: "Rejects the gate the task's run waits for (as `taskline reject`)",
  },
];

/**
 * Every route the server answers. A write route takes the token from the
 * `Authorization` header only.
 */
export const ROUTES: readonly RouteSpec[] = [
  ...READ_ROUTES.map((r) => ({ ...r, method: "GET" as const })),
  ...WRITE_ROUTES.map((r) => ({ ...r, method: "POST" as const, auth: true, queryToken: false })),
];

/** Whether a route changes the project. */
export function isWrite(route: RouteSpec): boolean {
  return route.method === "POST";
}

/** A path that matched, with its decoded path parameters. */
export interface RouteMatch {
  /** The route of the request's method, or (when none) the first route of the path. */
  route: RouteSpec;
  params: Record<string, string>;
  /** Whether a route of the path answers the method. */
  methodOk: boolean;
  /** The methods the path answers, for `Allow`. */
  allow: string[];
}

const COMPILED = ROUTES.map((route) => ({
  route,
  parts: route.path === "/" ? [] : route.path.slice(1).split("/"),
}));

/**
 * Matches a raw (still percent-encoded) path and a method. Segments are
 * split before they are decoded, so `%2F` inside a parameter never becomes a
 * separator. Returns null when no route matches the path, and `bad` when a
 * segment does not decode.
 */
export function matchRoute(rawPath: string, method = "GET"): RouteMatch | null | "bad" {
  const trimmed = rawPath.length > 1 ? rawPath.replace(/\/$/, "") : rawPath;
  const segs = trimmed === "/" ? [] : trimmed.slice(1).split("/");
  const wanted = method === "HEAD" ? "GET" : method;
  let found: { route: RouteSpec; params: Record<string, string> }[] = [];
  for (const { route, parts } of COMPILED) {
    if (parts.length !== segs.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < parts.length && ok; i++) {
      const p = parts[i];
      if (p.startsWith("{")) {
        let v: string;
        try {
          v = decodeURIComponent(segs[i]);
        } catch {
          return "bad";
        }
        params[p.slice(1, -1)] = v;
      } else if (p !== segs[i]) ok = false;
    }
    if (!ok) continue;
    // The first template that matches decides the path (a literal segment is never a ref).
    if (found.length > 0 && found[0].route.path !== route.path) continue;
    found = [...found, { route, params }];
  }
  if (found.length === 0) return null;
  const exact = found.find((f) => f.route.method === wanted);
  const allow = found.flatMap((f) => f.route.method === "GET" ? ["GET", "HEAD"] : [f.route.method]);
  return { ...(exact ?? found[0]), methodOk: exact !== undefined, allow };
}
