/**
 * Driving `taskline tui` in tmux for the end-to-end tests: a private tmux
 * server a test (its own `-L` socket), keys in, the screen out.
 *
 * @module
 */
import { PERMISSION_FLAGS } from "../src/cli/permissions.ts";
import { MAIN } from "./helpers.ts";

/** The marker the pane's shell prints when the program ended. */
export const EXITED = /\[exited (\d+)\]/;

function q(s: string): string {
  return `'${s.replaceAll("'", `'\\''`)}'`;
}

/** A tmux server with one session running `taskline <args>` in a project. */
export class TuiSession implements AsyncDisposable {
  readonly socket: string;
  #closed = false;

  constructor(name: string) {
    this.socket = `taskline-${name}-${Deno.pid}-${crypto.randomUUID().slice(0, 6)}`;
  }

  async tmux(...args: string[]): Promise<string> {
    const out = await new Deno.Command("tmux", {
      args: ["-L", this.socket, "-f", "/dev/null", ...args],
      stdout: "piped",
      stderr: "piped",
      env: { TMUX: "" },
    }).output();
    const text = new TextDecoder().decode(out.stdout);
    if (!out.success) {
      throw new Error(`tmux ${args.join(" ")}: ${new TextDecoder().decode(out.stderr)}`);
    }
    return text;
  }

  /**
   * Starts the pane: prints a line, runs taskline with the shipped
   * permissions, then prints `[exited N]` and the terminal's line mode
   * (`icanon` once raw mode is left), and waits.
   */
  async start(
    cwd: string,
    args: string[],
    options: { width?: number; height?: number; env?: Record<string, string> } = {},
  ): Promise<void> {
    const env = { RUST_BACKTRACE: "0", NO_COLOR: "", ...options.env };
    const exports = Object.entries(env).map(([k, v]) => `export ${k}=${q(v)};`).join(" ");
    const cmd = [Deno.execPath(), "run", "--quiet", ...PERMISSION_FLAGS, MAIN, ...args]
      .map(q)
      .join(" ");
    const script = `${exports} echo 'before the tui'; ${cmd}; echo "[exited $?]"; ` +
      `stty -a | tr ' ;' '\\n\\n' | grep -x -- '-\\{0,1\\}icanon'; sleep 600`;
    await this.tmux(
      "new-session",
      "-d",
      "-x",
      String(options.width ?? 120),
      "-y",
      String(options.height ?? 40),
      "-c",
      cwd,
      "sh",
      "-c",
      script,
    );
  }

  /** The visible screen, as text lines. */
  async screen(): Promise<string> {
    return await this.tmux("capture-pane", "-p");
  }

  /** A tmux format of the pane, such as `#{alternate_on}`. */
  async format(f: string): Promise<string> {
    return (await this.tmux("display-message", "-p", f)).trim();
  }

  /** Sends keys (tmux key names: Down, Enter, Tab, C-c, or literal text with `literal`). */
  async keys(...keys: string[]): Promise<void> {
    await this.tmux("send-keys", ...keys);
  }

  /** Sends literal text. */
  async type(text: string): Promise<void> {
    await this.tmux("send-keys", "-l", text);
  }

  /**
   * Waits until the screen satisfies `test` (a string it contains or a
   * predicate); returns the screen. Throws with the last screen after
   * `timeoutMs`.
   */
  async waitFor(
    test: string | RegExp | ((screen: string) => boolean),
    timeoutMs = 20_000,
  ): Promise<string> {
    const ok = typeof test === "string"
      ? (s: string) => s.includes(test)
      : test instanceof RegExp
      ? (s: string) => test.test(s)
      : test;
    const deadline = Date.now() + timeoutMs;
    let last = "";
    for (;;) {
      last = await this.screen();
      if (ok(last)) return last;
      if (Date.now() > deadline) {
        throw new Error(`timed out waiting for ${String(test)}; the screen:\n${last}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    // tmux leaves its socket file behind: remove it too.
    const path = await this.format("#{socket_path}").catch(() => "");
    await this.tmux("kill-server").catch(() => {});
    if (path.endsWith(`/${this.socket}`)) await Deno.remove(path).catch(() => {});
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }
}

/** Whether tmux is installed (CI installs it; a machine without it skips these tests). */
export async function hasTmux(): Promise<boolean> {
  try {
    return (await new Deno.Command("tmux", { args: ["-V"], stdout: "null", stderr: "null" })
      .output()).success;
  } catch {
    return false;
  }
}
