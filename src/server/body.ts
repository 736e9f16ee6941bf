/**
 * Request bodies of the write routes: `Content-Type: application/json` is
 * required (a cross-site form cannot send it without a preflight, which the
 * Origin check refuses), the size is bounded before and while it is read,
 * and the document must be one JSON object whose members the route takes.
 *
 * @module
 */
import { concatBytes } from "../codec/lines.ts";
import { TasklineError } from "../errors.ts";

/** Largest body a write route reads, in bytes. */
export const BODY_BYTES_MAX = 64 * 1024;

/**
 * Reads a write route's body: a JSON object, or `{}` when the body is
 * empty. Members other than `allowed` are a 400 (a typo must not be
 * silently ignored).
 *
 * @throws TasklineError `unsupported-media-type` (415), `too-large` (413),
 * `bad-request` (400).
 *
 * @example
 * ```ts
 * const body = await readJsonBody(req, ["title", "description"]);
 * ```
 */
export async function readJsonBody(
  req: Request,
  allowed: readonly string[],
  options: { bytesMax?: number } = {},
): Promise<Record<string, unknown>> {
  const bytesMax = options.bytesMax ?? BODY_BYTES_MAX;
  const type = req.headers.get("content-type");
  const media = (type ?? "").split(";")[0].trim().toLowerCase();
  if (media !== "application/json") {
    throw new TasklineError(
      "unsupported-media-type",
      type === null
        ? "This route needs the header `Content-Type: application/json`"
        : `This route takes application/json, not "${type.slice(0, 60)}"`,
    );
  }
  const length = req.headers.get("content-length");
  if (length !== null && /^\d+$/.test(length) && Number(length) > bytesMax) {
    throw tooLarge(bytesMax);
  }
  const bytes = await readBounded(req, bytesMax);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new TasklineError("bad-request", "The body is not UTF-8 text");
  }
  if (text.trim() === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new TasklineError(
      "bad-request",
      `The body is not JSON (${(e as Error).message.slice(0, 120)})`,
    );
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new TasklineError(
      "bad-request",
      `The body must be a JSON object${allowed.length ? ` with ${allowed.join(", ")}` : ""}`,
    );
  }
  const body = value as Record<string, unknown>;
  for (const key of Object.keys(body)) {
    if (!allowed.includes(key)) {
      throw new TasklineError(
        "bad-request",
        `Unknown member "${key.slice(0, 40)}" in the body; this route takes ${
          allowed.length ? allowed.join(", ") : "none"
        }`,
      );
    }
  }
  return body;
}

function tooLarge(bytesMax: number): TasklineError {
  return new TasklineError(
    "too-large",
    `The body is larger than ${bytesMax} bytes`,
  );
}

async function readBounded(req: Request, bytesMax: number): Promise<Uint8Array> {
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > bytesMax) {
        await reader.cancel().catch(() => {});
        throw tooLarge(bytesMax);
      }
      parts.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  return concatBytes(parts, size);
}

/** A member that must be text when present; undefined when absent or null. */
export function textMember(body: Record<string, unknown>, name: string): string | undefined {
  const v = body[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "string") {
    throw new TasklineError("bad-request", `Member ${name} must be text`);
  }
  return v;
}
