/**
 * A generator of realistic taskline projects for benchmarks and tests.
 *
 * It writes `.taskline/` under a project root: N tasks, each with
 * `task.json` and an `events.jsonl` of schema-2 lines in the canonical form
 * of src/codec/encode.ts, made of realistic runs: phases, agent sessions
 * with text, tool calls with complete inputs and previews, tool outputs of
 * tens of kilobytes kept in the trace store, subtasks with commits and
 * validations, approvals, budget pauses and their resumes (a repeated
 * `run_started` of the same run, seq going on), several runs per task, and
 * `at` times that move forward the way a real run's do.
 *
 * Everything comes from a seeded PRNG: the same options give the same bytes.
 * Lines are built in memory and written in chunks of a few megabytes, so a
 * gigabyte takes well under a minute.
 *
 * ```sh
 * deno run -A scripts/gen_project.ts --dir /tmp/p --tasks 20 --events-per-task 500 --seed 7
 * deno run -A scripts/gen_project.ts --dir /tmp/big --tasks 1 --log-bytes 1G --runs 1 --open
 * ```
 *
 * @module
 */
import { encodeEnvelope } from "../src/codec/encode.ts";
import type { Envelope } from "../src/contract/envelope.ts";
import { taskDirName } from "../src/store/tasks.ts";
import { traceFileText } from "../src/store/trace_store.ts";

/** Options of {@link generateProject}. */
export interface GenOptions {
  /** The project root; `.taskline/` is created in it. Required. */
  dir: string;
  /** Number of tasks. Default 1. */
  tasks?: number;
  /** Events of each task's log, about (stops at the first event past it). Default 500 unless `logBytes`. */
  eventsPerTask?: number;
  /** Bytes of each task's log, about (stops at the first line past it). Default: use `eventsPerTask`. */
  logBytes?: number;
  /** Seed of the PRNG. Default 1. */
  seed?: number;
  /** Runs of each task. Default: 1 to 3, drawn per task. */
  runs?: number;
  /** Leave the last run of each task without its `run_finished` (a run in progress). Default false. */
  open?: boolean;
  /** Trace files written per task (large outputs only); later outputs get `output_file: null`. Default 20. */
  traceFilesPerTask?: number;
  /** When the first task's first run starts, RFC 3339. Default `2026-09-01T08:00:00Z`. */
  startAt?: string;
  /**
   * Share of the events whose text gets non-ASCII characters (typographic
   * quotes and dashes, arrows, accented names, CJK, emoji), spliced into one
   * of its strings. Events without free text (budget_updated, say) never
   * get any, so the share of lines is lower: about 5% of the lines at the
   * default. 0 writes ASCII only (`--ascii`). Default 0.08.
   */
  nonAscii?: number;
  /**
   * Now and then an unknown field in an event or the envelope, or an event
   * of a type the contract does not name, as newer engines write. Default true.
   */
  unknown?: boolean;
  /**
   * How lines are written: `recorder` (the read form, as the run recorder
   * writes it) or `foreign` (as another serialiser writes the same events:
   * keys sorted, a space after each colon and comma, non-ASCII escaped as
   * \uXXXX, as Python's `json.dumps(sort_keys=True)` does). Default `recorder`.
   */
  style?: "recorder" | "foreign";
}

/** What was generated for one task. */
export interface GenTask {
  number: number;
  dir: string;
  id: string;
  events: number;
  bytes: number;
  /** Run ids in log order with the seq of each run's last event. */
  runs: { run: string; lastSeq: number; resumes: number }[];
  /** The run of the last `run_started`. */
  currentRun: string;
  /** The last seq of the current run. */
  lastSeq: number;
  /** Whether the current run is left without `run_finished`. */
  open: boolean;
  /** `at` of the last line, microseconds since the epoch. */
  lastAtUs: number;
  /** Lines with a non-ASCII character (or its \u escape, in the foreign style). */
  nonAsciiLines: number;
}

/** What {@link generateProject} made. */
export interface GenSummary {
  tasks: GenTask[];
  events: number;
  bytes: number;
  /** Lines with non-ASCII text, of all tasks. */
  nonAsciiLines: number;
  traceFiles: number;
  traceBytes: number;
  ms: number;
}

// ---------------------------------------------------------------- PRNG

