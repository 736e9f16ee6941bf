/**
 * A bound on what the kernel holds for one connection of the server: the
 * listening socket's `SO_SNDBUF`, which Linux copies to every connection it
 * accepts (and which turns the kernel's growing of that buffer off).
 *
 * Why: on loopback Linux gives a new connection a send buffer of about
 * 2.7 MiB (up to `net.ipv4.tcp_wmem`'s 4 MiB), and a client that never reads
 * has it filled before the kernel pushes back. 500 such clients made the
 * server copy 1.3 GB into the kernel on the thread that serves everyone else,
 * and a reading client waited seconds (docs/server.md, "Where the memory of a
 * slow client goes"). `Deno.serve` gives no socket options, so this calls
 * `setsockopt` of the C library through FFI, which the shipped permissions
 * allow for the C library's usual paths and nothing else. Where that is not
 * possible (another OS, another C library, no permission), the server runs as
 * before and says so once.
 *
 * @module
 */
import { openLibc } from "../libc.ts";

/** What the kernel may hold for one connection, in bytes (Linux counts its bookkeeping in it). */
export const SEND_BUFFER_BYTES = 256 * 1024;

// Linux's values on x86_64 and aarch64 alike (asm-generic).
const SOL_SOCKET = 1;
const SO_SNDBUF = 7;
const SO_ACCEPTCONN = 30;
const AF_INET = 2;
const AF_INET6 = 10;
/** Descriptors looked at for the listening socket: the runtime opens a few dozen before it. */
const FDS_MAX = 4096;

const SYMBOLS = {
  getsockname: { parameters: ["i32", "buffer", "buffer"], result: "i32" },
  getsockopt: { parameters: ["i32", "i32", "i32", "buffer", "buffer"], result: "i32" },
  setsockopt: { parameters: ["i32", "i32", "i32", "buffer", "u32"], result: "i32" },
} as const;

/**
 * Sets the send buffer of the socket listening on `port` (of this process) to
 * {@link SEND_BUFFER_BYTES}, so every connection accepted after it has that
 * bound. Call it right after `Deno.serve`, before the first `await`, so that
 * no connection is accepted before it.
 *
 * @returns null when it is in effect, else why not (for a warning).
 * @example
 * ```ts
 * const server = Deno.serve({ port: 0 }, () => new Response("ok"));
 * const why = boundSendBuffers(server.addr.port);
 * if (why) console.error(`note: ${why}`);
 * ```
 */
export function boundSendBuffers(port: number): string | null {
  let lib: Deno.DynamicLibrary<typeof SYMBOLS> | null = null;
  try {
    lib = openLibc(SYMBOLS);
  } catch (e) {
    return `the C library could not be opened (${(e as Error).message})`;
  }
  if (lib === null) {
    return Deno.build.os === "linux"
      ? "the C library is not at a path taskline may open"
      : `not done on ${Deno.build.os}`;
  }
  try {
    const name = new Uint8Array(128);
    const nameLen = new Uint32Array(1);
    const value = new Int32Array(1);
    const valueLen = new Uint32Array(1);
    for (let fd = 0; fd < FDS_MAX; fd++) {
      nameLen[0] = name.length;
      if (lib.symbols.getsockname(fd, name, new Uint8Array(nameLen.buffer)) !== 0) continue;
      const family = name[0] | (name[1] << 8);
      // sin_port and sin6_port: bytes 2-3, network order.
      if ((family !== AF_INET && family !== AF_INET6) || ((name[2] << 8) | name[3]) !== port) {
        continue;
      }
      valueLen[0] = 4;
      const listening = lib.symbols.getsockopt(
        fd,
        SOL_SOCKET,
        SO_ACCEPTCONN,
        new Uint8Array(value.buffer),
        new Uint8Array(valueLen.buffer),
      );
      if (listening !== 0 || value[0] !== 1) continue;
      // The kernel doubles what it is given, for its bookkeeping.
      value[0] = SEND_BUFFER_BYTES / 2;
      const set = lib.symbols.setsockopt(
        fd,
        SOL_SOCKET,
        SO_SNDBUF,
        new Uint8Array(value.buffer),
        4,
      );
      return set === 0 ? null : "setsockopt refused the listening socket's send buffer";
    }
    return `no listening socket on port ${port} was found`;
  } finally {
    lib.close();
  }
}
