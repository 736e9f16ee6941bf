/**
 * What `Deno.serve` does not let the server do with its sockets, done with
 * the C library through FFI (which the shipped permissions allow for the C
 * library's usual paths and nothing else: src/libc.ts):
 *
 * - **A bound on what the kernel holds for one connection**: the listening
 *   socket's `SO_SNDBUF`, which Linux copies to every connection it accepts
 *   (and which turns the kernel's growing of that buffer off). On loopback
 *   Linux gives a new connection a send buffer of about 2.7 MiB (up to
 *   `net.ipv4.tcp_wmem`'s 4 MiB), and a client that never reads has it
 *   filled before the kernel pushes back: 500 such clients made the server
 *   copy 1.3 GB into the kernel on the thread that serves everyone else, and
 *   a reading client waited seconds (docs/server.md).
 * - **A time bound on a request's head**: a connection that has not
 *   completed a request within {@link HEAD_MS_MAX} is shut down. `Deno.serve`
 *   sees a connection only once its request head is complete, and has no
 *   timeout of its own: a client sending its headers a byte every 50 ms, or
 *   nothing, held its connection for ever.
 *
 * - **Writing a stream's chunks itself** ({@link ServerSockets.socketOf}):
 *   `send(2)` of each chunk, framed as HTTP/1.1 chunked, straight to the
 *   connection. The runtime's write of a body chunk (its stream machinery
 *   and its HTTP library) costs the server's one thread about twice what the
 *   system call does, and the fan-out makes a thousand of them a flush. A
 *   stream goes direct only once the kernel has taken exactly the response
 *   head and the chunks the runtime was given (sse.ts), and every call
 *   first checks the descriptor is still that connection.
 *
 * The server's sockets are found among the process's file descriptors by
 * their port (`getsockname`). Where FFI is not possible (another OS, another
 * C library, no permission), the server runs as before and says so once.
 *
 * @module
 */
import { openLibc } from "../libc.ts";
import type { DirectSocket } from "./sse.ts";

/** What the kernel may hold for one connection, in bytes (Linux counts its bookkeeping in it). */
export const SEND_BUFFER_BYTES = 256 * 1024;

/**
 * How long a connection may take to complete its first request (its head:
 * request line and headers), in ms. Browsers open a connection ahead and
 * send on it within a few seconds; servers commonly allow 10-60 s.
 */
export const HEAD_MS_MAX = 20_000;

/** How often the connections are looked at for {@link HEAD_MS_MAX}, in ms. */
export const HEAD_CHECK_MS = 2_500;

/**
 * How long a connection that made a request may then send and receive
 * nothing before it is closed, in ms (an idle keep-alive connection; a
 * stream sends a heartbeat every 15 s). Servers commonly allow 5-75 s.
 */
export const IDLE_MS_MAX = 75_000;

// Linux's values on x86_64 and aarch64 alike (asm-generic).
const SOL_SOCKET = 1;
const SO_SNDBUF = 7;
const SO_ACCEPTCONN = 30;
const SO_LINGER = 13;
const AF_INET = 2;
const AF_INET6 = 10;
const SHUT_RDWR = 2;
const SO_COOKIE = 57;
const IPPROTO_TCP = 6;
const TCP_INFO = 11;
/** `struct tcp_info`'s `tcpi_bytes_acked` and `tcpi_bytes_received` (u64 each, Linux 4.1 on). */
const TCP_INFO_BYTES_ACKED = 120;
const TCP_INFO_BYTES_RECEIVED = 128;
/** `tcpi_last_data_sent` and `tcpi_last_data_recv`: ms since data last went either way (u32 each). */
const TCP_INFO_LAST_DATA_SENT = 44;
const TCP_INFO_LAST_DATA_RECV = 52;
/** `ioctl` request for the bytes written and not yet acknowledged (SIOCOUTQ). */
const SIOCOUTQ = 0x5411;
const MSG_DONTWAIT = 0x40;
const MSG_NOSIGNAL = 0x4000;
const EINTR = 4;
const EAGAIN = 11;
/** Descriptors looked at beyond the highest one where a socket of the server was found, at least. */
const FDS_AHEAD = 1024;
/** Descriptors looked at, at most (a scan of 65,536 takes about 20 ms). */
const FDS_MAX = 65_536;

