/**
 * The HTTP application of `taskline serve`: a plain `fetch(Request) =>
 * Promise<Response>` function. It checks Host, Origin and the token, parses
 * each route's parameters, calls the same library functions as the CLI, and
 * encodes the result. It never calls `Deno.serve` (serve.ts does), so tests
 * can call it directly.
 *
 * @module
 */
import { readFormText } from "../codec/read_form.ts";
import { EVENT_TYPES, isEventType } from "../contract/events.ts";
import { TasklineError } from "../errors.ts";
import { openReplay } from "../follow/replay.ts";
import type { StateDir } from "../store/state_dir.ts";
import { checkHostAndOrigin, type Gate, hasToken } from "./auth.ts";
import { openApiDocument } from "./openapi.ts";
import { errorResponse, problem } from "./problem.ts";
import { matchRoute, type RouteName } from "./routes.ts";
import { TaskIndex, taskRow } from "./task_index.ts";
import { buildRunTrace, buildTaskHistory, HistoryCache, listHistory } from "../views/mod.ts";
import { readTraceOutput } from "../views/trace_output.ts";
import { loadSettings } from "../store/settings.ts";

/** Options of {@link createHandler}. */
export interface HandlerOptions {
  state: StateDir;
  /** The token and the accepted Host values. */
  gate: Gate;
  /** The program's version, for `/api/health`. */
  version: string;
  /** The web UI at `/`. Default: a short page saying the UI is not built in. */
  webPage?: (req: Request) => Response | Promise<Response>;
  /** The live routes (`/api/events`, `/api/stream`, `/api/tasks/{ref}/stream`). */
  live?: LiveRoutes;
  /** Told about each answered request: method, path (token hidden), status. */
  onRequest?: (line: string) => void;
}

/** The routes served from the shared follower (see live.ts). */
export interface LiveRoutes {
  events(req: Request, url: URL, ctx: RouteContext): Promise<Response>;
  stream(req: Request, url: URL, ctx: RouteContext): Promise<Response>;
  taskStream(req: Request, url: URL, ctx: RouteContext): Promise<Response>;
  /** Open stream clients, and how many times a slow one caught up from disk. */
  streamStats(): { clients: number; catch_ups: number; fan_out: number };
}

/** What a route handler gets besides the request. */
export interface RouteContext {
  state: StateDir;
  tasks: TaskIndex;
  params: Record<string, string>;
}

/** The server's application. */
export interface Handler {
  fetch(req: Request): Promise<Response>;
  /** The task cache (shared with the live routes). */
  tasks: TaskIndex;
}

/** A JSON answer. */
export function json(value: unknown, init: { status?: number; headers?: HeadersInit } = {}) {
  const headers = new Headers(init.headers);
  headers.set("content-type", "application/json; charset=utf-8");
  headers.set("cache-control", "no-store");
  return new Response(JSON.stringify(value), { status: init.status ?? 200, headers });
}

/** Reads query parameters strictly: a parameter this route does not take is a 400. */
export function checkParams(url: URL, allowed: readonly string[]): void {
  for (const key of url.searchParams.keys()) {
    if (key === "token") continue;
    if (!allowed.includes(key)) {
      throw new TasklineError(
        "bad-request",
        `Unknown query parameter "${key.slice(0, 40)}"${
          allowed.length ? `; this route takes ${allowed.join(", ")}` : "; this route takes none"
        }`,
      );
    }
  }
}

/** A non-negative integer parameter (a seq). */
export function seqParam(url: URL, name: string): number | undefined {
  const v = url.searchParams.get(name);
  if (v === null) return undefined;
  if (!/^\d{1,15}$/.test(v)) {
    throw new TasklineError(
      "bad-request",
      `Parameter ${name} takes a non-negative integer (a seq), not "${v.slice(0, 40)}"`,
    );
  }
  return Number(v);
}

