/**
 * Helpers of the web UI tests: headless Chromium (the Debian package) driven
 * by playwright-core, a demo project made with the real program, and the real
 * `taskline serve` on it.
 *
 * @module
 */
import { type BrowserContext, chromium, type Page } from "playwright-core";
import {
  type CliProcess,
  REPO,
  runCli,
  spawnCli,
  type TempProject,
  tempProject,
} from "./helpers.ts";

/** The browser the tests drive; CI installs it with `apt-get install -y chromium`. */
export const CHROMIUM = Deno.env.get("TASKLINE_CHROMIUM") ?? "/usr/bin/chromium";

/**
 * Where the test run saves its screenshots: the docs' pictures with
 * `deno task test -- --update` (review them like golden files), a temporary
 * directory otherwise, so that a test run leaves the checkout as it was.
 */
export const SCREENSHOTS = Deno.args.includes("--update")
  ? `${REPO}/docs/screenshots`
  : `${Deno.env.get("TMPDIR") ?? "/tmp"}/taskline-screenshots-${Deno.pid}`;

/** A fresh browser profile in a temporary directory; close() removes it. */
export interface Browser extends AsyncDisposable {
  context: BrowserContext;
  page: Page;
  /** Messages the page logged as errors, and uncaught exceptions. */
  errors: string[];
  /** Every URL the page requested, in order. */
  requests: string[];
  close(): Promise<void>;
}

/** Launches headless Chromium with a fresh user data directory and opens one page. */
export async function launchBrowser(): Promise<Browser> {
  try {
    await Deno.stat(CHROMIUM);
  } catch {
    throw new Error(
      `The web UI tests need Chromium at ${CHROMIUM}: apt-get install -y chromium (or set TASKLINE_CHROMIUM)`,
    );
  }
  const dir = await Deno.makeTempDir({ prefix: "taskline-chromium-" });
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1280, height: 800 },
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-quic",
      "--no-first-run",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const page = context.pages()[0] ?? await context.newPage();
  const errors: string[] = [];
  const requests: string[] = [];
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  page.on("console", (m) => {
    // Refused requests are part of some tests; the page reports them itself.
    if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) {
      errors.push(`console: ${m.text()}`);
    }
  });
  page.on("request", (r) => requests.push(r.url()));
  const close = async () => {
    await context.close().catch(() => {});
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  };
  return { context, page, errors, requests, close, [Symbol.asyncDispose]: close };
}

/** A running `taskline serve`. */
export interface Server extends AsyncDisposable {
  proc: CliProcess;
  url: string;
  port: number;
  token: string;
  /** Stops the server (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
}

/** Starts `taskline serve --port <port> --json` in a project and reads its first line. */
export async function startServer(cwd: string, port = 0): Promise<Server> {
  const proc = spawnCli(["serve", "--port", String(port), "--json"], { cwd });
  let info: { url: string; port: number; token: string };
  try {
    const [line] = await proc.waitLines(1, 20_000);
    info = JSON.parse(line);
  } catch (e) {
    await proc[Symbol.asyncDispose]();
    throw new Error(`taskline serve did not start: ${(e as Error).message}\n${proc.stderr}`);
  }
  const stop = async () => {
    proc.kill("SIGTERM");
    await proc.done.catch(() => {});
    await proc[Symbol.asyncDispose]();
  };
  return { proc, ...info, stop, [Symbol.asyncDispose]: stop };
}

/** Prices of the models the built-in scenario uses, per million tokens. */
export const PRICING = {
  "anthropic/claude-sonnet-4-5": { input: 3, output: 15, cache_read: 0.3, cache_write: 3.75 },
  "anthropic/claude-opus-4-1": { input: 15, output: 75, cache_read: 1.5, cache_write: 18.75 },
};

/**
 * A demo project made with the program: `init`, a price table, the given
 * tasks, and the first `runs` of them run to their end with the built-in
 * scenario.
 */
export async function demoProject(titles: string[], runs: number): Promise<TempProject> {
  const project = await tempProject({ init: false });
  const cli = async (args: string[]) => {
    const r = await runCli(args, { cwd: project.dir });
    if (r.code !== 0 && !(args[0] === "run" && r.code === 2)) {
      throw new Error(`taskline ${args.join(" ")} exited ${r.code}: ${r.stderr}`);
    }
    return r;
  };
  await cli(["init"]);
  await Deno.writeTextFile(
    `${project.dir}/.taskline/config.jsonc`,
    JSON.stringify({ pricing: PRICING, pricing_currency: "USD" }, null, 2),
  );
  for (const title of titles) await cli(["task", "new", title]);
  for (let n = 1; n <= runs; n++) await cli(["run", String(n), "--speed", "50"]);
  return project;
}

/** GETs an API route of a server with its token. */
export async function apiGet(server: Server, path: string): Promise<unknown> {
  const res = await fetch(new URL(path, server.url), {
    headers: { authorization: `Bearer ${server.token}` },
  });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return await res.json();
}

/** Saves a screenshot of the page under {@link SCREENSHOTS}. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await Deno.mkdir(SCREENSHOTS, { recursive: true });
  const path = `${SCREENSHOTS}/${name}.png`;
  await page.screenshot({ path });
  // A PNG file: its signature, and more than a blank few bytes.
  const bytes = await Deno.readFile(path);
  if (bytes.length < 1000 || bytes[1] !== 0x50 || bytes[2] !== 0x4e || bytes[3] !== 0x47) {
    throw new Error(`the screenshot ${path} is not a PNG image`);
  }
}

/** Navigates the page to a screen by its address fragment and waits for its heading. */
export async function show(page: Page, hash: string): Promise<void> {
  await page.evaluate((h) => location.hash = h, hash);
  await page.waitForSelector("main h1");
}
