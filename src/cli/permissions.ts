/**
 * The permissions taskline runs with, and no others (relative to the project
 * root it starts in). deno.json's tasks spell the same flags.
 *
 * @module
 */
/** The V8 flags taskline runs with (see below). */
export const V8_FLAGS = "--v8-flags=--max-semi-space-size=2,--heap-growing-percent=30";

/** The flags of `deno run` for taskline: its permissions, and its V8 flags. */
export const PERMISSION_FLAGS: readonly string[] = [
  "--allow-read=.taskline",
  "--allow-write=.taskline",
  "--allow-net=127.0.0.1,localhost,[::1]",
  "--allow-env",
  // Not permissions: a young generation of at most 2 MiB a semi-space keeps a
  // replay of a 1 GB log near 80 MB resident instead of 130 MB, and is no
  // slower; an old generation collected once it grows 30 % past what was live
  // (V8's default lets it grow to several times that) keeps `serve` with a
  // thousand stream clients near 235 MB instead of 270-300 MB (docs/server.md).
  // V8 reads them only when the process starts (set later, the second changed
  // nothing), so the install and compile tasks pass them too.
  V8_FLAGS,
];
