/**
 * The connection to NATS of `ship` and `mirror`: the URL (no credentials in
 * it), credentials from the environment or a file under `.taskline/`, and
 * the stream with its stated limits.
 *
 * @module
 */
import type * as Transport from "@nats-io/transport-node";
import type { NatsConnection } from "@nats-io/transport-node";
import type { JetStreamManager, StreamInfo } from "@nats-io/jetstream";
import { TasklineError } from "../errors.ts";
import { readRegularFile } from "../store/log_file.ts";
import type { StateDir } from "../store/state_dir.ts";
import { SUBJECT_ROOT } from "./wire.ts";

/** Where the server is: `host:port`. */
export interface NatsAddress {
  host: string;
  port: number;
  /** `host:port`, as the client takes it. */
  server: string;
}

/**
 * Reads `nats://host:port`, `host:port` or `host` (port 4222). A URL with a
 * user or password is refused: credentials never come from the command line.
 *
 * @example
 * ```ts
 * parseNatsUrl("nats://127.0.0.1:4222").server; // "127.0.0.1:4222"
 * ```
 */
export function parseNatsUrl(text: string): NatsAddress {
  const raw = text.includes("://") ? text : `nats://${text}`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TasklineError("usage", `Cannot read the NATS URL "${text.slice(0, 100)}"`);
  }
  if (url.protocol !== "nats:" && url.protocol !== "tls:") {
    throw new TasklineError("usage", `The NATS URL must start with nats://, not ${url.protocol}//`);
  }
  if (url.username !== "" || url.password !== "") {
    throw new TasklineError(
      "usage",
      "The NATS URL carries credentials: put a token in TASKLINE_NATS_TOKEN or .taskline/nats.token, or an nkey seed in .taskline/nats.nkey (see docs/fleet.md)",
    );
  }
  const host = url.hostname;
  if (host === "") throw new TasklineError("usage", `The NATS URL "${text}" names no host`);
  const port = url.port === "" ? 4222 : Number(url.port);
  const shown = host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
  return { host, port, server: `${shown}:${port}` };
}

/** Which credentials were found, for messages (never the secret). */
export type CredentialSource = "none" | "env token" | "token file" | "nkey seed" | "creds file";

type AuthOptions = Pick<
  Parameters<typeof Transport.connect>[0] & object,
  "token" | "authenticator"
>;

/**
 * Credentials, first found wins: `TASKLINE_NATS_TOKEN`, `TASKLINE_NATS_NKEY`
 * (an nkey seed), then the files `.taskline/nats.token`, `.taskline/nats.nkey`
 * (a seed) and `.taskline/nats.creds` (a JWT credentials file).
 */
export async function natsCredentials(
  state: StateDir,
  env: (name: string) => string | undefined,
): Promise<{ options: AuthOptions; source: CredentialSource }> {
  const token = env("TASKLINE_NATS_TOKEN");
  if (token) return { options: { token }, source: "env token" };
  const { credsAuthenticator, nkeyAuthenticator } = await transport();
  /** The authenticator of a seed, tried once here: a bad seed is said at once, not taken for a failing connection. */
  const seedAuth = (seed: string, where: string) => {
    const authenticator = nkeyAuthenticator(new TextEncoder().encode(seed));
    try {
      authenticator("taskline");
    } catch (e) {
      throw new TasklineError(
        "bad-state",
        `The nkey seed in ${where} is not a seed (${
          (e as Error).message
        }): it is a line of about 58 characters that starts with S (docs/fleet.md)`,
      );
    }
    return { options: { authenticator }, source: "nkey seed" as const };
  };
  const seed = env("TASKLINE_NATS_NKEY");
  if (seed) return seedAuth(seed.trim(), "TASKLINE_NATS_NKEY");
  const tokenFile = await credentialsFile(state, "nats.token");
  if (tokenFile) {
    return { options: { token: new TextDecoder().decode(tokenFile).trim() }, source: "token file" };
  }
  const seedFile = await credentialsFile(state, "nats.nkey");
  if (seedFile) {
    return seedAuth(new TextDecoder().decode(seedFile).trim(), `${state.root}/nats.nkey`);
  }
  const creds = await credentialsFile(state, "nats.creds");
  if (creds) return { options: { authenticator: credsAuthenticator(creds) }, source: "creds file" };
  return { options: {}, source: "none" };
}

/**
 * A credentials file of `.taskline/`, null when there is none. Only a regular
 * file inside `.taskline/` is read (a FIFO would wait for a writer):
 * anything else throws `BadLogFile`, which names it.
 */
async function credentialsFile(state: StateDir, name: string): Promise<Uint8Array | null> {
  const path = `${state.root}/${name}`;
  try {
    return await readRegularFile(path, { root: state.root });
  } catch (e) {
    if (e instanceof TasklineError) throw e; // BadLogFile: names the file
    throw new TasklineError("io", `Cannot read ${path}: ${(e as Error).message}`);
  }
}

