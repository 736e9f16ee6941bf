/**
 * Writes `fixtures/agents/`: transcripts of Claude Code
 * (`claude -p ... --output-format stream-json --verbose`) and of Codex
 * (`codex exec --json ...`), written from their documented formats
 * (docs/agents.md names the sources), and `fixtures/projects/agents/`: a
 * project whose tasks are those transcripts recorded as `taskline record
 * --from ...` records them, with fixed ids and times so that the golden
 * cases of `events`, `trace` and `history` can read them.
 *
 * The recording goes through the same adapters and run recorder as the
 * command; tests/record_agents_test.ts checks that the command records each
 * transcript into the same events (up to ids and times).
 *
 * Usage: `deno run -A scripts/make_agent_fixtures.ts`
 *
 * @module
 */
import { MonotonicClock } from "../src/contract/time.ts";
import { agentAdapter, type AgentFormat, type Produced } from "../src/producers/mod.ts";
import { producedEvents } from "../src/cli/cmd_record.ts";
import { RunRecorder } from "../src/store/recorder.ts";
import { defaultSettings } from "../src/store/settings.ts";
import { StateDir } from "../src/store/state_dir.ts";
import { readTask, saveTask } from "../src/store/tasks.ts";

const ROOT = new URL("../fixtures/", import.meta.url).pathname;
const HOSTILE: Record<string, string> = JSON.parse(
  await Deno.readTextFile(`${ROOT}hostile/strings.json`),
);

type Obj = Record<string, unknown>;

/** One transcript: its file, format, the task that records it, and its lines. */
export interface Transcript {
  file: string;
  format: AgentFormat;
  title: string;
  /** `--model` of the recording. */
  model?: string;
  /** The lines as written: JSON objects, or raw text (a line that is not JSON). */
  lines: Array<Obj | string>;
}

// ------------------------------------------------------------------ Claude Code
const CC_SESSION = "4f1d2c3b-8a9e-4b7c-9d21-0e6f5a4b3c2d";
const SONNET = "claude-sonnet-4-5-20250929";
const HAIKU = "claude-haiku-4-5-20251001";

const ccInit = (session = CC_SESSION, model = SONNET): Obj => ({
  type: "system",
  subtype: "init",
  cwd: "/home/ci/work/app",
  session_id: session,
  tools: ["Task", "Bash", "Glob", "Grep", "Read", "Edit", "Write", "TodoWrite", "WebSearch"],
  mcp_servers: [],
  model,
  permissionMode: "acceptEdits",
  slash_commands: ["compact", "review"],
  apiKeySource: "ANTHROPIC_API_KEY",
  claude_code_version: "2.1.328",
  output_style: "default",
  agents: ["general-purpose", "Explore", "Plan"],
  skills: [],
  plugins: [],
  uuid: "a0000000-0000-4000-8000-000000000001",
});

let uuidN = 1;
const uuid = () => `a0000000-0000-4000-8000-${String(++uuidN).padStart(12, "0")}`;

const ccUsage = (input: number, output: number, read = 0, write = 0): Obj => ({
  input_tokens: input,
  cache_creation_input_tokens: write,
  cache_read_input_tokens: read,
  output_tokens: output,
  service_tier: "standard",
});

const ccAssistant = (
  id: string,
  content: Obj[],
  usage: Obj,
  opts: { parent?: string; model?: string; subagent?: string; session?: string } = {},
): Obj => ({
  type: "assistant",
  message: {
    id,
    type: "message",
    role: "assistant",
    model: opts.model ?? SONNET,
    content,
    stop_reason: null,
    stop_sequence: null,
    usage,
  },
  parent_tool_use_id: opts.parent ?? null,
  ...(opts.subagent ? { subagent_type: opts.subagent } : {}),
  session_id: opts.session ?? CC_SESSION,
  uuid: uuid(),
});

const ccResults = (
  parent: string | null,
  results: Array<{ id: string; content: unknown; is_error?: boolean }>,
  session = CC_SESSION,
): Obj => ({
  type: "user",
  message: {
    role: "user",
    content: results.map((r) => ({
      tool_use_id: r.id,
      type: "tool_result",
      content: r.content,
      ...(r.is_error === undefined ? {} : { is_error: r.is_error }),
    })),
  },
  parent_tool_use_id: parent,
  session_id: session,
  uuid: uuid(),
});

