/**
 * The HTTP application of `taskline serve`: a plain `fetch(Request) =>
 * Promise<Response>` function, the pipeline every request goes through. It
 * checks Host, Origin and the token, finds the route (404, 405 with
 * `Allow`), reads the request as the route declares it (route_input.ts:
 * query, parameters, body), calls the route's handler (the `routes_*.ts`
 * files), and answers every error as problem+json. It never touches
 * the network (serve.ts and http1.ts do), so tests can call it directly. Runs started
 * through it run in its process; `close` stops them resumably.
 *
 * @module
 */
import { type HeldPermissions, heldPermissions } from "../sandbox.ts";
import { openApiDocument } from "./openapi.ts";
import { tag, type TaggedEnvelope } from "../contract/envelope.ts";
import { isEphemeral } from "../contract/events.ts";
import { RunHost } from "../engine/actions.ts";
import { loadSettings } from "../store/settings.ts";
import type { StateDir } from "../store/state_dir.ts";
import { HistoryCache } from "../views/mod.ts";
import { checkHostAndOrigin, type Gate, hasToken } from "./auth.ts";
import type { LiveRoutes } from "./live_routes.ts";
import { errorResponse, problem } from "./problem.ts";
import type { RouteContext } from "./route.ts";
import { readInput } from "./route_input.ts";
import { matchRoute, ROUTES } from "./routes.ts";
import { TaskIndex } from "./task_index.ts";

/** Options of {@link createHandler}. */
export interface HandlerOptions {
  state: StateDir;
  /** The token and the accepted Host values. */
  gate: Gate;
  /** The program's version, for `/api/health`. */
  version: string;
  /** The web UI at `/`. Default: a short page saying the UI is not built in. */
  webPage?: (req: Request) => Response | Promise<Response>;
  /** The web UI's modules: every `GET` or `HEAD` of a path under its prefix. */
  webModules?: WebModules;
  /** The live routes (`/api/events`, `/api/stream`, `/api/tasks/{ref}/stream`). */
  live?: LiveRoutes;
  /** Told about each answered request: method, path (token hidden), status. */
  onRequest?: (line: string) => void;
  /** Given the ephemeral events (`agent_delta`) of runs started through the API. */
  publishEphemeral?: (env: TaggedEnvelope) => void;
  /** Told about a run started through the API that failed to end cleanly. */
  onWarning?: (message: string) => void;
}

/**
 * Files of the web UI served under one path prefix, without the token (the
 * page's own modules; the token is in the page's address only).
 */
export interface WebModules {
  /** `/modules/`: every path that starts with it is answered here. */
  prefix: string;
  /** The file at a raw (percent-encoded) path under the prefix; null: 404. */
  answer(req: Request, rawPath: string): Promise<Response | null>;
}

/** The server's application. */
export interface Handler {
  fetch(req: Request): Promise<Response>;
  /** The task cache (shared with the live routes). */
  tasks: TaskIndex;
  /**
   * Stops the runs started through the API, resumably (status `cancelled`),
   * and waits for their `run_finished`; later write requests are refused.
   */
  close(): Promise<void>;
}

/**
 * Creates the application.
 *
 * @example
 * ```ts
 * const app = createHandler({ state, gate: { token, hosts: allowedHosts("127.0.0.1", 7777) }, version: "0.5.0" });
 * const res = await app.fetch(new Request("http://127.0.0.1:7777/api/health", { headers }));
 * ```
 */