/** sfc32: small, fast, and good enough for benchmark data. */
class Rng {
  #a: number;
  #b: number;
  #c: number;
  #d: number;
  constructor(seed: number) {
    this.#a = 0x9e3779b9;
    this.#b = 0x243f6a88;
    this.#c = 0xb7e15162;
    this.#d = seed >>> 0;
    for (let i = 0; i < 15; i++) this.u32();
  }
  u32(): number {
    const t = (((this.#a + this.#b) | 0) + this.#d) | 0;
    this.#d = (this.#d + 1) | 0;
    this.#a = this.#b ^ (this.#b >>> 9);
    this.#b = (this.#c + (this.#c << 3)) | 0;
    this.#c = (this.#c << 21) | (this.#c >>> 11);
    this.#c = (this.#c + t) | 0;
    return t >>> 0;
  }
  /** A float in [0, 1). */
  next(): number {
    return this.u32() / 4294967296;
  }
  /** An integer in [lo, hi]. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)];
  }
  hex(n: number): string {
    let s = "";
    while (s.length < n) s += this.u32().toString(16).padStart(8, "0");
    return s.slice(0, n);
  }
  uuid(): string {
    const h = this.hex(32);
    const v = "89ab"[this.u32() & 3];
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${v}${h.slice(17, 20)}-${
      h.slice(20, 32)
    }`;
  }
  /** A size drawn log-uniformly in [lo, hi]: many small, some large. */
  logSize(lo: number, hi: number): number {
    return Math.round(Math.exp(Math.log(lo) + this.next() * (Math.log(hi) - Math.log(lo))));
  }
}

// ---------------------------------------------------------------- text pools

const WORDS = (
  "the a to of and in for is on that with this it as be by are from at or an not we will " +
  "test tests module function handler request response error value field type return config " +
  "file files path read write parse decode encode cursor stream event events log task run " +
  "build check update fix add remove rename import export async await promise buffer line " +
  "lines offset seq schema merge branch commit server client route token limit retry query"
).split(" ");
const IDENTS = (
  "parseCursor readLog encodeEnvelope handleRequest loadSettings userId sessionToken " +
  "retryCount maxBytes lineBuffer decodeLine writeFileAtomic listTasks resolveRef " +
  "formatDuration budgetMs pendingApproval traceOutput"
).split(" ");
const FILES = [
  "src/auth/login.ts",
  "src/auth/session.ts",
  "src/api/routes.ts",
  "src/api/handlers/users.ts",
  "src/db/migrations/004_add_index.sql",
  "src/lib/retry.ts",
  "src/lib/cache.ts",
  "src/components/Header.tsx",
  "src/components/LoginForm.tsx",
  "tests/auth_test.ts",
  "tests/api_test.ts",
  "README.md",
  "package.json",
  "src/util/time.ts",
  "src/store/events.rs",
  "src/main.rs",
  "Cargo.toml",
];
const TITLES = [
  "Add login with email link",
  "Fix flaky retry test",
  "Paginate the users endpoint",
  "Cache settings between requests",
  "Rename session token field",
  "Add dark mode to the header",
  "Speed up log replay",
  "Validate upload size",
  "Migrate users table index",
  "Document the API routes",
  "Handle empty search query",
  "Add CSV export of reports",
];
const MODELS = ["claude-sonnet-5", "claude-haiku-5", "gpt-6-mini"];
const PRICING: Record<string, Record<string, number>> = {
  "anthropic/claude-sonnet-5": { input: 3, output: 15, cache_read: 0.3, cache_write: 3.75 },
  "anthropic/claude-haiku-5": { input: 1, output: 5, cache_read: 0.1, cache_write: 1.25 },
  "openai/gpt-6-mini": { input: 0.4, output: 1.6, cache_read: 0.1, cache_write: 0 },
};

/** Big strings to cut realistic text from: prose, code, command output. */
interface Pools {
  prose: string;
  code: string;
  output: string;
}

function makePools(rng: Rng): Pools {
  const prose: string[] = [];
  let n = 0;
  while (n < 200_000) {
    const words: string[] = [];
    const len = rng.int(6, 22);
    for (let i = 0; i < len; i++) {
      words.push(rng.chance(0.08) ? "`" + rng.pick(IDENTS) + "`" : rng.pick(WORDS));
    }
    let s = words.join(" ");
    s = s[0].toUpperCase() + s.slice(1) + (rng.chance(0.1) ? ":\n\n- " : ". ");
    prose.push(s);
    n += s.length;
  }
  const code: string[] = [];
  n = 0;
  let indent = 0;
  while (n < 400_000) {
    const id = rng.pick(IDENTS);
    const pad = "  ".repeat(indent);
    let line: string;
    switch (rng.int(0, 7)) {
      case 0:
        line = `${pad}export async function ${id}(input: string, options: Options = {}) {`;
        indent = Math.min(indent + 1, 4);
        break;
      case 1:
        line = `${pad}const ${id} = await ${rng.pick(IDENTS)}(${rng.pick(WORDS)}, { limit: ${
          rng.int(1, 5000)
        } });`;
        break;
      case 2:
        line = `${pad}if (${id} === undefined) throw new Error("no ${rng.pick(WORDS)}");`;
        break;
      case 3:
        line = `${pad}// ${rng.pick(WORDS)} ${rng.pick(WORDS)} ${rng.pick(WORDS)} "quoted"\t`;
        break;
      case 4:
        line = `${pad}return { ${id}, ${rng.pick(IDENTS)}: ${rng.int(0, 99)} };`;
        break;
      case 5:
        if (indent > 0) indent--;
        line = `${"  ".repeat(indent)}}`;
        break;
      default:
        line = `${pad}${id}.${rng.pick(WORDS)}(${rng.pick(IDENTS)}); // ${rng.pick(WORDS)}`;
    }
    code.push(line);
    n += line.length + 1;
  }
  const output: string[] = [];
  n = 0;
  while (n < 400_000) {
    let line: string;
    switch (rng.int(0, 5)) {
      case 0:
        line = `running ${rng.int(1, 40)} tests from ./${rng.pick(FILES)}`;
        break;
      case 1:
        line = `${rng.pick(IDENTS)} ${rng.pick(WORDS)} ${rng.pick(WORDS)} ... ok (${
          rng.int(0, 900)
        }ms)`;
        break;
      case 2:
        line = `${rng.pick(FILES)}:${rng.int(1, 400)}:${rng.int(1, 80)}: ${rng.pick(WORDS)} ${
          rng.pick(IDENTS)
        }`;
        break;
      case 3:
        line = `error[E0${rng.int(100, 999)}]: mismatched types: expected \`${
          rng.pick(IDENTS)
        }\`, found \`&str\``;
        break;
      case 4:
        line = `    at ${rng.pick(IDENTS)} (file:///work/${rng.pick(FILES)}:${rng.int(1, 300)}:${
          rng.int(1, 60)
        })`;
        break;
      default:
        line = `ok | ${rng.int(1, 90)} passed | ${rng.int(0, 3)} failed | ${rng.int(0, 2)} ignored`;
    }
    output.push(line);
    n += line.length + 1;
  }
  return { prose: prose.join(""), code: code.join("\n"), output: output.join("\n") };
}

function cut(rng: Rng, pool: string, len: number): string {
  if (len >= pool.length - 200) return pool.slice(0, len);
  let start = rng.int(0, pool.length - len - 200);
  // Begin at a word or a line, not in the middle of one.
  const nl = pool.indexOf("\n", start), sp = pool.indexOf(" ", start);
  const at = nl >= 0 && nl - start < 120 ? nl : sp;
  if (at >= 0 && at - start < 120) start = at + 1;
  return pool.slice(start, start + len);
}

// ---------------------------------------------------------------- time

/** Formats microseconds since the epoch as RFC 3339 UTC with six fractional digits. */
function makeFormatter(): (us: number) => string {
  let lastSec = -1;
  let prefix = "";
  return (us: number) => {
    const sec = Math.floor(us / 1e6);
    if (sec !== lastSec) {
      lastSec = sec;
      prefix = new Date(sec * 1000).toISOString().slice(0, 19);
    }
    return `${prefix}.${String(us - sec * 1e6).padStart(6, "0")}Z`;
  };
}

// ---------------------------------------------------------------- one task's log

const encoder = new TextEncoder();
const CHUNK_CHARS = 4 * 1024 * 1024;

/** Buffers lines and writes them in chunks of a few megabytes. */
class LogWriter {
  #file: Deno.FsFile;
  #parts: string[] = [];
  #chars = 0;
  bytes = 0;
  events = 0;
  constructor(path: string) {
    this.#file = Deno.openSync(path, { write: true, create: true, truncate: true });
  }
  /** Bytes written plus an estimate of those buffered (text is almost all ASCII). */
  get size(): number {
    return this.bytes + this.#chars;
  }
  push(line: string) {
    this.#parts.push(line);
    this.#chars += line.length;
    this.events++;
    if (this.#chars >= CHUNK_CHARS) this.flush();
  }
  flush() {
    if (this.#parts.length === 0) return;
    const data = encoder.encode(this.#parts.join(""));
    let off = 0;
    while (off < data.length) off += this.#file.writeSync(data.subarray(off));
    this.bytes += data.length;
    this.#parts = [];
    this.#chars = 0;
  }
  close() {
    this.flush();
    this.#file.close();
  }
}

interface Ctx {
  rng: Rng;
  pools: Pools;
  fmt: (us: number) => string;
  out: LogWriter;
  root: string;
  taskDir: string;
  taskId: string;
  /** Microseconds since the epoch of the next event. */
  us: number;
  traceLeft: number;
  traceFiles: number;
  traceBytes: number;
  /** Stop adding work when the log reaches this. */
  done: () => boolean;
  /** Share of events given non-ASCII text (see GenOptions.nonAscii). */
  nonAscii: number;
  unknown: boolean;
  foreign: boolean;
  /** The event being built got non-ASCII text. */
  sprinkled: boolean;
  nonAsciiLines: number;
}

interface RunCtx {
  run: string;
  seq: number;
  resumes: number;
  startedAt: string;
  usage: {
    input_tokens: number;
    output_tokens: number;
    cache_read_tokens: number;
    cache_write_tokens: number;
  };
  activeMs: number;
  segmentStartUs: number;
}

// ---------------------------------------------------------------- real-world text

/** What agents and tools write beside ASCII: typography, names, other scripts, emoji. */
const NON_ASCII = [
  "\u201cquoted\u201d",
  "it\u2019s",
  "\u2018single\u2019",
  "a \u2014 b",
  "10\u201320",
  "\u2192",
  "\u2190 back",
  "\u21d2 then",
  "wait\u2026",
  "caf\u00e9",
  "na\u00efve",
  "Zo\u00eb",
  "Fran\u00e7ois M\u00fcller",
  "\u00c5ngstr\u00f6m",
  "S\u00e3o Paulo",
  "\u65e5\u672c\u8a9e\u306e\u30c6\u30ad\u30b9\u30c8",
  "\u4fee\u590d\u767b\u5f55\u9519\u8bef",
  "\ud14c\uc2a4\ud2b8",
  "\u041f\u0440\u0438\u0432\u0435\u0442",
  "\ud83d\ude80",
  "\u2705 done",
  "\u274c failed",
  "\ud83c\udf89",
  "\ud83d\ude00",
  "\u2265 2",
  "\u00b1 5%",
  "\u20ac 12",
  "21\u00b0C",
  "3 \u00d7 4",
];

/** Fields of free text where a person or a tool may write anything. */
const TEXT_FIELDS = ["text", "message", "summary", "comment", "reason"];
const INPUT_TEXT_FIELDS = ["content", "new_string", "old_string", "command", "pattern"];

/** `s` with a non-ASCII phrase spliced in at a space within its first `within` characters. */
function sprinkle(c: Ctx, s: string, within = s.length): string {
  c.sprinkled = true;
  const phrase = c.rng.pick(NON_ASCII);
  let at = c.rng.int(0, Math.max(0, Math.min(within, s.length)));
  const sp = s.lastIndexOf(" ", at);
  if (sp >= 0) at = sp + 1;
  return s.slice(0, at) + phrase + " " + s.slice(at);
}

/** Non-ASCII text now and then in one free-text field of the event. */
function decorate(c: Ctx, event: Record<string, unknown>) {
  if (c.nonAscii <= 0 || event.type === "tool_returned" || !c.rng.chance(c.nonAscii)) return;
  const input = event.input as Record<string, unknown> | undefined;
  const fields: [Record<string, unknown>, string][] = [];
  for (const f of TEXT_FIELDS) if (typeof event[f] === "string") fields.push([event, f]);
  if (input && typeof input === "object") {
    for (const f of INPUT_TEXT_FIELDS) if (typeof input[f] === "string") fields.push([input, f]);
  }
  if (fields.length === 0) return;
  const [obj, f] = c.rng.pick(fields);
  obj[f] = sprinkle(c, obj[f] as string);
}

/** Strings of the foreign style: non-ASCII escaped as \uXXXX, as ensure_ascii does. */
function asciiJsonString(s: string): string {
  return JSON.stringify(s).replace(
    /[\u0080-\uffff]/g,
    (ch) => "\\u" + ch.charCodeAt(0).toString(16).padStart(4, "0"),
  );
}

/** A value as another serialiser writes it: sorted keys, ", " and ": ", ASCII only. */
export function foreignJson(v: unknown): string {
  if (v === null || typeof v !== "object") {
    return typeof v === "string" ? asciiJsonString(v) : JSON.stringify(v);
  }
  if (Array.isArray(v)) return "[" + v.map(foreignJson).join(", ") + "]";
  const o = v as Record<string, unknown>;
  return "{" + Object.keys(o).sort().map((k) => asciiJsonString(k) + ": " + foreignJson(o[k]))
    .join(", ") +
    "}";
}

/** Made-up fields and types of newer engines, which readers must pass through. */
function unknownExtras(c: Ctx, r: RunCtx | null, env: Envelope) {
  if (!c.unknown) return;
  const ev = env.event as unknown as Record<string, unknown>;
  if (c.rng.chance(0.004)) ev.span_id = c.rng.hex(16);
  if (c.rng.chance(0.002)) ev.x_engine = { name: "acme", build: c.rng.int(1, 999) };
  if (r && c.rng.chance(0.001)) (env as unknown as Record<string, unknown>).host = "runner-3";
}

function emit(c: Ctx, r: RunCtx | null, event: Record<string, unknown>, stepMs = 0): string {
  c.us += stepMs > 0 ? stepMs * 1000 + c.rng.int(0, 999) : c.rng.int(50, 3000);
  const at = c.fmt(c.us);
  decorate(c, event);
  const env: Envelope = { schema: 2, at, event: event as Envelope["event"] };
  if (r) env.seq = ++r.seq;
  unknownExtras(c, r, env);
  c.out.push((c.foreign ? foreignJson(env) : encodeEnvelope(env)) + "\n");
  if (c.sprinkled) c.nonAsciiLines++;
  c.sprinkled = false;
  // Now and then an event of a type the contract does not name, in the run.
  if (r && c.unknown && c.rng.chance(0.002)) {
    emit(c, r, {
      type: "context_compacted",
      run: r.run,
      tokens_before: c.rng.int(50_000, 200_000),
      tokens_after: c.rng.int(5_000, 40_000),
    }, 1);
  }
  return at;
}

function startSegment(c: Ctx, r: RunCtx, gapMs: number) {
  const at = emit(c, r, { type: "run_started", run: r.run, task: c.taskId }, gapMs);
  if (r.startedAt === "") r.startedAt = at;
  r.segmentStartUs = c.us;
}

function endSegment(c: Ctx, r: RunCtx, success: boolean, status: string) {
  r.activeMs += Math.round((c.us - r.segmentStartUs) / 1000) + 200;
  emit(c, r, {
    type: "run_finished",
    run: r.run,
    success,
    status,
    usage: { ...r.usage },
    active_ms: r.activeMs,
    started_at: r.startedAt,
  }, 30);
}

function budget(c: Ctx, r: RunCtx) {
  const tokens = r.usage.input_tokens + r.usage.output_tokens;
  emit(c, r, {
    type: "budget_updated",
    run: r.run,
    tokens,
    token_limit: null,
    active_ms: r.activeMs + Math.round((c.us - r.segmentStartUs) / 1000),
    duration_limit_ms: null,
  }, 2);
}

/** A pause (approval or budget) and the resume that follows it, hours later. */
function pauseAndResume(c: Ctx, r: RunCtx, gate: string | null) {
  if (gate) {
    emit(c, r, { type: "approval_requested", run: r.run, gate }, 5);
    emit(c, r, { type: "paused", run: r.run, reason: `waiting for approval of the ${gate}` }, 1);
    endSegment(c, r, false, "waiting");
    emit(c, r, {
      type: "approval_resolved",
      run: r.run,
      gate,
      approved: true,
      comment: c.rng.chance(0.5) ? null : cut(c.rng, c.pools.prose, c.rng.int(20, 120)),
    }, c.rng.int(60_000, 4 * 3600_000));
    startSegment(c, r, c.rng.int(2_000, 60_000));
  } else {
    emit(c, r, { type: "paused", run: r.run, reason: "token budget reached" }, 1);
    endSegment(c, r, false, "paused");
    startSegment(c, r, c.rng.int(60_000, 8 * 3600_000));
  }
  r.resumes++;
}

function toolCall(c: Ctx, r: RunCtx, role: string, subtask: string | null): [string, string] {
  const { rng, pools } = c;
  const call = rng.hex(12);
  let tool: string;
  let input: Record<string, unknown>;
  const k = rng.next();
  if (k < 0.3) {
    tool = "read_file";
    input = { path: rng.pick(FILES) };
  } else if (k < 0.55) {
    tool = "bash";
    input = {
      command: rng.pick([
        "deno test -A",
        "cargo test --workspace",
        "npm run lint",
        `grep -rn "${rng.pick(IDENTS)}" src/`,
        "git status --short",
        "ls -la src/",
      ]),
      timeout_secs: 120,
    };
  } else if (k < 0.7) {
    tool = "edit_file";
    input = {
      path: rng.pick(FILES),
      old_string: cut(rng, pools.code, rng.logSize(40, 1500)),
      new_string: cut(rng, pools.code, rng.logSize(40, 2000)),
    };
  } else if (k < 0.8) {
    tool = "write_file";
    input = { path: rng.pick(FILES), content: cut(rng, pools.code, rng.logSize(200, 8000)) };
  } else if (k < 0.92) {
    tool = "grep";
    input = { pattern: rng.pick(IDENTS), path: "src", glob: "*.ts" };
  } else {
    tool = "list_dir";
    input = { path: rng.pick(["src", "tests", "src/api", "."]) };
  }
  emit(c, r, { type: "tool_called", run: r.run, role, tool, input, call, subtask }, 3);
  return [tool, call];
}

function toolReturn(
  c: Ctx,
  r: RunCtx,
  role: string,
  subtask: string | null,
  tool: string,
  call: string,
) {
  const { rng, pools } = c;
  let size: number;
  let pool = pools.output;
  let exit_code: number | null = null;
  let is_error = false;
  let duration: number;
  if (tool === "bash") {
    size = rng.logSize(20, 60_000);
    exit_code = rng.chance(0.2) ? rng.pick([1, 101, 2]) : 0;
    is_error = exit_code !== 0;
    duration = rng.logSize(20, 90_000);
  } else if (tool === "read_file") {
    size = rng.logSize(300, 30_000);
    pool = pools.code;
    duration = rng.int(1, 30);
  } else if (tool === "grep" || tool === "list_dir") {
    size = rng.logSize(30, 6_000);
    duration = rng.int(2, 200);
  } else {
    size = 0;
    is_error = rng.chance(0.05);
    duration = rng.int(1, 20);
  }
  let output = size > 0
    ? cut(rng, pool, size)
    : is_error
    ? `${tool}: old_string not found in ${rng.pick(FILES)}`
    : `${tool === "write_file" ? "Wrote" : "Edited"} ${rng.pick(FILES)} (${rng.int(1, 120)} lines)`;
  // Tool output with non-ASCII text, within what the preview shows.
  if (c.nonAscii > 0 && rng.chance(c.nonAscii)) output = sprinkle(c, output, 150);
  let output_file: string | null = null;
  if (output.length > 200 && c.traceLeft > 0) {
    c.traceLeft--;
    const rel = `.taskline/tool-output/${c.taskDir}/${r.run}/${call}.txt`;
    const dir = `${c.root}/.taskline/tool-output/${c.taskDir}/${r.run}`;
    Deno.mkdirSync(dir, { recursive: true });
    const text = traceFileText(output, 100_000);
    Deno.writeTextFileSync(`${c.root}/${rel}`, text);
    c.traceFiles++;
    c.traceBytes += text.length;
    output_file = rel;
  }
  emit(c, r, {
    type: "tool_returned",
    run: r.run,
    role,
    tool,
    is_error,
    duration_ms: duration,
    preview: output.slice(0, 200),
    call,
    subtask,
    exit_code,
    timed_out: false,
    output_chars: output.length,
    output_file,
  }, Math.min(duration, 5000));
}

/** One agent session: steps of text and tool calls, parallel reads returning out of order. */
function agentSession(
  c: Ctx,
  r: RunCtx,
  role: string,
  subtask: string | null,
  steps: number,
) {
  const { rng, pools } = c;
  emit(c, r, {
    type: "agent_started",
    run: r.run,
    role,
    subtask,
    model: rng.pick(MODELS),
  }, 5);
  let done = 0;
  for (let s = 0; s < steps; s++) {
    done++;
    if (rng.chance(0.7)) {
      emit(c, r, {
        type: "agent_text",
        run: r.run,
        role,
        text: cut(rng, pools.prose, rng.logSize(40, 2500)),
      }, rng.int(500, 9000));
    }
    const parallel = rng.chance(0.2) ? rng.int(2, 4) : 1;
    const calls: [string, string][] = [];
    for (let i = 0; i < parallel; i++) calls.push(toolCall(c, r, role, subtask));
    if (parallel > 1 && rng.chance(0.5)) calls.reverse(); // returns out of order
    for (const [tool, call] of calls) toolReturn(c, r, role, subtask, tool, call);
    if (rng.chance(0.01)) {
      emit(c, r, {
        type: "retrying",
        run: r.run,
        what: "provider call",
        attempt: 2,
        delay_ms: rng.pick([1000, 2000, 4000]),
      }, 10);
    }
    if (c.done()) break;
  }
  const input = done * rng.int(2_000, 12_000);
  const usage = {
    input_tokens: input,
    output_tokens: Math.round(input * (0.05 + rng.next() * 0.2)),
    cache_read_tokens: Math.round(input * rng.next() * 0.8),
    cache_write_tokens: rng.chance(0.3) ? rng.int(0, 4_000) : 0,
  };
  for (const k of Object.keys(usage) as (keyof typeof usage)[]) r.usage[k] += usage[k];
  emit(c, r, {
    type: "agent_finished",
    run: r.run,
    role,
    steps: done,
    usage,
    stop: '{"reason":"completed"}',
  }, 20);
  budget(c, r);
}

function phase(c: Ctx, r: RunCtx, name: string, body: () => boolean) {
  emit(c, r, { type: "phase_started", run: r.run, phase: name }, 10);
  const success = body();
  emit(c, r, {
    type: "phase_finished",
    run: r.run,
    phase: name,
    success,
    summary: success ? `${name} done` : `${name} failed: ${cut(c.rng, c.pools.prose, 60)}`,
  }, 5);
  budget(c, r);
}

function sha(rng: Rng): string {
  return rng.hex(40);
}

/**
 * One run. Returns how it ended: `done`, `failed`, `waiting` (paused at a
 * gate), or `open` (left without run_finished).
 */
function genRun(
  c: Ctx,
  r: RunCtx,
  options: { last: boolean; open: boolean },
): string {
  const { rng, pools } = c;
  startSegment(c, r, rng.int(1_000, 3600_000));
  if (rng.chance(0.1)) {
    emit(c, null, { type: "log", run: null, level: "info", message: "settings reloaded" }, 1);
  }
  phase(c, r, "assess", () => {
    agentSession(c, r, "complexity_assessor", null, 1);
    return true;
  });
  if (rng.chance(0.5)) {
    phase(c, r, "spec", () => {
      agentSession(c, r, "spec_writer", null, rng.int(2, 5));
      emit(c, r, { type: "artefact_written", run: r.run, artefact: { kind: "spec" } }, 5);
      return true;
    });
    if (rng.chance(0.2)) pauseAndResume(c, r, "spec");
  }
  phase(c, r, "plan", () => {
    agentSession(c, r, "planner", null, rng.int(2, 6));
    emit(c, r, { type: "artefact_written", run: r.run, artefact: { kind: "plan" } }, 5);
    return true;
  });
  if (rng.chance(0.3)) pauseAndResume(c, r, "plan");
  // The build: subtasks until the log has the size this run was given.
  let failed = false;
  phase(c, r, "build", () => {
    emit(c, r, {
      type: "committed",
      run: r.run,
      subtask: null,
      commit: sha(rng),
      message: "taskline: checkpoint before build",
      files: [],
    }, 20);
    for (let i = 0; i < 100_000 && !c.done(); i++) {
      const st = rng.uuid();
      emit(c, r, { type: "subtask_updated", run: r.run, subtask: st, status: "in_progress" }, 3);
      agentSession(c, r, "coder", st, rng.int(3, 14));
      const files = [rng.pick(FILES), rng.pick(FILES)].filter((f, j, a) => a.indexOf(f) === j);
      emit(c, r, {
        type: "committed",
        run: r.run,
        subtask: st,
        commit: sha(rng),
        message: `${rng.pick(["feat", "fix", "test", "refactor"])}: ${
          cut(rng, pools.prose, rng.int(20, 60)).trim()
        }`,
        files,
      }, 200);
      const passed = rng.chance(0.85);
      emit(c, r, {
        type: "validation_finished",
        run: r.run,
        command: rng.pick(["deno test -A", "cargo test", "npm test"]),
        integration: false,
        passed,
        exit_code: passed ? 0 : 1,
      }, rng.int(2_000, 60_000));
      emit(c, r, {
        type: "subtask_updated",
        run: r.run,
        subtask: st,
        status: passed ? "done" : "failed",
      }, 2);
      emit(c, r, {
        type: "subtask_integrated",
        run: r.run,
        subtask: st,
        commit: sha(rng),
        conflicts: rng.chance(0.05) ? [rng.pick(FILES)] : [],
      }, 50);
      // Long runs pause on their budget now and then and are resumed.
      if (rng.chance(0.02)) pauseAndResume(c, r, null);
      if (rng.chance(0.02)) {
        emit(c, r, { type: "log", run: r.run, level: "warn", message: "slow provider" }, 1);
      }
    }
    // Runs before the last one mostly failed: that is why there is another.
    if (!options.last && rng.chance(0.6)) failed = true;
    return !failed;
  });
  if (options.last && options.open) return "open";
  if (failed) {
    endSegment(c, r, false, "failed");
    return "failed";
  }
  phase(c, r, "qa", () => {
    agentSession(c, r, "qa_reviewer", null, rng.int(2, 6));
    emit(c, r, {
      type: "artefact_written",
      run: r.run,
      artefact: { kind: "qa_report", round: 1 },
    }, 5);
    return true;
  });
  if (options.last && rng.chance(0.1)) {
    emit(c, r, { type: "approval_requested", run: r.run, gate: "merge" }, 5);
    emit(c, r, { type: "paused", run: r.run, reason: "waiting for approval of the merge" }, 1);
    endSegment(c, r, false, "waiting");
    return "waiting";
  }
  phase(c, r, "merge", () => {
    emit(c, r, {
      type: "merged",
      run: r.run,
      commit: sha(rng),
      branch: `taskline/${c.taskDir}`,
      base: "main",
    }, 500);
    return true;
  });
  endSegment(c, r, true, "done");
  return "done";
}

function genTask(
  root: string,
  number: number,
  rng: Rng,
  pools: Pools,
  opts: Required<Omit<GenOptions, "logBytes" | "eventsPerTask" | "runs">> & {
    logBytes?: number;
    eventsPerTask?: number;
    runs?: number;
  },
  startUs: number,
): GenTask & { traceFiles: number; traceBytes: number; status: string; title: string } {
  const title = `${rng.pick(TITLES)} ${number}`;
  const dir = taskDirName(number, title);
  const id = rng.uuid();
  Deno.mkdirSync(`${root}/.taskline/tasks/${dir}`, { recursive: true });
  const out = new LogWriter(`${root}/.taskline/tasks/${dir}/events.jsonl`);
  const runs = opts.runs ?? rng.int(1, 3);
  const byBytes = opts.logBytes !== undefined;
  const total = byBytes ? opts.logBytes! : opts.eventsPerTask ?? 500;
  let runTarget = total;
  const c: Ctx = {
    rng,
    pools,
    fmt: makeFormatter(),
    out,
    root,
    taskDir: dir,
    taskId: id,
    us: startUs,
    traceLeft: opts.traceFilesPerTask,
    traceFiles: 0,
    traceBytes: 0,
    done: () => (byBytes ? out.size : out.events) >= runTarget,
    nonAscii: opts.nonAscii,
    unknown: opts.unknown,
    foreign: opts.style === "foreign",
    sprinkled: false,
    nonAsciiLines: 0,
  };
  const summaries: GenTask["runs"] = [];
  let ending = "done";
  let last: RunCtx | null = null;
  for (let i = 0; i < runs; i++) {
    runTarget = Math.round((total * (i + 1)) / runs);
    const r: RunCtx = {
      run: rng.uuid(),
      seq: 0,
      resumes: 0,
      startedAt: "",
      usage: { input_tokens: 0, output_tokens: 0, cache_read_tokens: 0, cache_write_tokens: 0 },
      activeMs: 0,
      segmentStartUs: 0,
    };
    ending = genRun(c, r, { last: i === runs - 1, open: opts.open });
    summaries.push({ run: r.run, lastSeq: r.seq, resumes: r.resumes });
    last = r;
  }
  out.close();
  const status = ending === "done"
    ? "done"
    : ending === "failed"
    ? "ready"
    : ending === "waiting"
    ? "waiting"
    : "in_progress";
  const record = {
    id,
    number,
    title,
    status,
    created_at: c.fmt(startUs - 60_000_000),
  };
  Deno.writeTextFileSync(
    `${root}/.taskline/tasks/${dir}/task.json`,
    JSON.stringify(record, null, 2) + "\n",
  );
  return {
    number,
    dir,
    id,
    title,
    status,
    events: out.events,
    bytes: out.bytes,
    runs: summaries,
    currentRun: last!.run,
    lastSeq: last!.seq,
    open: ending === "open",
    lastAtUs: c.us,
    traceFiles: c.traceFiles,
    traceBytes: c.traceBytes,
    nonAsciiLines: c.nonAsciiLines,
  };
}

/**
 * Generates a project. Existing task directories of the same numbers are
 * overwritten; nothing else is removed.
 *
 * @example
 * ```ts
 * const s = await generateProject({ dir: "/tmp/p", tasks: 3, eventsPerTask: 200, seed: 7 });
 * console.log(s.events, s.bytes);
 * ```
 */
export function generateProject(options: GenOptions): GenSummary {
  const t0 = performance.now();
  const opts = {
    dir: options.dir,
    tasks: options.tasks ?? 1,
    seed: options.seed ?? 1,
    open: options.open ?? false,
    traceFilesPerTask: options.traceFilesPerTask ?? 20,
    startAt: options.startAt ?? "2026-09-01T08:00:00Z",
    logBytes: options.logBytes,
    eventsPerTask: options.eventsPerTask,
    runs: options.runs,
    nonAscii: options.nonAscii ?? 0.08,
    unknown: options.unknown ?? true,
    style: options.style ?? "recorder",
  };
  if (!(opts.tasks >= 1)) {
    throw new Error(`gen_project: --tasks must be at least 1, not ${opts.tasks}`);
  }
  const root = opts.dir.replace(/\/+$/, "");
  Deno.mkdirSync(`${root}/.taskline/tasks`, { recursive: true });
  Deno.writeTextFileSync(
    `${root}/.taskline/config.jsonc`,
    `// Generated by scripts/gen_project.ts (seed ${opts.seed}).\n` +
      JSON.stringify({ pricing: PRICING }, null, 2) + "\n",
  );
  const rng = new Rng(opts.seed);
  const pools = makePools(rng);
  const base = Date.parse(opts.startAt) * 1000;
  if (Number.isNaN(base)) throw new Error(`gen_project: bad --start-at ${opts.startAt}`);
  const tasks: GenTask[] = [];
  let events = 0, bytes = 0, traceFiles = 0, traceBytes = 0, nonAsciiLines = 0;
  for (let n = 1; n <= opts.tasks; n++) {
    // Each task has its own stream of numbers, so that task n is the same
    // whatever the number of tasks; tasks start a few minutes apart and overlap.
    const taskRng = new Rng((opts.seed * 1_000_003 + n * 7919) >>> 0);
    const start = base + (n - 1) * taskRng.int(30, 600) * 1_000_000;
    const t = genTask(root, n, taskRng, pools, opts, start);
    const { traceFiles: tf, traceBytes: tb, status: _s, title: _t, ...summary } = t;
    tasks.push(summary);
    events += t.events;
    bytes += t.bytes;
    traceFiles += tf;
    traceBytes += tb;
    nonAsciiLines += t.nonAsciiLines;
  }
  return {
    tasks,
    events,
    bytes,
    nonAsciiLines,
    traceFiles,
    traceBytes,
    ms: Math.round(performance.now() - t0),
  };
}

/** Parses `1G`, `200M`, `64k`, `1000` (bytes, powers of 1024). */
export function parseSize(text: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*([kmg]?)i?b?$/i.exec(text.trim());
  if (!m) throw new Error(`gen_project: cannot read the size "${text}" (try 200M or 1G)`);
  const mult = { "": 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[m[2].toLowerCase() as "" | "k"]!;
  return Math.round(Number(m[1]) * mult);
}

const USAGE = `Usage: deno run -A scripts/gen_project.ts --dir DIR [--tasks N]
         (--events-per-task M | --log-bytes SIZE) [--seed S] [--runs R] [--open]
         [--trace-files K] [--start-at TIME] [--ascii] [--non-ascii SHARE]
         [--foreign] [--no-unknown] [--json]

Writes DIR/.taskline/ with N tasks whose logs have about M events or SIZE bytes
each (SIZE like 200M or 1G), deterministic from the seed. --runs fixes the runs
per task (default 1 to 3), --open leaves each task's last run in progress, and
--trace-files caps the trace files per task (default 20). --json prints the
summary (runs, last seqs) as JSON.

Text is like real agent output: about 5% of the lines carry non-ASCII text
(typographic quotes and dashes, arrows, accents, CJK, emoji); --non-ascii sets
the share of events that get some (default 0.08), --ascii writes ASCII only.
Unknown fields and event types appear now and then (--no-unknown: never).
--foreign writes the lines as another serialiser would (sorted keys, spaces
after colons and commas, non-ASCII escaped as \\uXXXX).`;

if (import.meta.main) {
  const args = Deno.args;
  const opts: Partial<GenOptions> = {};
  let json = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const val = () => {
      const v = args[++i];
      if (v === undefined) throw new Error(`gen_project: ${a} needs a value`);
      return v;
    };
    switch (a) {
      case "--dir":
        opts.dir = val();
        break;
      case "--tasks":
        opts.tasks = Number(val());
        break;
      case "--events-per-task":
        opts.eventsPerTask = Number(val());
        break;
      case "--log-bytes":
        opts.logBytes = parseSize(val());
        break;
      case "--seed":
        opts.seed = Number(val());
        break;
      case "--runs":
        opts.runs = Number(val());
        break;
      case "--open":
        opts.open = true;
        break;
      case "--trace-files":
        opts.traceFilesPerTask = Number(val());
        break;
      case "--start-at":
        opts.startAt = val();
        break;
      case "--ascii":
        opts.nonAscii = 0;
        break;
      case "--non-ascii":
        opts.nonAscii = Number(val());
        break;
      case "--foreign":
        opts.style = "foreign";
        break;
      case "--no-unknown":
        opts.unknown = false;
        break;
      case "--json":
        json = true;
        break;
      case "-h":
      case "--help":
        console.log(USAGE);
        Deno.exit(0);
        break;
      default:
        console.error(`gen_project: unknown option ${a}\n\n${USAGE}`);
        Deno.exit(2);
    }
  }
  if (!opts.dir) {
    console.error(USAGE);
    Deno.exit(2);
  }
  const s = generateProject(opts as GenOptions);
  if (json) console.log(JSON.stringify(s));
  else {
    console.log(
      `${s.tasks.length} tasks, ${s.events} events, ${
        (s.bytes / 1048576).toFixed(1)
      } MiB of logs, ` +
        `${s.traceFiles} trace files (${(s.traceBytes / 1048576).toFixed(1)} MiB), ` +
        `${
          (100 * s.nonAsciiLines / Math.max(1, s.events)).toFixed(1)
        }% of the lines non-ASCII, in ${s.ms} ms`,
    );
  }
}