const text = (t: string): Obj => ({ type: "text", text: t });
const toolUse = (id: string, name: string, input: unknown): Obj => ({
  type: "tool_use",
  id,
  name,
  input,
});

const testFile = [
  'import { assertEquals } from "./assert.ts";',
  'import { parseDate } from "../src/date.ts";',
  "",
  'Deno.test("a time ending in Z is UTC", () => {',
  '  assertEquals(parseDate("2026-11-27T10:00:00Z").toISOString(), "2026-11-27T10:00:00.000Z");',
  "});",
].map((l, i) => `${String(i + 1).padStart(6)}\t${l}`).join("\n");

function claudeSession(): Transcript {
  return {
    file: "claude-code-session.jsonl",
    format: "claude-code",
    title: "Fix the date parser (Claude Code)",
    lines: [
      ccInit(),
      // A line of a type the adapter does not know: skipped.
      {
        type: "system",
        subtype: "hook_response",
        hook_name: "SessionStart:startup",
        stdout: "",
        stderr: "",
        exit_code: 0,
        session_id: CC_SESSION,
        uuid: uuid(),
      },
      ccAssistant(
        "msg_01A",
        [text("I'll start with the failing test.")],
        ccUsage(4, 2, 11021, 5120),
      ),
      ccAssistant(
        "msg_01A",
        [toolUse("toolu_01Read", "Read", { file_path: "/home/ci/work/app/tests/date_test.ts" })],
        ccUsage(4, 96, 11021, 5120),
      ),
      ccResults(null, [{ id: "toolu_01Read", content: testFile }]),
      // Two calls of one step, returned out of order.
      ccAssistant(
        "msg_02B",
        [toolUse("toolu_02Bash", "Bash", {
          command: "deno test tests/date_test.ts",
          description: "Run the failing test",
        })],
        ccUsage(6, 40, 16141, 412),
      ),
      ccAssistant(
        "msg_02B",
        [toolUse("toolu_02Grep", "Grep", {
          pattern: "export function parseDate",
          path: "src",
          output_mode: "content",
          "-n": true,
        })],
        ccUsage(6, 151, 16141, 412),
      ),
      ccResults(null, [{
        id: "toolu_02Grep",
        content: [text("src/date.ts:4:export function parseDate(text: string): Date {")],
      }]),
      { type: "rate_limit_event", rate_limit_info: { status: "allowed" }, session_id: CC_SESSION },
      ccResults(null, [{
        id: "toolu_02Bash",
        content:
          "running 1 test from ./tests/date_test.ts\na time ending in Z is UTC ... FAILED (2ms)\n\nerror: RangeError: Invalid time value\n    at parseDate (src/date.ts:6:10)\n\nFAILED | 0 passed | 1 failed (12ms)\n\nerror: Test failed",
        is_error: true,
      }]),
      // A subagent, started by the Task tool.
      ccAssistant(
        "msg_03C",
        [toolUse("toolu_03Task", "Task", {
          description: "Find the callers of parseDate",
          prompt: "List every caller of parseDate in src/ and how it formats its argument.",
          subagent_type: "Explore",
        })],
        ccUsage(6, 88, 16553, 1302),
      ),
      {
        type: "user",
        message: {
          role: "user",
          content: [text(
            "List every caller of parseDate in src/ and how it formats its argument.",
          )],
        },
        parent_tool_use_id: "toolu_03Task",
        session_id: CC_SESSION,
        uuid: uuid(),
      },
      ccAssistant(
        "msg_s01",
        [toolUse("toolu_s1Grep", "Grep", {
          pattern: "parseDate\\(",
          path: "src",
          output_mode: "files_with_matches",
        })],
        ccUsage(1840, 61),
        { parent: "toolu_03Task", model: HAIKU, subagent: "Explore" },
      ),
      ccResults("toolu_03Task", [{
        id: "toolu_s1Grep",
        content: "Found 2 files\nsrc/cli.ts\nsrc/report.ts",
      }]),
      ccAssistant(
        "msg_s02",
        [text(
          "parseDate is called from src/cli.ts (the --since flag) and src/report.ts (log times, which end in Z).",
        )],
        ccUsage(1990, 44),
        { parent: "toolu_03Task", model: HAIKU, subagent: "Explore" },
      ),
      ccResults(null, [{
        id: "toolu_03Task",
        content: [text(
          "parseDate is called from src/cli.ts (the --since flag) and src/report.ts (log times, which end in Z).",
        )],
      }]),
      ccAssistant(
        "msg_04D",
        [toolUse("toolu_04Edit", "Edit", {
          file_path: "/home/ci/work/app/src/date.ts",
          old_string:
            "  const m = /^(\\d{4})-(\\d\\d)-(\\d\\d)T(\\d\\d):(\\d\\d):(\\d\\d)$/.exec(text);",
          new_string:
            "  const m = /^(\\d{4})-(\\d\\d)-(\\d\\d)T(\\d\\d):(\\d\\d):(\\d\\d)(?:Z|[+-]00:00)?$/.exec(text);",
        })],
        ccUsage(6, 203, 17855, 960),
      ),
      "[claude] note: a line that is not JSON (named on stderr and skipped)",
      ccResults(null, [{
        id: "toolu_04Edit",
        content:
          "The file /home/ci/work/app/src/date.ts has been updated. Here's the result of running `cat -n` on a snippet of the edited file:\n     5\t  const m = /^(\\d{4})-(\\d\\d)-(\\d\\d)T(\\d\\d):(\\d\\d):(\\d\\d)(?:Z|[+-]00:00)?$/.exec(text);",
      }]),
      ccAssistant(
        "msg_05E",
        [toolUse("toolu_05Bash", "Bash", { command: "deno test", description: "Run all tests" })],
        ccUsage(6, 52, 18815, 330),
      ),
      ccResults(null, [{
        id: "toolu_05Bash",
        content: "ok | 12 passed | 0 failed (310ms)",
        is_error: false,
      }]),
      ccAssistant(
        "msg_06F",
        [text(
          "Fixed: parseDate now accepts a trailing `Z` (and `+00:00`), as the log times in src/report.ts have. All 12 tests pass.",
        )],
        ccUsage(6, 61, 19145, 120),
      ),
      {
        type: "result",
        subtype: "success",
        is_error: false,
        duration_ms: 48210,
        duration_api_ms: 39402,
        num_turns: 7,
        result:
          "Fixed: parseDate now accepts a trailing `Z` (and `+00:00`), as the log times in src/report.ts have. All 12 tests pass.",
        stop_reason: "end_turn",
        session_id: CC_SESSION,
        total_cost_usd: 0.18472,
        usage: ccUsage(34, 651, 99530, 8244),
        modelUsage: {
          [SONNET]: {
            inputTokens: 34,
            outputTokens: 651,
            cacheReadInputTokens: 99530,
            cacheCreationInputTokens: 8244,
            webSearchRequests: 0,
            costUSD: 0.17821,
            contextWindow: 200000,
            maxOutputTokens: 64000,
          },
          [HAIKU]: {
            inputTokens: 3830,
            outputTokens: 105,
            cacheReadInputTokens: 0,
            cacheCreationInputTokens: 0,
            webSearchRequests: 0,
            costUSD: 0.00651,
            contextWindow: 200000,
            maxOutputTokens: 32000,
          },
        },
        permission_denials: [],
        uuid: uuid(),
      },
    ],
  };
}