export function createHandler(options: HandlerOptions): Handler {
  const { state, gate } = options;
  const tasks = new TaskIndex(state);
  const settings = async () => (await loadSettings(state)).settings;
  const runs = new RunHost(state, {
    settings,
    closeMessage: "cancelled: the server that ran it stopped",
    sink: (env, task) => {
      if (env.seq !== undefined || !isEphemeral(env.event.type)) return;
      options.publishEphemeral?.(tag(env, { id: task.id, number: task.number }));
    },
    onEnd: (task, outcome) => {
      if (outcome instanceof Error) {
        options.onWarning?.(`the run of task #${task.number} failed: ${outcome.message}`);
      }
    },
  });
  let held: Promise<HeldPermissions> | null = null;
  const ctx: RouteContext = {
    state,
    tasks,
    version: options.version,
    live: options.live ?? null,
    webPage: options.webPage ?? null,
    historyCache: new HistoryCache(),
    runs,
    settings,
    // Made now: a route described in two ways fails the start, not a request.
    openApi: openApiDocument(options.version, ROUTES),
    // The process gives up what it does not need before it serves: what it holds is fixed.
    permissions: () => held ??= heldPermissions(state.root),
  };

  async function fetch(req: Request): Promise<Response> {
    let url: URL;
    try {
      url = new URL(req.url);
    } catch {
      return new Response("bad request", { status: 400 });
    }
    const refused = checkHostAndOrigin(req, gate);
    if (refused) return problem(403, refused, req, { code: "forbidden" });
    // Route on the raw path: `%2F` stays inside its segment.
    const rawPath = rawPathOf(req.url);
    const modules = options.webModules;
    if (modules !== undefined && rawPath.startsWith(modules.prefix)) {
      return headOnly(req, await webModule(req, rawPath, modules));
    }
    const isApi = rawPath === "/api" || rawPath.startsWith("/api/");
    const match = matchRoute(rawPath, req.method);
    const streamRoute = match !== null && match !== "bad" && match.route.queryToken === true;
    if (isApi && !hasToken(req, url, gate, streamRoute)) {
      const given = req.headers.has("authorization") ||
        (streamRoute && url.searchParams.has("token"));
      return problem(
        401,
        given
          ? "The token is wrong; use the token `taskline serve` printed (also in .taskline/server.token)"
          : "This route needs the header `Authorization: Bearer <token>` (the token `taskline serve` printed)",
        req,
        { code: "unauthorized", headers: { "www-authenticate": 'Bearer realm="taskline"' } },
      );
    }
    if (match === "bad") {
      return problem(400, "The path has a segment that is not valid percent-encoding", req, {
        code: "bad-request",
      });
    }
    if (match === null) {
      return problem(404, `No route ${url.pathname.slice(0, 200)}`, req, { code: "not-found" });
    }
    if (!match.methodOk) {
      return problem(
        405,
        `${match.route.path} answers ${match.allow.join(", ")}, not ${req.method.slice(0, 20)}`,
        req,
        { code: "method-not-allowed", headers: { allow: match.allow.join(", ") } },
      );
    }
    let res: Response;
    try {
      const { route } = match;
      res = await route.handle(
        await readInput(req, { route, url, pathValues: match.params, ctx }),
        ctx,
      );
    } catch (e) {
      res = errorResponse(e, req);
    }
    return headOnly(req, res);
  }

  return {
    tasks,
    close: () => runs.close(),
    fetch: async (req) => {
      const res = await fetch(req);
      options.onRequest?.(`${req.method} ${new URL(req.url).pathname} ${res.status}`);
      return res;
    },
  };
}

/** A module of the web UI, or the problem that answers its request instead. */
async function webModule(req: Request, rawPath: string, modules: WebModules): Promise<Response> {
  if (req.method !== "GET" && req.method !== "HEAD") {
    const detail = `${modules.prefix} answers GET, HEAD, not ${req.method.slice(0, 20)}`;
    return problem(405, detail, req, {
      code: "method-not-allowed",
      headers: { allow: "GET, HEAD" },
    });
  }
  try {
    return await modules.answer(req, rawPath) ??
      problem(404, `No module ${rawPath.slice(0, 200)}`, req, { code: "not-found" });
  } catch (e) {
    return errorResponse(e, req);
  }
}

/** The response to a `HEAD`: the headers of the `GET`'s, no body. */
async function headOnly(req: Request, res: Response): Promise<Response> {
  if (req.method !== "HEAD") return res;
  await res.body?.cancel().catch(() => {});
  return new Response(null, { status: res.status, headers: res.headers });
}

/** The path of a URL exactly as sent (still percent-encoded), without the query. */
export function rawPathOf(url: string): string {
  const afterScheme = url.indexOf("//");
  const pathStart = url.indexOf("/", afterScheme + 2);
  if (pathStart < 0) return "/";
  const end = url.slice(pathStart).search(/[?#]/);
  return end < 0 ? url.slice(pathStart) : url.slice(pathStart, pathStart + end);
}