/** Options of {@link openNats}. */
export interface OpenNatsOptions {
  /** Told once when the first connection fails and is tried again. Default: ignored. */
  onWaiting?: (message: string) => void;
  /** Gives up waiting for the first connection. */
  signal?: AbortSignal;
  /** Credentials from {@link natsCredentials}. Default: none. */
  auth?: AuthOptions;
  /** Name shown by the server's monitoring. Default `taskline`. */
  name?: string;
  /** Reconnect after a lost connection (false: the connection closes). Default true. */
  reconnect?: boolean;
}

/**
 * Connects (trying again every 500 ms while the server cannot be reached),
 * and reconnects for ever (every 250 ms) after a lost connection.
 *
 * @throws TasklineError `io` when the server refuses the credentials, or
 * `interrupted` when `signal` is aborted first.
 */
export async function openNats(
  addr: NatsAddress,
  options: OpenNatsOptions = {},
): Promise<NatsConnection> {
  await checkNetPermission(addr);
  for (let attempt = 0;; attempt++) {
    try {
      return await connectOnce(addr, options);
    } catch (e) {
      const msg = (e as Error).message;
      if (isRefusal(e)) throw e;
      if (attempt === 0) options.onWaiting?.(msg);
      if (options.signal?.aborted) {
        throw new TasklineError("interrupted", `Stopped waiting for NATS at ${addr.server}`);
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

/**
 * Whether a connection error is a refusal that trying again will not mend:
 * credentials refused, or no permission to reach the server.
 */
export function isRefusal(e: unknown): boolean {
  return /authori[sz]ation|authentication|permission|requires net access/i.test(
    String((e as Error)?.message ?? ""),
  );
}

/**
 * Refuses, with what to do, a server that the program's permissions do not
 * name (the NATS host is named once, at install).
 */
export async function checkNetPermission(addr: NatsAddress): Promise<void> {
  const perm = await Deno.permissions.query({ name: "net", host: `${addr.host}:${addr.port}` });
  if (perm.state !== "granted") {
    throw new TasklineError(
      "io",
      `Cannot connect to NATS at ${addr.server}: taskline has no net access to it; install it with TASKLINE_NATS_HOST=${addr.server} (see "Fleet" in the README)`,
    );
  }
}

async function connectOnce(addr: NatsAddress, options: OpenNatsOptions): Promise<NatsConnection> {
  const { connect } = await transport();
  try {
    return await connect({
      servers: addr.server,
      name: options.name ?? "taskline",
      reconnect: options.reconnect ?? true,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 250,
      reconnectJitter: 50,
      pingInterval: 10_000,
      ...options.auth,
    });
  } catch (e) {
    throw new TasklineError(
      "io",
      `Cannot connect to NATS at ${addr.server}: ${(e as Error).message}`,
      { cause: e },
    );
  }
}

/** The limits of a stream that `ship` creates; docs/fleet.md states them. */
export const STREAM_LIMITS = {
  /** Bytes kept at most; past it the server refuses new messages (nothing is dropped). */
  maxBytes: 8 * 1024 * 1024 * 1024,
  /** How long JetStream remembers message ids to drop duplicates, in nanoseconds (2 min). */
  duplicateWindowNs: 120 * 1_000_000_000,
} as const;

/**
 * The stream of `name`, created with {@link STREAM_LIMITS} when it is
 * missing. Returns its info.
 */
export async function ensureStream(jsm: JetStreamManager, name: string): Promise<StreamInfo> {
  try {
    return await jsm.streams.info(name);
  } catch (e) {
    if (!isNotFound(e)) throw e;
  }
  try {
    return await jsm.streams.add({
      name,
      subjects: [`${SUBJECT_ROOT}.>`],
      storage: "file" as never,
      retention: "limits" as never,
      discard: "new" as never,
      max_bytes: STREAM_LIMITS.maxBytes,
      max_age: 0,
      max_msgs: -1,
      num_replicas: 1,
      duplicate_window: STREAM_LIMITS.duplicateWindowNs,
    });
  } catch (e) {
    // Another ship created it meanwhile.
    if (/already in use|exists/i.test((e as Error).message)) return await jsm.streams.info(name);
    throw e;
  }
}

/** Whether a JetStream error says the stream (or message) does not exist. */
export function isNotFound(e: unknown): boolean {
  const err = e as { code?: unknown; api_error?: { err_code?: number }; message?: string };
  return err?.api_error?.err_code === 10059 || err?.api_error?.err_code === 10037 ||
    /not found/i.test(String(err?.message ?? ""));
}

/**
 * The NATS client, loaded when `ship` or `mirror` first needs it: the
 * program's other commands never load it (the shipped program is one
 * bundled file, in which a static import would load it at every start).
 */
export function transport(): Promise<typeof Transport> {
  return import("@nats-io/transport-node");
}

/** The JetStream client, loaded as {@link transport} is. */
export function jetStreamApi(): Promise<typeof import("@nats-io/jetstream")> {
  return import("@nats-io/jetstream");
}

/** The JetStream manager of a connection. */
export async function jetstreamManager(nc: NatsConnection): Promise<JetStreamManager> {
  return await (await jetStreamApi()).jetstreamManager(nc);
}

export type { NatsConnection };