function claudeFailed(): Transcript {
  const s = "6a7b8c9d-0e1f-4a2b-8c3d-4e5f6a7b8c9d";
  return {
    file: "claude-code-failed.jsonl",
    format: "claude-code",
    title: "Upgrade the web framework (Claude Code, failed)",
    lines: [
      ccInit(s),
      ccAssistant(
        "msg_11",
        [
          text("Upgrading first, then I'll run the build."),
          toolUse("toolu_11Bash", "Bash", { command: "npm install hono@5" }),
        ],
        ccUsage(8, 120, 9000, 3000),
        { session: s },
      ),
      ccResults(null, [{
        id: "toolu_11Bash",
        content: "npm error code ERESOLVE\nnpm error ERESOLVE unable to resolve dependency tree",
        is_error: true,
      }], s),
      ccAssistant(
        "msg_12",
        [
          toolUse("toolu_12Bash", "Bash", { command: "npm install hono@5 --legacy-peer-deps" }),
        ],
        ccUsage(8, 70, 12000, 400),
        { session: s },
      ),
      ccResults(null, [{ id: "toolu_12Bash", content: "added 3 packages in 2s" }], s),
      {
        type: "result",
        subtype: "error_max_turns",
        is_error: true,
        duration_ms: 20133,
        duration_api_ms: 15020,
        num_turns: 3,
        stop_reason: null,
        session_id: s,
        total_cost_usd: 0.04113,
        usage: ccUsage(16, 190, 21000, 3400),
        modelUsage: {
          [SONNET]: {
            inputTokens: 16,
            outputTokens: 190,
            cacheReadInputTokens: 21000,
            cacheCreationInputTokens: 3400,
            webSearchRequests: 0,
            costUSD: 0.04113,
            contextWindow: 200000,
            maxOutputTokens: 64000,
          },
        },
        permission_denials: [],
        errors: ["Reached the maximum number of turns (3)"],
        uuid: uuid(),
      },
    ],
  };
}

