/**
 * The permissions taskline runs with, and no others (relative to the project
 * root it starts in). deno.json's tasks spell the same flags.
 *
 * @module
 */
export const PERMISSION_FLAGS: readonly string[] = [
  "--allow-read=.taskline",
  "--allow-write=.taskline",
  "--allow-net=127.0.0.1,localhost,[::1]",
  "--allow-env",
];
