/**
 * TCP clients with a small receive buffer, through libc (Deno's own
 * sockets cannot set `SO_RCVBUF`): the clients of the slow-client soak and
 * tests, which open an event stream and then read slowly or not at all. A
 * 4 KiB receive buffer makes the server's writes back up after a few KB, as
 * a stalled browser tab or a client on a bad network does, instead of the
 * megabytes that loopback's default buffers absorb.
 *
 * Linux only; needs `--allow-ffi`.
 *
 * ```ts
 * const c = RawSocket.connect(port, { receiveBytes: 4096 });
 * c.send(`GET /api/stream HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
 * const bytes = await c.recv(4096); // null at the end of the stream
 * c.close();
 * ```
 *
 * @module
 */

const libc = (() => {
  let lib: ReturnType<typeof open> | null = null;
  function open() {
    return Deno.dlopen("libc.so.6", {
      socket: { parameters: ["i32", "i32", "i32"], result: "i32" },
      setsockopt: { parameters: ["i32", "i32", "i32", "buffer", "u32"], result: "i32" },
      connect: { parameters: ["i32", "buffer", "u32"], result: "i32" },
      send: { parameters: ["i32", "buffer", "usize", "i32"], result: "isize" },
      recv: { parameters: ["i32", "buffer", "usize", "i32"], result: "isize", nonblocking: true },
      close: { parameters: ["i32"], result: "i32" },
    });
  }
  return () => (lib ??= open()).symbols;
})();

const AF_INET = 2, SOCK_STREAM = 1, SOL_SOCKET = 1, SO_RCVBUF = 8, SO_RCVTIMEO = 20;
const MSG_NOSIGNAL = 0x4000;

/** One client socket. */
export class RawSocket {
  #fd: number;

  private constructor(fd: number) {
    this.#fd = fd;
  }

  /**
   * Connects to 127.0.0.1:`port` with a receive buffer of `receiveBytes`
   * (the kernel doubles it; default 4096); a {@link recv} gives up after
   * `recvTimeoutMs` (default 5000).
   */
  static connect(
    port: number,
    options: { receiveBytes?: number; recvTimeoutMs?: number } = {},
  ): RawSocket {
    const c = libc();
    const fd = c.socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) throw new Error("socket() failed");
    const size = new Int32Array([options.receiveBytes ?? 4096]);
    c.setsockopt(fd, SOL_SOCKET, SO_RCVBUF, new Uint8Array(size.buffer), 4);
    const ms = options.recvTimeoutMs ?? 5000;
    const tv = new BigInt64Array([BigInt(Math.floor(ms / 1000)), BigInt((ms % 1000) * 1000)]);
    c.setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, new Uint8Array(tv.buffer), 16);
    const addr = new Uint8Array(16);
    new DataView(addr.buffer).setUint16(0, AF_INET, true);
    new DataView(addr.buffer).setUint16(2, port, false);
    addr.set([127, 0, 0, 1], 4);
    if (c.connect(fd, addr, 16) !== 0) {
      c.close(fd);
      throw new Error(`connect() to 127.0.0.1:${port} failed`);
    }
    return new RawSocket(fd);
  }

  /** Sends all of `text` (a request is small: it fits the send buffer). */
  send(text: string | Uint8Array): void {
    const bytes = typeof text === "string" ? new TextEncoder().encode(text) : text;
    let off = 0;
    while (off < bytes.length) {
      const n = Number(
        libc().send(this.#fd, bytes.subarray(off), BigInt(bytes.length - off), MSG_NOSIGNAL),
      );
      if (n <= 0) throw new Error("send() failed: the connection is closed");
      off += n;
    }
  }

  /**
   * Reads at most `max` bytes (waiting on a thread); null when the peer
   * closed, an empty array when nothing came within the receive timeout.
   */
  async recv(max = 4096): Promise<Uint8Array | null> {
    if (this.#fd < 0) return null;
    const buf = new Uint8Array(max);
    const n = Number(await libc().recv(this.#fd, buf, BigInt(max), 0));
    if (n < 0) return new Uint8Array(0);
    return n === 0 ? null : buf.subarray(0, n);
  }

  close(): void {
    if (this.#fd < 0) return;
    libc().close(this.#fd);
    this.#fd = -1;
  }
}