function claudeCut(): Transcript {
  const s = "7c8d9e0f-1a2b-4c3d-9e4f-5a6b7c8d9e0f";
  return {
    file: "claude-code-cut.jsonl",
    format: "claude-code",
    title: "Speed up the build (Claude Code, cut off)",
    lines: [
      ccInit(s),
      ccAssistant("msg_21", [text("Profiling the build first.")], ccUsage(5, 9, 8000, 2100), {
        session: s,
      }),
      ccAssistant(
        "msg_21",
        [
          toolUse("toolu_21Bash", "Bash", { command: "time npm run build", timeout: 600000 }),
        ],
        ccUsage(5, 74, 8000, 2100),
        { session: s },
      ),
      // The job was killed here: no result, no final line.
    ],
  };
}

function claudeHostile(): Transcript {
  const s = "8d9e0f1a-2b3c-4d4e-8f5a-6b7c8d9e0f1a";
  const h = HOSTILE;
  return {
    file: "claude-code-hostile.jsonl",
    format: "claude-code",
    title: "Hostile text in a Claude Code session",
    lines: [
      ccInit(s, `claude-sonnet-4-5 ${h.emoji}`),
      ccAssistant(
        "msg_31",
        [
          text(`${h.frame} ${h.ansi} ${h.html}`),
          toolUse("toolu_31", `Bash${h.cr}`, { command: `echo '${h.osc}'`, note: h.bidi }),
          toolUse("toolu_32", "Read", { file_path: `docs/${h.emoji}.md` }),
        ],
        ccUsage(3, 30),
        { session: s },
      ),
      ccResults(null, [
        { id: "toolu_32", content: [text(h.seps), text(h.nul)] },
        { id: "toolu_31", content: `${h.crlf}\n${h.frame}\n${h.html}` },
      ], s),
      ccAssistant(
        "msg_32",
        [
          toolUse("toolu_33", "Task", {
            description: h.ansi,
            prompt: h.frame,
            subagent_type: `${h.html}${h.frame}`,
          }),
        ],
        ccUsage(3, 20),
        { session: s },
      ),
      ccAssistant("msg_s31", [text(`sub: ${h.bidi} ${h.emoji}`)], ccUsage(50, 5), {
        parent: "toolu_33",
        model: HAIKU,
        session: s,
      }),
      ccResults(null, [{ id: "toolu_33", content: h.emoji }], s),
      ccAssistant("msg_33", [text(`Done ${h.emoji} ${h.bidi}`)], ccUsage(3, 9), { session: s }),
      {
        type: "result",
        subtype: "success",
        is_error: false,
        duration_ms: 3000,
        num_turns: 3,
        result: `Done ${h.frame}`,
        session_id: s,
        total_cost_usd: 0.0021,
        usage: ccUsage(9, 59),
        permission_denials: [],
        uuid: uuid(),
      },
    ],
  };
}

