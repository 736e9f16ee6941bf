/**
 * Running the server: the one place that listens (http1.ts). It makes the
 * token, writes `.taskline/server.token` (0600), opens the live channel
 * (`.taskline/live.json`), and on stop (signal, stdin EOF) closes every
 * stream and removes both files.
 *
 * @module
 */
import type { StateDir } from "../store/state_dir.ts";
import { TasklineError } from "../errors.ts";
import { problemBody } from "./problem.ts";
import { allowedHosts, isLoopbackHost, newToken } from "./auth.ts";
import { createHandler, type HandlerOptions } from "./handler.ts";
import { type Http1Server, listenHttp1 } from "./http1.ts";
import { LiveHub, type LiveHubOptions } from "./live.ts";
import { listenLiveChannel } from "../follow/live_listen.ts";
import { tryServeLock } from "../store/lock.ts";

/** Where the server listens, as printed. */
export interface ServeInfo {
  url: string;
  port: number;
  host: string;
  token: string;
}

/** Options of {@link serve}. */
export interface ServeOptions {
  /** Default `127.0.0.1`. */
  host?: string;
  /** Default 7777; 0 takes a free port. */
  port?: number;
  /** The program's version. */
  version: string;
  /** Stops the server. */
  signal: AbortSignal;
  /** Called once the server listens, before any request is answered. */
  onListen: (info: ServeInfo) => void | Promise<void>;
  /** Told about each warning (non-loopback host, live channel unavailable). */
  onWarning?: (message: string) => void;
  /** The web UI at `/`. */
  webPage?: HandlerOptions["webPage"];
  /** The web UI's modules. */
  webModules?: HandlerOptions["webModules"];
  /** The SSE heartbeat, in ms. Default 15000. */
  heartbeatMs?: number;
  /** The token to require. Default: 256 new random bits. */
  token?: string;
  /** Bounds of the stream clients (tests make them small). Default: those of {@link LiveHubOptions}. */
  streams?: Pick<LiveHubOptions, "clientQueueBytesMax" | "stallMsMax" | "catchUpsMax">;
}

/** The URL of a host and port (`[::1]` for IPv6). */
export function baseUrl(host: string, port: number): string {
  const h = host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
  return `http://${h}:${port}/`;
}

/**
 * Serves the project until `signal` is aborted. Resolves when everything is
 * released (streams closed, token file and socket removed).
 */
export async function serve(state: StateDir, options: ServeOptions): Promise<void> {
  await state.requireExists();
  const host = options.host ?? "127.0.0.1";
  const port = options.port ?? 7777;
  if (!isLoopbackHost(host)) {
    options.onWarning?.(
      `--host ${host} is not a loopback address: anyone who can reach it and has the token can read this project`,
    );
  }
  const token = options.token ?? newToken();
  const gate = { token, hosts: new Set<string>() };
  const hub = new LiveHub(state, {
    ...options.streams,
    heartbeatMs: options.heartbeatMs,
    onReset: (r) =>
      options.onWarning?.(
        `${r.path} was ${r.reason} (it had ${r.offset} bytes read): reading it again from its start`,
      ),
    onBadLog: (e) => options.onWarning?.(`${e.message} (every other task is served)`),
  });
  const app = createHandler({
    state,
    gate,
    version: options.version,
    webPage: options.webPage,
    webModules: options.webModules,
    live: hub,
    publishEphemeral: (env) => hub.publishEphemeral(env),
    onWarning: options.onWarning,
  });

  let server: Http1Server;
  try {
    server = listenHttp1({
      hostname: host,
      port,
      handler: (req) => app.fetch(req),
      onError: (e) => {
        options.onWarning?.(`request failed: ${(e as Error)?.name ?? "error"}`);
        return new Response(
          JSON.stringify(
            problemBody(500, "The server failed to answer", "", "io"),
          ),
          { status: 500, headers: { "content-type": "application/problem+json" } },
        );
      },
      // Past the file descriptor limit (ulimit -n) new connections wait in
      // the kernel's backlog until some close; the server keeps answering.
      onAcceptError: (e) =>
        options.onWarning?.(
          `cannot accept connections for now (${
            e.message.replace(/^Error: /, "")
          }): past the file descriptor limit (ulimit -n), new clients wait until others close (docs/server.md)`,
        ),
    });
  } catch (e) {
    await hub.close();
    if (e instanceof Deno.errors.AddrInUse) {
      throw new TasklineError(
        "io",
        `Cannot listen on ${host}:${port}: the address is in use (try --port 0)`,
      );
    }
    if (e instanceof Deno.errors.NotCapable || e instanceof Deno.errors.PermissionDenied) {
      throw new TasklineError(
        "io",
        `Cannot listen on ${host}:${port}: taskline may only use the network on 127.0.0.1, localhost and [::1]`,
      );
    }
    throw e;
  }
  const addr = server.addr;
  for (const h of allowedHosts(host, addr.port)) gate.hosts.add(h);
  const tokenPath = state.tokenPath;
  let live: { close(): Promise<void> } | null = null;
  const lock = await tryServeLock(state).catch(() => undefined);
  if (lock === null) {
    options.onWarning?.(
      `another taskline serve runs for this project: while this one runs, ${tokenPath} and ${state.liveChannelPath} are this one's (the other keeps serving its own clients, without the agent_delta of runs)`,
    );
  }
  try {
    await Deno.writeTextFile(tokenPath, token + "\n", { mode: 0o600 });
    await Deno.chmod(tokenPath, 0o600).catch(() => {});
    live = await listenLiveChannel(
      state.liveChannelPath,
      newToken(),
      (env) => hub.publishEphemeral(env),
      { onWarning: options.onWarning },
    );
    await hub.start();
    await options.onListen({ url: baseUrl(host, addr.port), port: addr.port, host, token });
    if (!options.signal.aborted) {
      await new Promise<void>((resolve) => {
        options.signal.addEventListener("abort", () => resolve(), { once: true });
      });
    }
  } finally {
    // Runs started through the API end first (cancelled, resumable), so their
    // run_finished is logged before the process goes.
    await app.close();
    await hub.close();
    await live?.close().catch(() => {});
    await server.close();
    await removeIfOurs(tokenPath, token);
    lock?.release();
  }
}

/**
 * Removes a file this server wrote, unless another server has written its
 * own since (two servers on one project: the second's file stays).
 */
export async function removeIfOurs(path: string, marker: string): Promise<void> {
  try {
    if (!(await Deno.readTextFile(path)).includes(marker)) return;
    await Deno.remove(path);
  } catch { /* gone already */ }
}
