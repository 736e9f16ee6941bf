/**
 * The server's routes, with the bearer token in a header (never in an
 * address).
 *
 * @module
 */

/** An answer of the server that is not a success (status 0: the server was not reached). */
export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** The status of an error if it is an {@link ApiError}, else 0. */
export function statusOf(e: unknown): number {
  return e instanceof ApiError ? e.status : 0;
}

/** The message of any thrown value. */
export function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Whether an error is the server refusing the token. */
export function isAuthError(e: unknown): e is ApiError {
  const s = statusOf(e);
  return s === 401 || s === 403;
}

/** The server's routes, with the bearer token. */
export class Api {
  token: string;

  constructor(token: string) {
    this.token = token;
  }

  /** A request with the token; an answer that is not a success (304 is one) throws an {@link ApiError}. */
  async request(
    path: string,
    init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    let res: Response;
    const headers: Record<string, string> = {
      ...init.headers,
      Authorization: `Bearer ${this.token}`,
      Accept: "application/json",
    };
    if (init.body !== undefined) headers["Content-Type"] = "application/json";
    try {
      res = await fetch(path, {
        method: init.method ?? "GET",
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        cache: "no-store",
      });
    } catch (e) {
      throw new ApiError(0, `Cannot reach the server (${messageOf(e)})`);
    }
    if (!res.ok && res.status !== 304) {
      let message = "";
      try {
        const p = await res.json();
        message = String(p?.error || p?.detail || p?.title || "");
      } catch { /* not a problem document */ }
      throw new ApiError(res.status, message || `${res.status} ${res.statusText}`);
    }
    return res;
  }

  /** A JSON answer; the caller checks its shape. */
  async json(path: string): Promise<unknown> {
    return await (await this.request(path)).json();
  }

  async text(path: string): Promise<string> {
    return await (await this.request(path)).text();
  }

  /** POSTs a JSON body; the answer's JSON (null when it has none). */
  async post(path: string, body: unknown = {}): Promise<unknown> {
    const res = await this.request(path, { method: "POST", body });
    const text = await res.text();
    try {
      return text ? JSON.parse(text) : null;
    } catch {
      return null;
    }
  }
}