// ------------------------------------------------------------------ Codex
const THREAD = "0199a213-81c0-7800-8aa1-bbab2a035a53";
const cx = (kind: "started" | "updated" | "completed", item: Obj): Obj => ({
  type: `item.${kind}`,
  item,
});
const cmd = (id: string, command: string, more: Obj = {}): Obj => ({
  id,
  type: "command_execution",
  command,
  aggregated_output: "",
  exit_code: null,
  status: "in_progress",
  ...more,
});

function codexSession(): Transcript {
  const test = "bash -lc 'cargo test -p parser'";
  const rg = "bash -lc 'rg -n \"fn parse_date\" src'";
  return {
    file: "codex-session.jsonl",
    format: "codex",
    title: "Fix the date parser (Codex)",
    model: "gpt-5-codex",
    lines: [
      { type: "thread.started", thread_id: THREAD },
      { type: "turn.started" },
      cx("completed", {
        id: "item_0",
        type: "reasoning",
        text: "**Reproducing the failure**\n\nRunning the parser's tests and finding parse_date.",
      }),
      // Two commands at once, completed out of order.
      cx("started", cmd("item_1", test)),
      cx("started", cmd("item_2", rg)),
      cx(
        "completed",
        cmd("item_2", rg, {
          aggregated_output:
            "src/date.rs:12:pub fn parse_date(text: &str) -> Result<DateTime<Utc>, ParseError> {\n",
          exit_code: 0,
          status: "completed",
        }),
      ),
      cx(
        "completed",
        cmd("item_1", test, {
          aggregated_output:
            "running 14 tests\ntest date::trailing_z ... FAILED\n\nfailures:\n    date::trailing_z\n\ntest result: FAILED. 13 passed; 1 failed; 0 ignored\n\nerror: test failed, to rerun pass `-p parser --lib`\n",
          exit_code: 101,
          status: "failed",
        }),
      ),
      cx("started", {
        id: "item_3",
        type: "todo_list",
        items: [
          { text: "Reproduce the failure", completed: true },
          { text: "Accept a trailing Z", completed: false },
        ],
      }),
      cx("started", {
        id: "item_4",
        type: "mcp_tool_call",
        server: "docs",
        tool: "search",
        arguments: { query: "RFC 3339 time-offset Z" },
        result: null,
        error: null,
        status: "in_progress",
      }),
      cx("completed", {
        id: "item_4",
        type: "mcp_tool_call",
        server: "docs",
        tool: "search",
        arguments: { query: "RFC 3339 time-offset Z" },
        result: {
          content: [
            { type: "text", text: 'RFC 3339 §5.6: time-offset = "Z" / time-numoffset' },
            { type: "text", text: '"Z" means UTC, the same as +00:00.' },
          ],
          structured_content: null,
        },
        error: null,
        status: "completed",
      }),
      cx("completed", {
        id: "item_5",
        type: "file_change",
        changes: [
          { path: "src/date.rs", kind: "update" },
          { path: "tests/date_z.rs", kind: "add" },
        ],
        status: "completed",
      }),
      { type: "turn.diff_updated", diff: "(a line type this release does not know)" },
      cx("started", cmd("item_6", test)),
      cx(
        "completed",
        cmd("item_6", test, {
          aggregated_output:
            "running 15 tests\n...............\ntest result: ok. 15 passed; 0 failed; 0 ignored\n",
          exit_code: 0,
          status: "completed",
        }),
      ),
      cx("completed", {
        id: "item_7",
        type: "agent_message",
        text:
          "parse_date now accepts a trailing `Z` (RFC 3339 says it means UTC); added tests/date_z.rs. All 15 tests pass.",
      }),
      cx("completed", {
        id: "item_3",
        type: "todo_list",
        items: [
          { text: "Reproduce the failure", completed: true },
          { text: "Accept a trailing Z", completed: true },
        ],
      }),
      {
        type: "turn.completed",
        usage: {
          input_tokens: 48210,
          cached_input_tokens: 39936,
          output_tokens: 2210,
          reasoning_output_tokens: 1408,
        },
      },
    ],
  };
}

