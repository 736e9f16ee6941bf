/**
 * Small helpers of the unit tests of following (src/follow/): a log line of
 * a given seq, and a temporary directory removed after the test.
 *
 * @module
 */

/** A complete log line (with its newline) of schema 2: a `log` event of seq `seq`. */
export function logLine(seq: number): string {
  return JSON.stringify({
    schema: 2,
    seq,
    at: "2026-01-01T00:00:00Z",
    event: { type: "log", run: "r", level: "info", message: `m${seq}` },
  }) + "\n";
}

/** Runs `fn` with a new temporary directory, removed afterwards. */
export async function withTempDir(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir();
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
