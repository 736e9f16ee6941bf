/**
 * The process's sandbox: what it holds of Deno's permissions, asked of
 * `Deno.permissions.query` (never read from a constant), and giving up at
 * start what a command does not need (`Deno.permissions.revoke`).
 *
 * taskline is started with four permissions (src/cli/permissions.ts): read
 * and write of `.taskline/`, the network on loopback, the environment. Each
 * command keeps only what it uses of them (docs/permissions.md): a command
 * that only reads keeps no write and no network.
 *
 * @module
 */

/** What a command keeps of the four permissions (the environment is always kept). */
export interface Keeps {
  /** Read `.taskline/`. */
  read: boolean;
  /** Write `.taskline/`. */
  write: boolean;
  /** The network (loopback, and the NATS host a fleet names at install). */
  net: boolean;
}

/** Reads `.taskline/` and nothing else. */
export const READS: Keeps = { read: true, write: false, net: false };
/** Reads and writes `.taskline/`; no network. */
export const WRITES: Keeps = { read: true, write: true, net: false };
/** Every permission the program starts with. */
export const EVERYTHING: Keeps = { read: true, write: true, net: true };
/** Nothing but the environment. */
export const NOTHING: Keeps = { read: false, write: false, net: false };

/**
 * Gives up what `keeps` does not keep, for the rest of the process.
 * Revoking a permission the process does not hold is a no-op.
 *
 * @example
 * ```ts
 * await keepOnly(READS); // `taskline history`: no write, no network from here on
 * ```
 */
export async function keepOnly(keeps: Keeps): Promise<void> {
  if (!keeps.net) await Deno.permissions.revoke({ name: "net" });
  if (!keeps.write) await Deno.permissions.revoke({ name: "write" });
  if (!keeps.read) await Deno.permissions.revoke({ name: "read" });
}

/** What the process holds of one permission. */
export interface Held {
  /** Granted without bounds (every path, host, command...). */
  all: boolean;
  /**
   * Of the places asked about, those granted: `.taskline` (as `state_dir`)
   * for read and write; the loopback hosts and the NATS host for net; the
   * usual C library paths for ffi; `sh`, `bash`, `deno` and this executable
   * for run; each kind of system information for sys.
   */
  granted: string[];
}

/** Every permission of Deno, as the process holds it now. */
export interface HeldPermissions {
  read: Held;
  write: Held;
  net: Held;
  env: Held;
  run: Held;
  ffi: Held;
  sys: Held;
}

/** Where the C library is on the usual Linux systems: a partial `--allow-ffi` would name one. */
const LIBC_PATHS = [
  "/lib/x86_64-linux-gnu/libc.so.6",
  "/usr/lib/x86_64-linux-gnu/libc.so.6",
  "/lib/aarch64-linux-gnu/libc.so.6",
  "/usr/lib/aarch64-linux-gnu/libc.so.6",
  "/lib64/libc.so.6",
  "/usr/lib64/libc.so.6",
];

const SYS_KINDS = [
  "hostname",
  "osRelease",
  "osUptime",
  "loadavg",
  "networkInterfaces",
  "systemMemoryInfo",
  "uid",
  "gid",
  "username",
  "cpus",
  "homedir",
  "statfs",
  "getPriority",
  "setPriority",
] as const;

async function granted(desc: Deno.PermissionDescriptor): Promise<boolean> {
  try {
    return (await Deno.permissions.query(desc)).state === "granted";
  } catch {
    return false;
  }
}

async function grantedOf<T>(
  items: readonly T[],
  desc: (item: T) => Deno.PermissionDescriptor,
  name: (item: T) => string = String,
): Promise<string[]> {
  const out: string[] = [];
  for (const item of items) if (await granted(desc(item))) out.push(name(item));
  return out;
}

/**
 * What the process holds now, asked of `Deno.permissions.query`: each
 * permission in full, and the places it may hold it for. `stateDir` is the
 * state directory as the program names it (`.taskline`); `natsHost` the
 * fleet's NATS host, when one is named.
 *
 * A partial grant names things that cannot be listed (any path, any
 * command): the places asked about are those that matter to taskline, so a
 * process started with more than the four permissions says so.
 *
 * @example
 * ```ts
 * const held = await heldPermissions(".taskline");
 * held.ffi.all || held.ffi.granted.length > 0; // false under the shipped flags
 * ```
 */
export async function heldPermissions(
  stateDir: string,
  natsHost?: string,
): Promise<HeldPermissions> {
  const pathHeld = async (name: "read" | "write"): Promise<Held> => ({
    all: (await granted({ name })) || (await granted({ name, path: "/" })),
    granted: (await granted({ name, path: stateDir })) ? ["state_dir"] : [],
  });
  const hosts = ["127.0.0.1", "localhost", "[::1]", ...(natsHost ? [natsHost] : [])];
  const commands = ["sh", "bash", "deno", Deno.execPath()];
  return {
    read: await pathHeld("read"),
    write: await pathHeld("write"),
    net: {
      all: await granted({ name: "net" }),
      granted: await grantedOf(hosts, (host) => ({ name: "net", host })),
    },
    env: { all: await granted({ name: "env" }), granted: [] },
    run: {
      all: await granted({ name: "run" }),
      granted: await grantedOf(commands, (command) => ({ name: "run", command })),
    },
    ffi: {
      all: await granted({ name: "ffi" }),
      granted: await grantedOf(LIBC_PATHS, (path) => ({ name: "ffi", path })),
    },
    sys: {
      all: await granted({ name: "sys" }),
      granted: await grantedOf(SYS_KINDS, (kind) => ({ name: "sys", kind })),
    },
  };
}

/**
 * Whether the process can read outside the state directory: read of `/`,
 * or a way around the file permissions (a subprocess, a C library loaded
 * through FFI, which has the whole process's access).
 */
export function readsOutsideStateDir(held: HeldPermissions): boolean {
  return held.read.all || held.run.all || held.run.granted.length > 0 || held.ffi.all ||
    held.ffi.granted.length > 0;
}

/**
 * The permissions held, in words: `read .taskline, net 127.0.0.1 localhost
 * [::1], env`; `none` when nothing is held.
 */
export function describeHeld(held: HeldPermissions): string {
  const parts: string[] = [];
  for (const [name, h] of Object.entries(held) as [keyof HeldPermissions, Held][]) {
    if (h.all) parts.push(`${name} (all)`);
    else if (h.granted.length > 0) {
      parts.push(`${name} ${h.granted.map((g) => g === "state_dir" ? ".taskline" : g).join(" ")}`);
    }
  }
  return parts.length === 0 ? "none" : parts.join(", ");
}

/**
 * What is held beyond the four permissions taskline is started with (read
 * and write of `.taskline/`, the network of loopback and the NATS host, the
 * environment): empty under the shipped flags.
 */
export function beyondFour(held: HeldPermissions): string[] {
  const beyond: string[] = [];
  if (held.read.all) beyond.push("read (all)");
  if (held.write.all) beyond.push("write (all)");
  if (held.net.all) beyond.push("net (all)");
  for (const name of ["run", "ffi", "sys"] as const) {
    const h = held[name];
    if (h.all) beyond.push(`${name} (all)`);
    else if (h.granted.length > 0) beyond.push(`${name} ${h.granted.join(" ")}`);
  }
  return beyond;
}
