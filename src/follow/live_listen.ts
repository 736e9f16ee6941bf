/**
 * The live channel, its listening side: a listener accepts the ephemeral
 * events (`agent_delta`) of runs in other processes on a loopback port it
 * announces in a file of `.taskline/`: the server in `live.json`, any other
 * listener (`taskline ship --live`) in a `live-<name>.json` of its own, so
 * that several listen at once and each sender sends to all of them. The
 * protocol and the sending side are in src/follow/live_channel.ts.
 *
 * @module
 */
import type { TaggedEnvelope } from "../contract/envelope.ts";
import { LineSplitter } from "../codec/lines.ts";
import {
  LIVE_LINE_BYTES_MAX,
  type LiveChannelInfo,
  parseLiveLine,
  sameBytes,
} from "./live_channel.ts";

/** Most simultaneous senders a listener accepts. */
export const LIVE_CONNECTIONS_MAX = 256;
/**
 * A connection that has not given the key within this time is closed, so
 * that connections that say nothing (any local user can open them) never
 * fill the listener's {@link LIVE_CONNECTIONS_MAX}.
 */
export const LIVE_KEY_WITHIN_MS = 5000;

const encoder = new TextEncoder();

/** Options of {@link listenLiveChannel}. */
export interface LiveListenOptions {
  onWarning?: (message: string) => void;
  /** Time a connection has to give the key, in ms. Default {@link LIVE_KEY_WITHIN_MS}. */
  keyWithinMs?: number;
}

/**
 * Listens on a loopback port, writes its number and key to `infoPath`, and
 * calls `onEvent` with each ephemeral tagged envelope received from a sender
 * that gave the key. When it cannot listen, it warns and returns a channel
 * that receives nothing.
 */
export async function listenLiveChannel(
  infoPath: string,
  key: string,
  onEvent: (env: TaggedEnvelope) => void,
  options: LiveListenOptions = {},
): Promise<{ close(): Promise<void>; port: number }> {
  let listener: Deno.TcpListener;
  try {
    listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const info: LiveChannelInfo = { port: (listener.addr as Deno.NetAddr).port, key };
    await Deno.writeTextFile(infoPath, JSON.stringify(info) + "\n", { mode: 0o600 });
    await Deno.chmod(infoPath, 0o600).catch(() => {});
  } catch (e) {
    options.onWarning?.(
      `cannot open the live channel (${
        (e as Error).message
      }): agent_delta events of other processes will not be streamed`,
    );
    return { close: () => Promise.resolve(), port: 0 };
  }
  const keyBytes = encoder.encode(key);
  const conns = new Set<Deno.Conn>();
  const serveConn = async (conn: Deno.Conn) => {
    const splitter = new LineSplitter({ lineBytesMax: LIVE_LINE_BYTES_MAX });
    const buf = new Uint8Array(64 * 1024);
    let authed = false;
    const keyTimer = setTimeout(() => {
      if (authed) return;
      try {
        conn.close();
      } catch { /* closed */ }
    }, options.keyWithinMs ?? LIVE_KEY_WITHIN_MS);
    try {
      for (;;) {
        const n = await conn.read(buf);
        if (n === null) break;
        const { lines } = splitter.push(buf.subarray(0, n));
        for (const line of lines) {
          if (!authed) {
            if (!sameBytes(encoder.encode(line), keyBytes)) throw new Error("wrong key");
            authed = true;
            continue;
          }
          const env = parseLiveLine(line);
          if (env) onEvent(env);
        }
      }
    } catch { /* the sender went away, or did not know the key, or took too long to give it */ }
    clearTimeout(keyTimer);
    conns.delete(conn);
    try {
      conn.close();
    } catch { /* closed */ }
  };
  const accepting = (async () => {
    try {
      for await (const conn of listener) {
        if (conns.size >= LIVE_CONNECTIONS_MAX) {
          conn.close();
          continue;
        }
        conns.add(conn);
        void serveConn(conn);
      }
    } catch { /* closed */ }
  })();
  return {
    port: (listener.addr as Deno.NetAddr).port,
    async close() {
      try {
        // Another server may have taken the channel over since: leave its file.
        if ((await Deno.readTextFile(infoPath)).includes(key)) await Deno.remove(infoPath);
      } catch { /* gone already */ }
      try {
        listener.close();
      } catch { /* closed */ }
      for (const c of conns) {
        try {
          c.close();
        } catch { /* closed */ }
      }
      conns.clear();
      await accepting;
    },
  };
}
