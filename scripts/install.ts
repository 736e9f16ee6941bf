/**
 * `deno task install` and `deno task compile`: builds the program's bundle
 * (scripts/build_program.ts: build/taskline.js, made from the sources now),
 * then `deno install` or `deno compile` of it with the shipped permissions
 * (src/cli/permissions.ts), plus the one host a fleet needs when
 * `TASKLINE_NATS_HOST` names it (`host` or `host:port`; `taskline ship` and
 * `mirror` connect to it). `deno compile` honours `DENORT_BIN` (passed
 * through). The installed command runs build/taskline.js of this checkout:
 * install again after the sources change.
 *
 * ```sh
 * TASKLINE_NATS_HOST=nats.example.internal:4222 deno task install
 * deno task compile          # loopback only
 * ```
 *
 * @module
 */
import { PERMISSION_FLAGS } from "../src/cli/permissions.ts";
import { buildProgram } from "./build_program.ts";

/**
 * The permission flags with `natsHost` added to `--allow-net` (none added
 * when it is empty).
 *
 * @example
 * ```ts
 * withNatsHost(PERMISSION_FLAGS, "nats.internal:4222");
 * ```
 */
export function withNatsHost(flags: readonly string[], natsHost: string | undefined): string[] {
  const host = (natsHost ?? "").trim();
  if (host === "") return [...flags];
  if (!/^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/.test(host)) {
    throw new Error(
      `TASKLINE_NATS_HOST must be a host or host:port (no scheme, no credentials), not "${host}"`,
    );
  }
  return flags.map((f) => f.startsWith("--allow-net=") ? `${f},${host}` : f);
}

/**
 * The arguments of `deno` that install or compile `main` with `flags`, as
 * `deno task install` and `deno task compile` run them.
 */
export function denoArgs(what: "install" | "compile", flags: string[], main: string): string[] {
  return what === "install"
    ? ["install", "--global", "--force", "--name", "taskline", ...flags, main]
    : ["compile", ...flags, "--output", "taskline", main];
}

if (import.meta.main) {
  const what = Deno.args[0];
  if (what !== "install" && what !== "compile") {
    console.error("usage: deno run scripts/install.ts install|compile");
    Deno.exit(2);
  }
  let flags: string[];
  try {
    flags = withNatsHost(PERMISSION_FLAGS, Deno.env.get("TASKLINE_NATS_HOST"));
  } catch (e) {
    console.error((e as Error).message);
    Deno.exit(2);
  }
  const main = await buildProgram();
  const args = denoArgs(what, flags, main);
  const net = flags.find((f) => f.startsWith("--allow-net="));
  console.error(`deno ${what}: ${net}`);
  const status = await new Deno.Command(Deno.execPath(), {
    args,
    stdin: "inherit",
    stdout: "inherit",
    stderr: "inherit",
  }).spawn().status;
  Deno.exit(status.code);
}