function codexFailed(): Transcript {
  return {
    file: "codex-failed.jsonl",
    format: "codex",
    title: "Migrate the schema (Codex, failed)",
    model: "gpt-5-codex",
    lines: [
      { type: "thread.started", thread_id: "0199a214-0000-7000-8000-00000000b001" },
      { type: "turn.started" },
      cx("started", cmd("item_0", "bash -lc 'sqlx migrate run'")),
      cx(
        "completed",
        cmd("item_0", "bash -lc 'sqlx migrate run'", {
          aggregated_output:
            "error: error communicating with database: Connection refused (os error 111)\n",
          exit_code: 1,
          status: "failed",
        }),
      ),
      { type: "error", message: "stream disconnected before completion: Transport error" },
      {
        type: "turn.failed",
        error: { message: "stream disconnected before completion: Transport error (5 retries)" },
      },
    ],
  };
}

function codexCut(): Transcript {
  return {
    file: "codex-cut.jsonl",
    format: "codex",
    title: "Rebuild the index (Codex, cut off)",
    model: "gpt-5-codex",
    lines: [
      { type: "thread.started", thread_id: "0199a215-0000-7000-8000-00000000c001" },
      { type: "turn.started" },
      cx("completed", {
        id: "item_0",
        type: "agent_message",
        text: "Rebuilding the search index.",
      }),
      cx("started", cmd("item_1", "bash -lc 'make index'")),
    ],
  };
}

function codexHostile(): Transcript {
  const h = HOSTILE;
  return {
    file: "codex-hostile.jsonl",
    format: "codex",
    title: "Hostile text in a Codex session",
    model: `gpt-5-codex${h.cr}`,
    lines: [
      { type: "thread.started", thread_id: h.frame },
      { type: "turn.started" },
      cx("started", cmd("item_0", `echo '${h.ansi}'`)),
      cx(
        "completed",
        cmd("item_0", `echo '${h.ansi}'`, {
          aggregated_output: `${h.osc}\n${h.nul}\n${h.seps}`,
          exit_code: 0,
          status: "completed",
        }),
      ),
      cx("completed", {
        id: "item_1",
        type: "file_change",
        changes: [{ path: `src/${h.bidi}.rs`, kind: "update" }, { path: h.html, kind: "add" }],
        status: "completed",
      }),
      cx("completed", { id: "item_2", type: "agent_message", text: `${h.frame} ${h.emoji}` }),
      { type: "error", message: h.crlf },
      {
        type: "turn.completed",
        usage: { input_tokens: 900, cached_input_tokens: 100, output_tokens: 40 },
      },
    ],
  };
}

/** Every transcript, in the order of the fixture project's tasks. */
export function transcripts(): Transcript[] {
  uuidN = 1;
  return [
    claudeSession(),
    claudeFailed(),
    claudeCut(),
    claudeHostile(),
    codexSession(),
    codexFailed(),
    codexCut(),
    codexHostile(),
  ];
}

/** The text of a transcript file: one JSON object (or raw line) a line. */
export function transcriptText(t: Transcript): string {
  return t.lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l)) + "\n").join("");
}

