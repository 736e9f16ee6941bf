/**
 * The filters of the event views: `--since` (a time or an age) and, later,
 * the type and task sets shared by `taskline events` and the server.
 *
 * @module
 */
import { parseTimeNs } from "../contract/time.ts";
import { TasklineError } from "../errors.ts";

/**
 * Parses `--since`: RFC 3339, or an age before `nowMs`. Returns nanoseconds since the epoch.
 *
 * @example
 * ```ts
 * parseSince("90s", 1_000_000); // 910_000n * 1_000_000n
 * ```
 */
export function parseSince(text: string, nowMs: number = Date.now()): bigint {
  const ns = parseTimeNs(text);
  if (ns !== null) return ns;
  const m = /^(?:(\d{1,6})d)?(?:(\d{1,7})h)?(?:(\d{1,9})m)?(?:(\d{1,10})s)?$/.exec(text);
  if (!m || text === "") {
    throw new TasklineError(
      "usage",
      `--since takes an RFC 3339 time (2026-01-02T03:04:05Z) or an age such as 90s, 15m, 2h, 1d, 1h30m, not "${
        text.slice(0, 40)
      }"`,
    );
  }
  const [, d, h, mi, s] = m;
  const ageMs = ((Number(d ?? 0) * 24 + Number(h ?? 0)) * 60 + Number(mi ?? 0)) * 60_000 +
    Number(s ?? 0) * 1000;
  return BigInt(nowMs - ageMs) * 1_000_000n;
}
