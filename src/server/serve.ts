/**
 * Running the server: the one place that calls `Deno.serve`. It makes the
 * token, writes `.taskline/server.token` (0600), opens the live channel
 * (`.taskline/live.json`), and on stop (signal, stdin EOF) closes every
 * stream and removes both files.
 *
 * @module
 */
import type { StateDir } from "../store/state_dir.ts";
import { TasklineError } from "../errors.ts";
import { allowedHosts, isLoopbackHost, newToken } from "./auth.ts";
import { createHandler, type HandlerOptions } from "./handler.ts";
import { LiveHub, type LiveHubOptions } from "./live.ts";
import { listenLiveChannel } from "../follow/live_listen.ts";
import {
  HEAD_CHECK_MS,
  IDLE_MS_MAX,
  peerKey,
  SEND_BUFFER_BYTES,
  ServerSockets,
} from "./sockets.ts";
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
  /** How long a connection may take to complete its first request, in ms. Default 20000 (`HEAD_MS_MAX` of sockets.ts). */
  headMsMax?: number;
  /** How long a connection that made a request may then be idle, in ms. Default 75000 (`IDLE_MS_MAX` of sockets.ts), and at least twice the heartbeat. */
  idleMsMax?: number;
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
  // The peer of each request, for closing the connection of a stream client dropped for stalling.
  const peers = new WeakMap<Request, string>();
  let sockets: ServerSockets | null = null;
  const hub = new LiveHub(state, {
    ...options.streams,
    onStalled: (req) => {
      const peer = peers.get(req);
      if (peer !== undefined) sockets?.closePeer(peer);
    },
    socketOf: (req) => {
      const peer = peers.get(req);
      return sockets === null || peer === undefined
        ? Promise.resolve(null)
        : sockets.socketOf(peer, requestHeadBytes(req));
    },
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

  const stop = new AbortController();
  let server: Deno.HttpServer<Deno.NetAddr>;
  const listening = Promise.withResolvers<Deno.NetAddr>();
  try {
    server = Deno.serve({
      hostname: host,
      port,
      signal: stop.signal,
      onListen: (addr) => listening.resolve(addr as Deno.NetAddr),
      onError: (e) => {
        options.onWarning?.(`request failed: ${(e as Error)?.name ?? "error"}`);
        return new Response(
          JSON.stringify({
            type: "about:blank",
            title: "Internal Server Error",
            status: 500,
            detail: "The server failed to answer",
            instance: "",
            error: "The server failed to answer",
          }),
          { status: 500, headers: { "content-type": "application/problem+json" } },
        );
      },
    }, (req, info) => {
      if (sockets !== null) {
        const peer = peerKey(info.remoteAddr);
        sockets.requested(peer);
        peers.set(req, peer);
      }
      return app.fetch(req);
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
  // Before the first await, so that no connection is accepted without it.
  const opened = ServerSockets.open(server.addr.port);
  sockets = typeof opened === "string" ? null : opened;
  const unbounded = sockets === null ? opened as string : sockets.boundSendBuffers();
  if (unbounded !== null) {
    options.onWarning?.(
      `connections' kernel send buffers are not bounded to ${
        SEND_BUFFER_BYTES / 1024
      } KiB, nor the time a connection may take to send a request (${unbounded}): clients that stop reading or send slowly can slow the others (docs/server.md)`,
    );
  }
  // A quiet stream sends only its heartbeat: it is never idle that long.
  const idleMsMax = Math.max(options.idleMsMax ?? IDLE_MS_MAX, 2 * (options.heartbeatMs ?? 15_000));
  sockets?.watchHeads(options.headMsMax, HEAD_CHECK_MS, idleMsMax);
  const addr = await listening.promise;
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
    stop.abort();
    await live?.close().catch(() => {});
    await server.finished.catch(() => {});
    await removeIfOurs(tokenPath, token);
    lock?.release();
    sockets?.close();
  }
}

/**
 * The bytes of a request's head as its client sent it, told from what
 * `Deno.serve` gives of it: the request line in origin form, each header as
 * `name: value`, one CRLF each. A client that sent anything else (no space
 * after a colon, a header twice, an absolute URL) gives another count, and
 * its stream is written by the runtime (see {@link ServerSockets.socketOf}).
 */
export function requestHeadBytes(req: Request): number {
  const afterScheme = req.url.indexOf("//");
  const target = req.url.slice(req.url.indexOf("/", afterScheme + 2));
  let n = `${req.method} ${target} HTTP/1.1\r\n`.length + 2;
  for (const [name, value] of req.headers) n += name.length + 2 + value.length + 2;
  return n;
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
