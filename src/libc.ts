/**
 * The C library, for the few system calls the runtime does not offer (the
 * server's socket send buffers, the time bound on a request, and the writes
 * of its streams: server/sockets.ts). The shipped
 * permissions (`--allow-ffi`) name the paths below and no others, so nothing
 * else can be loaded.
 *
 * @module
 */

/** Where the C library is on the Linux systems taskline is built for. */
export const LIBC_PATHS: readonly string[] = [
  "/lib/x86_64-linux-gnu/libc.so.6",
  "/usr/lib/x86_64-linux-gnu/libc.so.6",
  "/lib/aarch64-linux-gnu/libc.so.6",
  "/usr/lib/aarch64-linux-gnu/libc.so.6",
  "/lib64/libc.so.6",
  "/usr/lib64/libc.so.6",
];

/**
 * Opens the C library with `symbols` if taskline may (Linux, a path of
 * {@link LIBC_PATHS} granted); null if not. Never prompts for a permission.
 *
 * @example
 * ```ts
 * const libc = openLibc({ getpid: { parameters: [], result: "i32" } });
 * console.log(libc?.symbols.getpid());
 * libc?.close();
 * ```
 */
export function openLibc<S extends Deno.ForeignLibraryInterface>(
  symbols: S,
): Deno.DynamicLibrary<S> | null {
  if (Deno.build.os !== "linux") return null;
  for (const path of LIBC_PATHS) {
    if (Deno.permissions.querySync({ name: "ffi", path }).state !== "granted") continue;
    try {
      return Deno.dlopen(path, symbols);
    } catch {
      // not there on this system: the next path
    }
  }
  return null;
}
