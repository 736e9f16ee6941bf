/**
 * Who may talk to the server: the bearer token (256 random bits, compared in
 * constant time), and the Host and Origin checks that keep web pages of other
 * sites out (DNS rebinding, cross-site requests).
 *
 * @module
 */

/** A new token: 256 random bits as 64 lowercase hexadecimal digits. */
export function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

const encoder = new TextEncoder();

/**
 * Compares two strings in time that depends only on their lengths, never on
 * where they differ.
 */
export function constantTimeEqual(a: string, b: string): boolean {
  const x = encoder.encode(a);
  const y = encoder.encode(b);
  const n = Math.max(x.length, y.length);
  let diff = x.length ^ y.length;
  for (let i = 0; i < n; i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

/** Whether a host name is a loopback address taskline binds to by default. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  return h === "localhost" || h === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/** The `Host` header values the server answers: its own addresses with its port. */
export function allowedHosts(bindHost: string, port: number): Set<string> {
  const hosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
  const h = bindHost.includes(":") && !bindHost.startsWith("[") ? `[${bindHost}]` : bindHost;
  if (h !== "0.0.0.0" && h !== "[::]") hosts.add(`${h.toLowerCase()}:${port}`);
  return hosts;
}

/** The checks of one server. */
export interface Gate {
  /** Allowed `Host` header values (lowercase `host:port`). */
  hosts: Set<string>;
  token: string;
}

/** Why a request is refused, or null when it may pass the Host and Origin checks. */
export function checkHostAndOrigin(req: Request, gate: Gate): string | null {
  const host = (req.headers.get("host") ?? "").toLowerCase();
  if (!gate.hosts.has(host)) {
    return `Host "${host.slice(0, 100)}" is not this server's address`;
  }
  const origin = req.headers.get("origin");
  if (origin !== null) {
    let ok = false;
    try {
      const u = new URL(origin);
      const hostPort = u.port === "" ? `${u.host}:80` : u.host;
      ok = u.protocol === "http:" && gate.hosts.has(hostPort.toLowerCase()) &&
        origin.replace(/\/$/, "") === `${u.protocol}//${u.host}`;
    } catch { /* not a URL: refused */ }
    if (!ok) return `Origin "${origin.slice(0, 100)}" is not this server's`;
  }
  return null;
}

/**
 * Whether the request carries the token: `Authorization: Bearer <token>`, or
 * (only where `allowQuery`) `?token=<token>` for EventSource clients.
 */
export function hasToken(req: Request, url: URL, gate: Gate, allowQuery: boolean): boolean {
  const auth = req.headers.get("authorization");
  if (auth !== null) {
    const m = /^Bearer[ ]+(\S+)\s*$/i.exec(auth);
    return m !== null && constantTimeEqual(m[1], gate.token);
  }
  if (allowQuery) {
    const q = url.searchParams.get("token");
    if (q !== null) return constantTimeEqual(q, gate.token);
  }
  return false;
}