/** A clock the script moves: each line of a transcript arrives 250 ms after the last. */
class SteppedClock extends MonotonicClock {
  ms: number;
  #micros = 0;
  constructor(startMs: number) {
    super();
    this.ms = startMs;
  }
  override now(sameMoment = false): string {
    this.#micros = sameMoment ? this.#micros + 1 : 137;
    const iso = new Date(this.ms).toISOString().slice(0, 19);
    const us = (this.ms % 1000) * 1000 + this.#micros;
    return `${iso}.${String(us).padStart(6, "0")}Z`;
  }
  override nowNs(): bigint {
    return BigInt(this.ms) * 1_000_000n + BigInt(this.#micros) * 1000n;
  }
}

const LINE_MS = 250;

/**
 * Records a transcript into a task as `taskline record --from` does it, with
 * a stepped clock, a fixed run id and call ids counted from `callBase`.
 */
async function recordFixture(
  state: StateDir,
  dir: string,
  t: Transcript,
  ids: { run: string; callBase: number; startMs: number },
): Promise<void> {
  const task = await readTask(state, dir);
  const clock = new SteppedClock(ids.startMs);
  let calls = ids.callBase;
  const rec = await RunRecorder.open(state, task, {
    clock,
    runId: ids.run,
    settings: defaultSettings(),
  });
  const adapter = agentAdapter(t.format, {
    model: t.model ?? "",
    now: () => clock.ms,
    newCall: () => (++calls).toString(16).padStart(12, "0"),
  });
  const write = async (out: Produced[]) => {
    const batch = await producedEvents(rec, out);
    if (batch.length > 0) rec.emitAll(batch);
  };
  try {
    rec.start();
    for (const line of t.lines) {
      clock.ms += LINE_MS;
      if (typeof line === "string") continue; // not JSON: named on stderr by the command
      const out: Produced[] = [];
      adapter.take(JSON.parse(JSON.stringify(line)), out);
      await write(out);
    }
    clock.ms += LINE_MS;
    const out: Produced[] = [];
    const end = adapter.finish(out, "eof");
    await write(out);
    await rec.finish({
      success: end.success,
      status: end.status,
      // What the command measures when the agent reports no duration: here, the lines' time.
      segmentMs: end.activeMs ?? (t.lines.length + 1) * LINE_MS,
    });
    task.record.status = end.status;
    await saveTask(state, task);
  } finally {
    await rec.close();
  }
}

const CONFIG = `// Settings of a project whose tasks were recorded from agents' transcripts.
{
  "pricing": {
    // Codex's model is priced here; Claude Code's are not: history shows the cost Claude Code reported.
    "openai/gpt-5-codex": { "input": 1.25, "output": 10, "cache_read": 0.125, "cache_write": 0 },
  },
}
`;

if (import.meta.main) {
  const list = transcripts();
  await Deno.mkdir(`${ROOT}agents`, { recursive: true });
  for (const t of list) await Deno.writeTextFile(`${ROOT}agents/${t.file}`, transcriptText(t));

  const project = `${ROOT}projects/agents`;
  await Deno.remove(project, { recursive: true }).catch(() => {});
  const state = new StateDir(`${project}/.taskline`);
  await Deno.mkdir(state.tasksDir, { recursive: true });
  await Deno.writeTextFile(`${state.root}/config.jsonc`, CONFIG);
  await Deno.writeTextFile(
    `${state.root}/.gitignore`,
    "tool-output/\nserver.token\n*.lock\ncancel.request\n",
  );
  const start = Date.parse("2026-09-14T09:00:00Z");
  for (let i = 0; i < list.length; i++) {
    const t = list[i];
    const n = i + 1;
    const slug = t.title.toLowerCase().normalize("NFKD").replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "").slice(0, 40).replace(/-+$/, "");
    const dir = `${String(n).padStart(3, "0")}-${slug}`;
    await Deno.mkdir(`${state.tasksDir}/${dir}`, { recursive: true });
    const hex = n.toString(16).padStart(2, "0");
    const record = {
      id: `${hex}a9e7c0-5d1b-4e2f-9a3c-7b6d5e4f3a${hex}`,
      number: n,
      title: t.title,
      description:
        `Recorded with \`taskline record ${n} --from ${t.format}\` from fixtures/agents/${t.file}.`,
      status: "ready",
      created_at: new Date(start + i * 3_600_000 - 60_000).toISOString(),
    };
    await Deno.writeTextFile(
      `${state.tasksDir}/${dir}/task.json`,
      JSON.stringify(record, null, 2) + "\n",
    );
    await recordFixture(state, dir, t, {
      run: `${hex}d1e2f3-a4b5-4c6d-8e7f-90a1b2c3d4${hex}`,
      callBase: n * 0x100000,
      startMs: start + i * 3_600_000,
    });
  }
  console.log(`wrote fixtures/agents/ (${list.length} transcripts) and fixtures/projects/agents/`);
}
