/**
 * `taskline serve`: the local server of the project.
 *
 * @module
 */
import { TasklineError } from "../errors.ts";
import { serve } from "../server/serve.ts";
import { MODULES_PREFIX, webModule, webPage } from "../web/mod.ts";
import { type CommandSpec, intOption, parseArgs } from "../cli/args.ts";
import type { Context } from "../cli/context.ts";

/** `taskline serve`, declared: its flags and help. */
export const SERVE_SPEC: CommandSpec = {
  name: "serve",
  usage: ["[options]"],
  about: `Serves the project over HTTP on a loopback address: the web UI at /, and the
API under /api/ (GET /api/openapi.json describes every route): reads, and the
writes POST /api/tasks, /api/tasks/<TASK>/run, /cancel, /approve, /reject,
which act as the commands of the same names (a run started there runs in the
server and is cancelled, resumably, when it stops).
Every /api/ route needs the header \`Authorization: Bearer <token>\`; the token
is printed, and kept in .taskline/server.token while the server runs. It is
new at each start unless TASKLINE_TOKEN gives one (32 to 256 characters of
letters, digits and ._~-), so that clients can ride out a restart.`,
  flags: {
    host: {
      type: "string",
      description: "address to listen on",
      default: "server.host of config.jsonc, else 127.0.0.1",
    },
    port: {
      type: "string",
      description: "port; 0 takes a free port",
      default: "server.port of config.jsonc, else 7777",
    },
    "exit-on-stdin-eof": {
      type: "boolean",
      description: "stop when standard input closes (for desktop clients)",
    },
    json: { type: "boolean", description: 'print {"url","port","token"} as the first line' },
  },
};

const VERSION = "0.5.0";

export async function serveCommand(ctx: Context, args: string[]): Promise<number> {
  const { values, positionals } = parseArgs(SERVE_SPEC.name, args, SERVE_SPEC.flags);
  ctx.json = values.json === true;
  if (positionals.length > 0) {
    throw new TasklineError("usage", `taskline serve takes no arguments, not "${positionals[0]}"`);
  }
  const settings = await ctx.settings();
  const port = intOption("port", values.port) ?? settings.server.port;
  if (port > 65535) throw new TasklineError("usage", `--port takes 0 to 65535, not ${port}`);
  const host = (values.host as string | undefined) ?? settings.server.host;
  if (host.trim() === "") throw new TasklineError("usage", "--host cannot be empty");

  // A token chosen by the caller lets clients (the web UI, the desktop client)
  // ride out a restart of the server.
  const token = ctx.io.env("TASKLINE_TOKEN");
  if (token !== undefined && !/^[A-Za-z0-9._~-]{32,256}$/.test(token)) {
    throw new TasklineError(
      "usage",
      "TASKLINE_TOKEN must be 32 to 256 letters, digits or ._~- (for example 64 hexadecimal digits)",
    );
  }

  const stop = new AbortController();
  const onAbort = () => stop.abort();
  ctx.io.signal.addEventListener("abort", onAbort, { once: true });
  if (ctx.io.signal.aborted) stop.abort();
  if (values["exit-on-stdin-eof"]) void watchStdin(ctx.io.stdin, stop);
  try {
    await serve(ctx.state, {
      host,
      port,
      version: VERSION,
      webPage,
      webModules: { prefix: MODULES_PREFIX, answer: webModule },
      token,
      signal: stop.signal,
      onWarning: (m) => void ctx.warn(m),
      onListen: async ({ url, port, token }) => {
        const out = ctx.io.stdout;
        if (ctx.json) {
          await out.write(JSON.stringify({ url, port, token }) + "\n");
        } else {
          await out.write(
            `taskline serve on ${url}\n` +
              `token: ${token} (also in ${ctx.state.tokenPath} while the server runs)\n` +
              `web UI: ${url}#token=${token}\n` +
              `Press Ctrl-C to stop.\n`,
          );
        }
        await out.flush();
      },
    });
  } finally {
    ctx.io.signal.removeEventListener("abort", onAbort);
  }
  // A stop by stdin EOF is a normal end; a signal is an interruption (main maps it to 130).
  return 0;
}

/** Aborts `stop` when standard input reaches its end (what is read is ignored). */
async function watchStdin(stdin: ReadableStream<Uint8Array>, stop: AbortController) {
  try {
    const reader = stdin.getReader();
    for (;;) {
      const { done } = await reader.read();
      if (done) break;
    }
  } catch { /* a broken stdin counts as closed */ }
  stop.abort();
}
