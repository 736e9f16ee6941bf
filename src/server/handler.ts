/**
 * The HTTP application of `taskline serve`: a plain `fetch(Request) =>
 * Promise<Response>` function. It checks Host, Origin and the token, parses
 * each route's parameters (and a write route's JSON body), calls the same
 * library functions as the CLI (src/engine/actions.ts for the write routes),
 * and encodes the result. It never calls `Deno.serve` (serve.ts does), so
 * tests can call it directly. Runs started through it run in its process;
 * `close` stops them resumably.
 *
 * @module
 */
import { heldPermissions, readsOutsideStateDir } from "../sandbox.ts";
import { readFormText } from "../codec/read_form.ts";
import { EVENT_TYPES } from "../contract/events.ts";
import { parseSeq } from "../contract/seq.ts";
import { BadValue, TasklineError } from "../errors.ts";
import { parseEventTypes } from "../follow/filter.ts";
import { openReplay } from "../follow/replay.ts";
import type { StateDir } from "../store/state_dir.ts";
import { checkHostAndOrigin, type Gate, hasToken } from "./auth.ts";
import { openApiDocument } from "./openapi.ts";
import { errorResponse, problem } from "./problem.ts";
import { isWrite, matchRoute, type RouteName } from "./routes.ts";
import { readJsonBody, textMember } from "./body.ts";
import {
  approveTask,
  cancelJson,
  checkRunRequest,
  decisionJson,
  newTask,
  rejectTask,
  requestCancel,
  RunHost,
  type RunOptionNames,
} from "../engine/actions.ts";
import { loadScenario } from "../engine/scenario_file.ts";
import { tag, type TaggedEnvelope } from "../contract/envelope.ts";
import { isEphemeral } from "../contract/events.ts";
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

/** The routes served from the shared follower (see live.ts). */
export interface LiveRoutes {
  events(req: Request, url: URL, ctx: RouteContext): Promise<Response>;
  stream(req: Request, url: URL, ctx: RouteContext): Promise<Response>;
  taskStream(req: Request, url: URL, ctx: RouteContext): Promise<Response>;
  /** Open stream clients, and how many times a slow one caught up from disk. */
  streamStats(): StreamStats;
  /**
   * Bumped by each published event that can change a task's row (a run
   * starting, pausing, finishing, an approval asked or answered, a phase):
   * with the tasks directory's stamp, the entity tag of `GET /api/tasks`.
   */
  readonly rowsVersion: number;
}

/** Differs from one server process to the next, so that no entity tag outlives its server. */
const ETAG_NONCE = crypto.randomUUID().slice(0, 8);

/** The stream clients as `/api/health` tells of them (docs/server.md). */
export interface StreamStats {
  /** Open stream clients. */
  clients: number;
  /** Times a client fell behind and caught up from the logs. */
  catch_ups: number;
  /** Clients the fan-out feeds. */
  fan_out: number;
  /** Flushes of the fan-out, and those put off because most clients were behind. */
  flushes: number;
  postponed: number;
  /** Streams dropped because their client took nothing for the stall bound. */
  stalls: number;
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
  /**
   * Stops the runs started through the API, resumably (status `cancelled`),
   * and waits for their `run_finished`; later write requests are refused.
   */
  close(): Promise<void>;
}