const SYMBOLS = {
  getsockname: { parameters: ["i32", "buffer", "buffer"], result: "i32" },
  getpeername: { parameters: ["i32", "buffer", "buffer"], result: "i32" },
  getsockopt: { parameters: ["i32", "i32", "i32", "buffer", "buffer"], result: "i32" },
  setsockopt: { parameters: ["i32", "i32", "i32", "buffer", "u32"], result: "i32" },
  shutdown: { parameters: ["i32", "i32"], result: "i32" },
  ioctl: { parameters: ["i32", "u64", "buffer"], result: "i32" },
  // ssize_t: the low 32 bits are enough for the chunks written (and keep -1).
  send: { parameters: ["i32", "buffer", "usize", "i32"], result: "i32" },
  __errno_location: { parameters: [], result: "pointer" },
  // errno, read without UnsafePointerView (which needs FFI permission for every path).
  memcpy: { parameters: ["buffer", "pointer", "usize"], result: "pointer" },
} as const;

type Libc = Deno.DynamicLibrary<typeof SYMBOLS>;

/** A socket of the server: its descriptor, and for a connection the peer's address. */
interface Found {
  fd: number;
  listening: boolean;
  /** `<address>:<port>` of the peer of a connection, as `Deno.serve` tells it. */
  peer: string;
}

/** The peer of a request as {@link ServerSockets.requested} takes it. */
export function peerKey(addr: { hostname: string; port: number }): string {
  return `${addr.hostname}:${addr.port}`;
}

/**
 * The server's sockets on one port.
 *
 * @example
 * ```ts
 * const server = Deno.serve({ port: 0 }, () => new Response("ok"));
 * const sockets = ServerSockets.open(server.addr.port);
 * if (typeof sockets === "string") console.error(`note: ${sockets}`);
 * else sockets.boundSendBuffers();
 * ```
 */
export class ServerSockets {
  readonly port: number;
  readonly #lib: Libc;
  #fdsTo = FDS_AHEAD;
  /** Connections seen, by peer: when first seen, and whether a request of theirs reached the server. */
  readonly #conns = new Map<string, { fd: number; since: number; requested: boolean }>();
  /** Peers of requests not yet matched to a connection seen. */
  readonly #requested = new Set<string>();
  #timer: ReturnType<typeof setInterval> | null = null;
  /** Peers whose connection is to be closed at the next turn (one scan for all). */
  readonly #toClose = new Set<string>();
  /** Set by {@link close}: the C library is let go, nothing more is looked at. */
  #closed = false;
  /** Peers whose connection a stream asked for, to be found at the next turn. */
  #socketsAsked = new Map<
    string,
    { requestBytes: number; answer: (s: DirectSocket | null) => void }
  >();

  private constructor(port: number, lib: Libc) {
    this.port = port;
    this.#lib = lib;
  }

  /** The sockets of `port`, or why they cannot be reached (for a warning). */
  static open(port: number): ServerSockets | string {
    let lib: Libc | null;
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
    return new ServerSockets(port, lib);
  }