/** A boolean parameter: present, `true`, `1`, `false` or `0`. */
export function flagParam(url: URL, name: string): boolean {
  const v = url.searchParams.get(name);
  if (v === null) return false;
  if (v === "" || v === "true" || v === "1") return true;
  if (v === "false" || v === "0") return false;
  throw new TasklineError(
    "bad-request",
    `Parameter ${name} takes true or false, not "${v.slice(0, 40)}"`,
  );
}

/** Event types of a repeatable, comma-separated `type` parameter; unknown ones are a 400. */
export function typesParam(url: URL): Set<string> | null {
  const items = url.searchParams.getAll("type").flatMap((v) => v.split(",")).map((s) => s.trim())
    .filter((s) => s !== "");
  if (items.length === 0) return null;
  for (const t of items) {
    if (!isEventType(t)) {
      throw new TasklineError(
        "bad-request",
        `Unknown event type "${t.slice(0, 40)}"; known types: ${EVENT_TYPES.join(", ")}`,
      );
    }
  }
  return new Set(items);
}

const WEB_PLACEHOLDER = `<!doctype html><meta charset="utf-8"><title>taskline</title>
<p>taskline serve is running. The web UI is not built into this version; the API is under /api/.</p>`;

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
  // History summaries of unchanged logs are reused between requests.
  const historyCache = new HistoryCache();
  const settings = async () => (await loadSettings(state)).settings;

  async function route(req: Request, url: URL, name: RouteName, ctx: RouteContext) {
    switch (name) {
      case "web":
        // A page address may carry any query (and the token in its fragment): none is refused.
        return options.webPage ? await options.webPage(req) : new Response(WEB_PLACEHOLDER, {
          headers: { "content-type": "text/html; charset=utf-8" },
        });
      case "health": {
        checkParams(url, []);
        return json({
          ok: true,
          version: options.version,
          state_dir: state.root,
          tasks: (await tasks.tasks()).length,
          read_outside_state_dir: (await Deno.permissions.query({ name: "read", path: "/" }))
            .state === "granted",
          streams: options.live?.streamStats() ?? null,
        });
      }
      case "openapi":
        checkParams(url, []);
        return json(openApiDocument(options.version));
      case "tasks": {
        checkParams(url, []);
        const list = await tasks.tasks();
        return json(await Promise.all(list.map((t) => taskRow(state, t))));
      }
      case "task": {
        checkParams(url, []);
        const task = await tasks.resolve(ctx.params.ref);
        return json(await taskRow(state, task));
      }
      case "taskEvents":
        return await taskEvents(url, ctx);
      case "traceOutput": {
        checkParams(url, []);
        const task = await tasks.resolve(ctx.params.ref);
        let out;
        try {
          out = await readTraceOutput(state, task, ctx.params.call);
        } catch (e) {
          // A file that leads outside the trace store is not served: as if not kept.
          if (!(e instanceof TasklineError && e.code === "bad-state")) throw e;
          throw new TasklineError("not-found", e.message);
        }
        if (out === null) {
          throw new TasklineError(
            "not-found",
            `Cannot read the output of call ${ctx.params.call} of task #${task.number}: it was not kept`,
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
      }
      case "events":
      case "stream":
      case "taskStream": {
        if (!options.live) {
          throw new TasklineError("bad-state", "This server was started without live routes");
        }
        return await options.live[name](req, url, ctx);
      }
      case "history": {
        checkParams(url, ["all"]);
        const all = flagParam(url, "all");
        return json(
          await listHistory(state, {
            all,
            tasks: await tasks.tasks({ fresh: true }),
            settings: await settings(),
            cache: historyCache,
          }),
        );
      }
      case "taskHistory": {
        checkParams(url, []);
        const task = await tasks.resolve(ctx.params.ref);
        return json(
          await buildTaskHistory(state, task, {
            settings: await settings(),
            cache: historyCache,
          }),
        );
      }
      case "taskTrace": {
        checkParams(url, ["run", "all", "tool", "subtask"]);
        const run = url.searchParams.get("run") ?? undefined;
        const all = flagParam(url, "all");
        if (all && run !== undefined) {
          throw new TasklineError("bad-request", "Parameter all does not go with run");
        }
        const task = await tasks.resolve(ctx.params.ref);
        return json(
          await buildRunTrace(state, task, {
            run,
            all,
            tool: url.searchParams.get("tool") ?? undefined,
            subtask: url.searchParams.get("subtask") ?? undefined,
          }),
        );
      }
    }
  }

  async function taskEvents(url: URL, ctx: RouteContext): Promise<Response> {
    checkParams(url, ["after", "run", "all"]);
    const after = seqParam(url, "after");
    const run = url.searchParams.get("run") ?? undefined;
    const all = flagParam(url, "all");
    if (all && (after !== undefined || run !== undefined)) {
      throw new TasklineError("bad-request", "Parameter all does not go with after or run");
    }
    if (run !== undefined && !/^[0-9a-fA-F-]{1,36}$/.test(run)) {
      throw new TasklineError(
        "bad-request",
        `Parameter run takes a run id or prefix, not "${run.slice(0, 40)}"`,
      );
    }
    const task = await ctx.tasks.resolve(ctx.params.ref);
    const replay = await openReplay(state, task, { after, run, all });
    const enc = new TextEncoder();
    const batches = replay.batches;
    let first = true;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(enc.encode("["));
      },
      async pull(c) {
        // A pull that enqueues nothing is not called again: read on past
        // batches that kept no record (a skipped line, another run's lines).
        let value;
        for (;;) {
          const next = await batches.next();
          if (next.done) {
            c.enqueue(enc.encode("]\n"));
            c.close();
            return;
          }
          value = next.value;
          if (value.records.length > 0) break;
        }
        let text = "";
        for (const r of value.records) {
          // The log line itself when it is its read form already: a value
          // nested too deep for JSON.stringify still comes out as written.
          text += (first ? "" : ",") + readFormText(r);
          first = false;
        }
        c.enqueue(enc.encode(text));
      },
      async cancel() {
        await batches.return(undefined);
      },
    });
    return new Response(body, {
      headers: {
        "content-type": "application/json; charset=utf-8",
        "cache-control": "no-store",
        ...(replay.run ? { "x-taskline-run": replay.run } : {}),
      },
    });
  }

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
    const isApi = rawPath === "/api" || rawPath.startsWith("/api/");
    const match = matchRoute(rawPath);
    const streamRoute = match !== null && match !== "bad" && match.route.queryToken;
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
    if (req.method !== "GET" && req.method !== "HEAD") {
      return problem(405, `${match.route.path} answers GET only; the server is read-only`, req, {
        code: "method-not-allowed",
        headers: { allow: "GET, HEAD" },
      });
    }
    let res: Response;
    try {
      res = await route(req, url, match.route.name, {
        state,
        tasks,
        params: match.params,
      });
    } catch (e) {
      res = errorResponse(e, req);
    }
    if (req.method === "HEAD") {
      await res.body?.cancel().catch(() => {});
      res = new Response(null, { status: res.status, headers: res.headers });
    }
    return res;
  }

  return {
    tasks,
    fetch: async (req) => {
      const res = await fetch(req);
      options.onRequest?.(`${req.method} ${new URL(req.url).pathname} ${res.status}`);
      return res;
    },
  };
}

/** The path of a URL exactly as sent (still percent-encoded), without the query. */
export function rawPathOf(url: string): string {
  const afterScheme = url.indexOf("//");
  const pathStart = url.indexOf("/", afterScheme + 2);
  if (pathStart < 0) return "/";
  const end = url.slice(pathStart).search(/[?#]/);
  return end < 0 ? url.slice(pathStart) : url.slice(pathStart, pathStart + end);
}