/** The names of the run route's body members, for error messages. */
const API_RUN_NAMES: RunOptionNames = {
  resume: "resume",
  restart: "restart",
  scenario: "scenario",
  speed: "speed",
  maxTokens: "max_tokens",
  maxDuration: "max_duration",
};

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
  try {
    return parseSeq(v);
  } catch (e) {
    if (!(e instanceof BadValue)) throw e;
    throw new TasklineError(
      "bad-request",
      `Parameter ${name} takes ${e.expected} (a seq), not "${e.shown}"`,
    );
  }
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
  if (!url.searchParams.has("type")) return null;
  let items: string[];
  try {
    items = parseEventTypes(url.searchParams.getAll("type"));
  } catch (e) {
    if (!(e instanceof BadValue)) throw e;
    throw new TasklineError(
      "bad-request",
      `Unknown event type "${e.shown}"; known types: ${EVENT_TYPES.join(", ")}`,
    );
  }
  // An empty value would widen the answer to every type: a typo is told, not guessed.
  if (items.length === 0) {
    throw new TasklineError("bad-request", "Parameter type names no event type");
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

  /** The write routes: what the commands of the same names do. */
  async function act(req: Request, url: URL, name: RouteName, ctx: RouteContext) {
    for (const key of url.searchParams.keys()) {
      throw new TasklineError(
        "bad-request",
        key === "token"
          ? "A write takes the token in the Authorization header only, never in the URL"
          : `Unknown query parameter "${
            key.slice(0, 40)
          }"; a write route takes its input in the JSON body`,
      );
    }
    switch (name) {
      case "createTask": {
        const body = await readJsonBody(req, ["title", "description"]);
        const title = textMember(body, "title");
        if (title === undefined) {
          throw new TasklineError("bad-request", 'Cannot create a task: the body needs a "title"');
        }
        const description = textMember(body, "description");
        const task = await newTask(state, {
          title,
          ...(description !== undefined ? { description } : {}),
        });
        return json(await taskRow(state, task), {
          status: 201,
          headers: { location: `/api/tasks/${task.number}` },
        });
      }
      case "runTask": {
        const body = await readJsonBody(req, [
          "resume",
          "restart",
          "max_tokens",
          "max_duration",
          "scenario",
          "speed",
        ]);
        const plan = checkRunRequest({
          resume: body.resume,
          restart: body.restart,
          scenario: body.scenario,
          speed: body.speed,
          maxTokens: body.max_tokens,
          maxDuration: body.max_duration,
        }, API_RUN_NAMES);
        const task = await tasks.resolve(ctx.params.ref);
        const scenario = plan.scenario !== undefined
          ? await loadScenario(state, plan.scenario, { scenariosOnly: true })
          : undefined;
        const started = await runs.start(task, plan, scenario);
        return json({
          task: { id: task.id, number: task.number, dir: task.dir },
          run: started.run,
          seq: started.seq,
          resume: started.resume,
          status: "running",
        }, { status: 202 });
      }
      case "cancelTask": {
        await readJsonBody(req, []);
        const task = await tasks.resolve(ctx.params.ref);
        await requestCancel(state, task);
        return json(cancelJson(task, false), { status: 202 });
      }
      case "approveTask": {
        const body = await readJsonBody(req, ["comment"]);
        const comment = textMember(body, "comment") ?? null;
        const task = await tasks.resolve(ctx.params.ref);
        const r = await approveTask(state, task, comment, { settings: await settings() });
        return json(decisionJson(task, r));
      }
      case "rejectTask": {
        const body = await readJsonBody(req, ["reason"]);
        const reason = textMember(body, "reason");
        if (reason === undefined || reason.trim() === "") {
          throw new TasklineError("bad-request", 'A rejection needs a "reason" in the body');
        }
        const task = await tasks.resolve(ctx.params.ref);
        const r = await rejectTask(state, task, reason, { settings: await settings() });
        return json(decisionJson(task, r));
      }
      default:
        throw new TasklineError("bad-request", `${name} is not a write route`);
    }
  }

  async function route(req: Request, url: URL, name: RouteName, ctx: RouteContext) {
    switch (name) {
      case "web":
        // A page address may carry any query (and the token in its fragment): none is refused.
        return options.webPage ? await options.webPage(req) : new Response(WEB_PLACEHOLDER, {
          headers: { "content-type": "text/html; charset=utf-8" },
        });
      case "health": {
        checkParams(url, []);
        const held = await heldPermissions(state.root);
        return json({
          ok: true,
          version: options.version,
          state_dir: state.root,
          tasks: (await tasks.tasks()).length,
          read_outside_state_dir: readsOutsideStateDir(held),
          permissions: held,
          streams: options.live?.streamStats() ?? null,
        });
      }
      case "openapi":
        checkParams(url, []);
        return json(openApiDocument(options.version));
      case "tasks": {
        checkParams(url, []);
        // A page that polls the list (the web UI) is answered 304 while nothing of it changed:
        // the tag is taken before the rows, so a change while they are read tags the next answer.
        const tag = options.live
          ? `"${ETAG_NONCE}-${await tasks.stamp()}-${options.live.rowsVersion}"`
          : null;
        if (tag !== null && req.headers.get("if-none-match") === tag) {
          return new Response(null, {
            status: 304,
            headers: { etag: tag, "cache-control": "no-store" },
          });
        }
        const list = await tasks.tasks();
        return json(
          await Promise.all(list.map((t) => taskRow(state, t))),
          tag === null ? {} : { headers: { etag: tag } },
        );
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
      case "createTask":
      case "runTask":
      case "cancelTask":
      case "approveTask":
      case "rejectTask":
        return await act(req, url, name, ctx);
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
    const modules = options.webModules;
    if (modules !== undefined && rawPath.startsWith(modules.prefix)) {
      return headOnly(req, await webModule(req, rawPath, modules));
    }
    const isApi = rawPath === "/api" || rawPath.startsWith("/api/");
    const match = matchRoute(rawPath, req.method);
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
      const ctx = { state, tasks, params: match.params };
      res = isWrite(match.route)
        ? await act(req, url, match.route.name, ctx)
        : await route(req, url, match.route.name, ctx);
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