  /**
   * Sets the send buffer of the listening socket to {@link SEND_BUFFER_BYTES}.
   * Call it right after `Deno.serve`, before the first `await`, so that no
   * connection is accepted before it.
   *
   * @returns null when it is in effect, else why not.
   */
  boundSendBuffers(): string | null {
    const listening = this.#scan().filter((s) => s.listening);
    if (listening.length === 0) return `no listening socket on port ${this.port} was found`;
    const value = new Int32Array([SEND_BUFFER_BYTES / 2]); // the kernel doubles it
    for (const s of listening) {
      const set = this.#lib.symbols.setsockopt(
        s.fd,
        SOL_SOCKET,
        SO_SNDBUF,
        new Uint8Array(value.buffer),
        4,
      );
      if (set !== 0) return "setsockopt refused the listening socket's send buffer";
    }
    return null;
  }

  /** A request from `peer` ({@link peerKey}) reached the server: its connection has sent a head. */
  requested(peer: string): void {
    const c = this.#conns.get(peer);
    if (c) c.requested = true;
    else if (this.#requested.size < 100_000) this.#requested.add(peer);
  }

  /** Looks at the connections every {@link HEAD_CHECK_MS} from now on. */
  watchHeads(headMsMax = HEAD_MS_MAX, checkMs = HEAD_CHECK_MS, idleMsMax = IDLE_MS_MAX): void {
    this.#timer ??= setInterval(() => this.checkHeads(headMsMax, idleMsMax), checkMs);
  }

  /**
   * Shuts down each connection that has not completed a request within
   * `headMsMax` of being first seen, and each that made a request and has
   * then sent and received nothing for `idleMsMax`. The runtime sees the
   * end of the connection and closes it.
   */
  checkHeads(headMsMax = HEAD_MS_MAX, idleMsMax = IDLE_MS_MAX): void {
    const now = Date.now();
    const seen = new Set<string>();
    for (const s of this.#scan()) {
      if (s.listening) continue;
      seen.add(s.peer);
      let c = this.#conns.get(s.peer);
      if (!c || c.fd !== s.fd) {
        c = { fd: s.fd, since: now, requested: this.#requested.delete(s.peer) };
        this.#conns.set(s.peer, c);
      } else if (!c.requested && this.#requested.delete(s.peer)) c.requested = true;
      // The descriptor was just found with this peer, in this same turn of the event loop.
      const expired = c.requested
        ? idleMs(this.#lib, s.fd) >= idleMsMax
        : now - c.since >= headMsMax;
      if (expired) {
        this.#lib.symbols.shutdown(s.fd, SHUT_RDWR);
        this.#conns.delete(s.peer);
      }
    }
    for (const peer of this.#conns.keys()) if (!seen.has(peer)) this.#conns.delete(peer);
    this.#requested.clear();
  }

  /**
   * Closes the connection of `peer` ({@link peerKey}) at once, dropping what
   * its kernel buffers hold (a reset): for a stream client dropped for taking
   * nothing, whose connection the runtime would keep until the client reads
   * or goes away. Peers asked for together are closed in one scan.
   */
  closePeer(peer: string): void {
    if (this.#toClose.size >= 100_000) return;
    this.#toClose.add(peer);
    if (this.#toClose.size > 1) return;
    setTimeout(() => {
      for (const s of this.#closed ? [] : this.#scan()) {
        if (!s.listening && this.#toClose.has(s.peer)) resetConnection(this.#lib, s.fd);
      }
      this.#toClose.clear();
    }, 0);
  }

  /**
   * The connection of `peer` ({@link peerKey}), to write a stream's chunks
   * to directly (sse.ts), if the request is the first on it: it has
   * received exactly `requestBytes` (the request's head, as sent) and so
   * nothing was written on it before the response. Null when not (a
   * keep-alive connection that served a request before, a request the
   * count cannot be sure of) or not found. Peers asked for together are
   * found in one scan.
   */
  socketOf(peer: string, requestBytes: number): Promise<DirectSocket | null> {
    const asked = Promise.withResolvers<DirectSocket | null>();
    if (this.#socketsAsked.size >= 100_000 || this.#socketsAsked.has(peer)) asked.resolve(null);
    else {
      this.#socketsAsked.set(peer, { requestBytes, answer: asked.resolve });
      if (this.#socketsAsked.size === 1) setTimeout(() => this.#findAsked(), 0);
    }
    return asked.promise;
  }

  #findAsked() {
    const asked = this.#socketsAsked;
    this.#socketsAsked = new Map();
    for (const s of this.#closed ? [] : this.#scan()) {
      const one = s.listening ? undefined : asked.get(s.peer);
      if (!one) continue;
      asked.delete(s.peer);
      const socket = ConnSocket.of(this.#lib, s.fd);
      one.answer(socket !== null && socket.received() === one.requestBytes ? socket : null);
    }
    for (const one of asked.values()) one.answer(null);
  }

  /** Stops looking, and lets go of the C library. */
  close(): void {
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#timer = null;
    this.#closed = true;
    this.#lib.close();
  }

  /** The sockets of the port now: listening ones and connections. */
  #scan(): Found[] {
    const lib = this.#lib.symbols;
    const name = new Uint8Array(128);
    const nameLen = new Uint32Array(1);
    const nameLenBytes = new Uint8Array(nameLen.buffer);
    const value = new Int32Array(1);
    const valueLen = new Uint32Array(1);
    const found: Found[] = [];
    let highest = 0;
    for (let fd = 0; fd < this.#fdsTo; fd++) {
      nameLen[0] = name.length;
      if (lib.getsockname(fd, name, nameLenBytes) !== 0) continue;
      const family = name[0] | (name[1] << 8);
      // sin_port and sin6_port: bytes 2-3, network order.
      if ((family !== AF_INET && family !== AF_INET6) || ((name[2] << 8) | name[3]) !== this.port) {
        continue;
      }
      highest = fd;
      valueLen[0] = 4;
      const ok = lib.getsockopt(
        fd,
        SOL_SOCKET,
        SO_ACCEPTCONN,
        new Uint8Array(value.buffer),
        new Uint8Array(valueLen.buffer),
      );
      if (ok !== 0) continue;
      if (value[0] === 1) {
        found.push({ fd, listening: true, peer: "" });
        continue;
      }
      nameLen[0] = name.length;
      if (lib.getpeername(fd, name, nameLenBytes) !== 0) continue;
      const port = (name[2] << 8) | name[3];
      const host = (name[0] | (name[1] << 8)) === AF_INET
        ? `${name[4]}.${name[5]}.${name[6]}.${name[7]}`
        : ipv6Text(name.subarray(8, 24));
      found.push({ fd, listening: false, peer: `${host}:${port}` });
    }
    // Twice the highest found: thousands of connections made at once are all seen in a few scans.
    this.#fdsTo = Math.min(FDS_MAX, highest + Math.max(highest, FDS_AHEAD));
    return found;
  }
}

const tcpInfoBytes = new Uint8Array(TCP_INFO_BYTES_RECEIVED + 8);
const tcpInfoView = new DataView(tcpInfoBytes.buffer);
const tcpInfoLen = new Uint32Array(1);
const tcpInfoLenBytes = new Uint8Array(tcpInfoLen.buffer);

/**
 * `struct tcp_info` of a connection, as far as taskline reads it (a view on
 * one shared buffer, valid until the next call); null when it cannot be read
 * or is too short (before Linux 4.1).
 */
function tcpInfo(lib: Libc, fd: number): DataView | null {
  tcpInfoLen[0] = tcpInfoBytes.length;
  const ok = lib.symbols.getsockopt(fd, IPPROTO_TCP, TCP_INFO, tcpInfoBytes, tcpInfoLenBytes);
  return ok === 0 && tcpInfoLen[0] >= tcpInfoBytes.length ? tcpInfoView : null;
}

/** How long a connection has sent and received no data, in ms (0 when it cannot be told). */
function idleMs(lib: Libc, fd: number): number {
  const info = tcpInfo(lib, fd);
  if (info === null) return 0;
  return Math.min(
    info.getUint32(TCP_INFO_LAST_DATA_SENT, true),
    info.getUint32(TCP_INFO_LAST_DATA_RECV, true),
  );
}

/** Shuts a connection down; its close (by the runtime) then resets it, dropping what the kernel holds for it. */
function resetConnection(lib: Libc, fd: number): void {
  const linger = new Int32Array([1, 0]); // on, 0 s: the close resets
  lib.symbols.setsockopt(fd, SOL_SOCKET, SO_LINGER, new Uint8Array(linger.buffer), 8);
  lib.symbols.shutdown(fd, SHUT_RDWR);
}

/**
 * A connection of the server, by descriptor and identity: the runtime may
 * close a descriptor before the stream hears of it, and the number may be
 * given to a new connection meanwhile. Every call first checks that the
 * descriptor is still the socket it was (its `SO_COOKIE`, unique while the
 * system runs), and answers -1 when not.
 */
class ConnSocket implements DirectSocket {
  static readonly #cookie = new BigUint64Array(1);
  static readonly #cookieBytes = new Uint8Array(ConnSocket.#cookie.buffer);
  static readonly #len = new Uint32Array(1);
  static readonly #lenBytes = new Uint8Array(ConnSocket.#len.buffer);
  static readonly #outq = new Int32Array(1);
  static readonly #outqBytes = new Uint8Array(ConnSocket.#outq.buffer);
  static #errnoAt: Deno.PointerValue = null;
  static readonly #errnoValue = new Int32Array(1);
  static readonly #errnoBytes = new Uint8Array(ConnSocket.#errnoValue.buffer);

  private constructor(
    readonly lib: Libc,
    readonly fd: number,
    readonly cookie: bigint,
  ) {}

  /** The connection on `fd` now, or null when its identity cannot be read. */
  static of(lib: Libc, fd: number): ConnSocket | null {
    const cookie = ConnSocket.#cookieOf(lib, fd);
    return cookie === null ? null : new ConnSocket(lib, fd, cookie);
  }

  static #cookieOf(lib: Libc, fd: number): bigint | null {
    ConnSocket.#len[0] = 8;
    const ok = lib.symbols.getsockopt(
      fd,
      SOL_SOCKET,
      SO_COOKIE,
      ConnSocket.#cookieBytes,
      ConnSocket.#lenBytes,
    );
    return ok === 0 && ConnSocket.#len[0] === 8 ? ConnSocket.#cookie[0] : null;
  }

  #same(): boolean {
    return ConnSocket.#cookieOf(this.lib, this.fd) === this.cookie;
  }

  /** Bytes received on the connection so far; -1 when it cannot be told. */
  received(): number {
    const info = this.#same() ? tcpInfo(this.lib, this.fd) : null;
    return info === null ? -1 : Number(info.getBigUint64(TCP_INFO_BYTES_RECEIVED, true));
  }

  written(): number {
    // Acknowledged first, then what waits: an acknowledgement between the
    // two reads makes the sum smaller, never larger than what was written.
    const info = this.#same() ? tcpInfo(this.lib, this.fd) : null;
    if (info === null) return -1;
    const acked = info.getBigUint64(TCP_INFO_BYTES_ACKED, true);
    const lib = this.lib.symbols;
    if (lib.ioctl(this.fd, BigInt(SIOCOUTQ), ConnSocket.#outqBytes) !== 0) return -1;
    return Number(acked) + ConnSocket.#outq[0];
  }

  reset(): void {
    if (!this.#same()) return;
    resetConnection(this.lib, this.fd);
  }

  send(bytes: Uint8Array): number {
    if (!this.#same()) return -1;
    for (;;) {
      const sent = this.lib.symbols.send(
        this.fd,
        bytes,
        BigInt(bytes.byteLength),
        MSG_DONTWAIT | MSG_NOSIGNAL,
      );
      if (sent >= 0) return sent;
      const errno = this.#errno();
      if (errno === EINTR) continue;
      return errno === EAGAIN ? 0 : -1;
    }
  }

  #errno(): number {
    const lib = this.lib.symbols;
    // errno is the thread's, and the runtime calls the C library on this one thread.
    ConnSocket.#errnoAt ??= lib.__errno_location();
    lib.memcpy(ConnSocket.#errnoBytes, ConnSocket.#errnoAt, 4n);
    return ConnSocket.#errnoValue[0];
  }
}

/** An IPv6 address as Deno writes it (RFC 5952: lower case, the longest run of zeros as `::`). */
function ipv6Text(b: Uint8Array): string {
  const groups: number[] = [];
  for (let i = 0; i < 16; i += 2) groups.push((b[i] << 8) | b[i + 1]);
  // An IPv4-mapped address (::ffff:a.b.c.d).
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return `::ffff:${b[12]}.${b[13]}.${b[14]}.${b[15]}`;
  }
  let best = -1, bestLen = 0;
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen && j - i > 1) {
      best = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best < 0) return hex.join(":");
  return `${hex.slice(0, best).join(":")}::${hex.slice(best + bestLen).join(":")}`;
}
