/**
 * The soak mode of the reliability tests: runs every fault trial of
 * tests/reliability_harness.ts and the fuzzers with large counts (2,000
 * SIGKILLs of writers, 100,000 hostile HTTP requests...), then writes
 * docs/reliability.md: a table of every fault and input tried, how many
 * times, and the result.
 *
 * ```sh
 * deno task soak            # the full soak (about 20 minutes on 2 cores)
 * deno task soak --quick    # the CI counts, to check the script (about 2 minutes)
 * deno task soak --out F    # write the table elsewhere
 * deno task soak --only stop # only the trials whose name contains "stop" (the clients that
 *                            # stop reading); the other rows are kept from the page as it was
 * ```
 *
 * Exit code 1 when any trial failed (the table says which and why).
 *
 * @module
 */
import {
  crashTrial,
  discardTrial,
  diskFullTrial,
  engineCrashTrial,
  logResetTrial,
  raceTrial,
  slowClientsTrial,
  type TrialResult,
} from "../tests/reliability_harness.ts";
import { httpFuzz } from "../tests/fuzz_http.ts";
import { slowClientsSoak } from "./soak_slow_clients.ts";

const args = Deno.args;
const quick = args.includes("--quick");
const outIdx = args.indexOf("--out");
const out = outIdx >= 0
  ? args[outIdx + 1]
  : new URL("../docs/reliability.md", import.meta.url).pathname;
const REPO = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
const onlyIdx = args.indexOf("--only");
const only = onlyIdx >= 0 ? args[onlyIdx + 1].toLowerCase() : null;
/** The page as it was: rows of trials not run this time are kept from it. */
const previous = only === null ? "" : await Deno.readTextFile(out).catch(() => "");

const log = (line: string) =>
  console.error(`[soak ${new Date().toISOString().slice(11, 19)}] ${line}`);

/** A row of the table. */
interface Row {
  fault: string;
  how: string;
  /** Null: not run this time (`--only`). */
  result: TrialResult | null;
}

const rows: Row[] = [];

/** The hand-written part of the page (decisions and findings), kept here so the soak rewrites it whole. */
const MANUAL = `## Decisions

- A follower that finds its log truncated, replaced (another file renamed over it) or deleted says
  so once (a warning on stderr: \`<log> was truncated|replaced (it had N bytes read): reading it
  again from its start\`, from \`taskline events --follow\` and from \`taskline serve\`) and reads the
  new content from its start, as \`tail -F\` does. So \`events --follow\` and \`/api/stream\` print
  again what the new content repeats; \`/api/tasks/{ref}/stream\`, whose ids are seqs, sends each
  seq of the run once. A deleted log that comes back counts as replaced, even when the file system
  gives it the same inode number.
- A full disk: the recorder cuts off a partial line it wrote (the log ends with its last complete
  event), the run ends with exit 1 and \`Cannot append to <log>: No space left on device (os error
  28)\`. \`run_finished\` cannot be written then, so the run's last event is the last that fitted;
  \`taskline run --resume\` continues the same run with the next seq once there is space. A kept tool
  output cut short by the full disk is removed (its event, if written, has \`output_file: null\`).
- \`task discard\` of a task a process runs is refused (exit 1, "a process is running it"). Discarding
  a followed task ends its \`/api/tasks/{ref}/stream\` clients with \`event: error\`,
  \`data: {"error":"Task #N was discarded"}\`; project streams go on; the task's routes answer 404.
- Absolute-form targets (\`GET http://other/api/...\`) are routed by their path and checked by their
  \`Host\` header (browsers send absolute form only to proxies); they still need the token.

## Bugs these trials found, and fixed

1. \`LogTail\` (every follower) glued the held-back bytes of a torn last line to the middle of the
   next event when a resume repaired the tail and appended more than it had cut before the
   follower looked again: the event was lost by every reader of the server and by
   \`events --follow\`. A partial line held at the end of the file is now read again from its start.
2. \`tailLog\` and the project follower read again at once, forever, while a log ended with a
   half-written line (a writer killed mid-write): 100% CPU until the next resume. They now wait.
3. \`scanBackward\` looped forever when the last line of its range was longer than its chunk:
   \`events --after\` and the server's task stream (64 KiB chunks) hung on a log whose last line was
   over 64 KiB, a resume on one over 1 MiB.
4. Cursors with a 16-digit task number or seq were refused, among them the \`X-Taskline-Cursor\` the
   server itself answers to \`/api/events?since=<a time with no events after it>\`.
5. The server's follower went on following a discarded task: its task streams stayed open for
   ever, and a task made again in the same directory had its events tagged with the old task's id.
6. A deleted log written again under the same inode number was not noticed.
7. The server said nothing when a log it follows was truncated or replaced.

Hardened without a failure seen: kept tool outputs are written through a temporary file (a reader
could otherwise get one half written), one that a write error cut short is removed, and
\`writeFileAtomic\` removes its temporary file when the write fails.

## Limits

- A log truncated and refilled past the old read position before a follower looks again cannot
  be told from an append (same inode, larger size); it is read on from the old position. Replace a
  log by renaming a new file over it.
- A SIGKILL inside a write rarely cuts a line (the kernel stops a write at a page boundary only);
  the trials make such torn tails themselves half of the time, and count the natural ones apart.
- A stream client that reads slowly or not at all costs a position, not a queue (docs/server.md,
  "Slow clients"): past 64 KiB waiting it reads the logs at its own pace, and one that takes
  nothing for 10 s is dropped (it resumes with \`Last-Event-ID\`). What it has not read sits in the
  kernel's socket buffer (about 2.7 MiB a connection on loopback, set by \`net.ipv4.tcp_wmem\`) until
  the client reads, goes away, or is dropped (its connection closed): taskline holds no permission
  that bounds the buffer (docs/server.md). In the first 2 to 3 seconds the server's thread
  copies about 1.3 GB into the 500 buffers, so the "Clients that stop reading" row's whole-run reader
  p99 is seconds; its goals are taken from 15 s on, once the server has found the non-readers out.
- A connection that sends its headers a byte at a time, or nothing, holds a file descriptor and a
  few KB without slowing the others (the "Slow and idle clients" row) until its bound: 30 s for a
  request's head, 60 s idle. Past the descriptor limit \`serve\` says so and accepts again once
  connections close (docs/server.md).
- The full-disk trial needs \`mount\` (root with CAP_SYS_ADMIN); elsewhere a directory stands in for
  the log, so the run fails at its first write (\`Is a directory\`) rather than in the middle.
- A SIGKILL during a write through a temporary file (run.json, a kept tool output) can leave that
  \`*.tmp\` file behind; nothing reads it.
`;

async function trial(fault: string, how: string, fn: () => Promise<TrialResult>): Promise<void> {
  if (only !== null && !fault.toLowerCase().includes(only)) {
    rows.push({ fault, how, result: null });
    return;
  }
  log(`${fault}...`);
  let result: TrialResult;
  const t0 = Date.now();
  try {
    result = await fn();
  } catch (e) {
    result = {
      name: fault,
      tries: 0,
      counts: {},
      failures: [`the trial threw: ${(e as Error).stack ?? e}`],
      ms: Date.now() - t0,
    };
  }
  log(`${fault}: ${result.tries} tries, ${result.failures.length} failures, ${result.ms} ms`);
  for (const f of result.failures.slice(0, 5)) log(`  ${f}`);
  rows.push({ fault, how, result });
}

/** Several runs of a trial, summed into one result. */
async function repeated(
  times: number,
  fn: (i: number) => Promise<TrialResult>,
): Promise<TrialResult> {
  const total: TrialResult = { name: "", tries: 0, counts: {}, failures: [], ms: 0 };
  for (let i = 0; i < times; i++) {
    const r = await fn(i);
    total.name = r.name;
    total.tries += r.tries;
    total.ms += r.ms;
    total.failures.push(...r.failures.map((f) => `run ${i + 1}: ${f}`));
    for (const [k, v] of Object.entries(r.counts)) {
      // Measures (latencies, memory) keep their worst value; counts add up.
      if (/_ms$|_kib$|seed/.test(k)) {
        total.counts[k] = k === "seed" ? v : Math.max(total.counts[k] ?? 0, v);
      } else total.counts[k] = (total.counts[k] ?? 0) + v;
    }
  }
  return total;
}

const N = quick
  ? {
    crash: 1,
    kills: 70,
    crashF: 1,
    killsF: 50,
    engine: 20,
    resets: 6,
    disk: 4,
    races: 8,
    discards: 3,
    http: 10_000,
    slow: 300,
    probes: 300,
    stopClients: 100,
    stopEvents: 3000,
    idle: 500,
    props: 2000,
  }
  : {
    crash: 10,
    kills: 120,
    crashF: 8,
    killsF: 100,
    engine: 200,
    resets: 60,
    disk: 30,
    races: 40,
    discards: 10,
    http: 100_000,
    slow: 1000,
    probes: 2000,
    stopClients: 500,
    stopEvents: 20_000,
    idle: 2000,
    props: 20_000,
  };

await trial(
  "SIGKILL of a writer at a random moment",
  "tests/recorder_writer.ts (a RunRecorder resuming the task's run, events of 0-2 kB and sometimes 0-300 kB) killed before its run started or while writing; half the time the last line is then cut short (a torn write). After each kill: every complete line decodes, nothing complete was lost, seq gapless, `readAll` and `taskline events --all --json` (on a snapshot) print exactly the complete lines; the next resume repairs the torn tail.",
  () => repeated(N.crash, () => crashTrial({ kills: N.kills, log })),
);
await trial(
  "SIGKILL of a writer, with `taskline serve` and `events --follow` running",
  "As above, with a `taskline events <task> --follow --json` process, the server's `/api/tasks/{ref}/stream` and `/api/stream` open throughout; a last writer finishes the run. Each follower must have seen every event exactly once, in order, and the server must still answer.",
  () =>
    repeated(N.crashF, () => crashTrial({ kills: N.killsF, followers: true, cliEvery: 5, log })),
);
await trial(
  "SIGKILL of `taskline run` (the engine)",
  "`taskline run` of a scenario too long to end between two kills (a spec, 40 rounds of build, a QA; tool outputs of up to 5 kB kept in the trace store; run.json), killed 150-1,350 ms after it started, then `taskline run --resume` (which plays the interrupted phase again), again and again; a last resume runs to the end. After each kill: nothing complete lost, seq gapless, run.json is whole JSON, every output file an event names exists, and `events --all --json` matches the log (every third kill).",
  () => engineCrashTrial({ kills: N.engine, log }),
);
await trial(
  "Followed log truncated, replaced (renamed over) or deleted",
  "In turn, the log followed by `events --follow` and by the server's two streams is truncated, renamed over, or deleted and written again (with the same inode number, often). Each reader must say so once (one warning on stderr for the CLI and for the server) and go on with the events appended to the new content; the CLI follower stops at the new run_finished.",
  () => logResetTrial({ rounds: N.resets, log }),
);
await trial(
  "Full disk while recording",
  "`.taskline/` on a tmpfs of 120-320 KiB (a new size each round, so that the disk fills at a different event), `taskline run` of a scenario that writes about 400 kB. Then the tmpfs grows to 64 MiB and `taskline run --resume` runs. Where mount is not allowed, a directory stands in for the log. Checked: exit 1 and `No space left on device`, no partial event, no kept output cut short, no temporary file left, then the resume ends the run with every earlier line unchanged and seq gapless.",
  () => diskFullTrial({ rounds: N.disk, log }),
);
await trial(
  "Races: `run` against `run`, `approve` against `run --resume`",
  "Two `taskline run` of the same task started at once; then, on the run paused at the spec gate, `taskline approve` and `taskline run --resume` started at once (random offsets of 0-40 ms; every other round the approve 150-400 ms later, so that the resume comes first). Checked: exactly one `run` runs (the other exits 1 saying the task is running) and the log holds one run; whatever the order, seq stays gapless with no repeat, at most one `approval_resolved`, a refused command says why (`running`, `waits for approval`); then the work is finished (approve or resume again as needed) and the run ends with success.",
  () => raceTrial({ rounds: N.races, log }),
);
await trial(
  "`task discard` while `taskline serve` follows the task",
  "A task stream and the project stream open on the server; `task discard` of a task a writer is running (must be refused), then of the followed task; then every route of the task and the lists; finally a task made again in the discarded task's directory.",
  () => discardTrial({ rounds: N.discards }),
);
await trial(
  "HTTP fuzzer against `taskline serve`",
  "fast-check generated requests over 6 raw keep-alive TCP connections (targets sent as written): random paths, every route with random references and call ids, encoded traversal (`%2e%2e`, `%2f`, `%252e`, backslashes, `%00`, overlong UTF-8), huge and malformed query strings, random and huge `Last-Event-ID` and other headers, wrong methods, the token in the header, in the query, wrong or missing; then 32 requests malformed at the protocol level (no colon, obs-fold, NUL, bare LF, HTTP/1.0 and 9.9, absolute form, foreign Host and Origin, a 200 kB header, 2,000 headers, a 100 kB target, binary garbage, a TLS hello...). A secret file outside `.taskline/` is linked from inside the trace store (as a call's output file and as a run directory).",
  () => httpFuzz({ requests: N.http, log }),
);
await trial(
  "Slow and idle clients",
  `${N.slow} connections to a server whose project is being written to: a third open event streams and never read, a third send their headers a byte every 50 ms, a third say nothing. Meanwhile /api/health is asked ${N.probes} times on one keep-alive connection.`,
  () => slowClientsTrial({ clients: N.slow, probes: N.probes, log }),
);

await trial(
  "Clients that stop reading (issue 23)",
  `${N.stopClients} clients open \`/api/stream\` with a 4 KiB receive buffer (scripts/raw_socket.ts) and never read; one client reads everything (scripts/bench_sse_clients.ts, its own process); another process appends ${
    N.stopEvents.toLocaleString("en")
  } events of about 1.5 KB, round-robin to 10 open runs, 1,000 a second, one \`O_APPEND\` write a line (scripts/bench_writer.ts); meanwhile \`GET /api/tasks\` every 200 ms. The server's resident memory is sampled every 50 ms. Checked: peak RSS under 300 MB, every event exactly once to the reader, and, for the events written 15 s or more after the start (the non-readers found out), the reader's p99 (append to arrival) and \`/api/tasks\` p99 under 100 ms (the whole run's p99 is reported too), the never-reading streams dropped by the server within 45 s of the last write; then ${
    N.idle.toLocaleString("en")
  } idle connections are opened to measure what each costs (scripts/soak_slow_clients.ts).`,
  () =>
    slowClientsSoak({
      clients: N.stopClients,
      events: N.stopEvents,
      idle: N.idle,
      log,
    }),
);

// The property tests, as a process (they are Deno tests).
if (only === null || "property tests".includes(only)) {
  log("property tests...");
  const t0 = Date.now();
  const p = await new Deno.Command(Deno.execPath(), {
    args: ["test", "-A", "tests/fuzz_props_test.ts"],
    cwd: REPO,
    env: { TASKLINE_FUZZ_RUNS: String(N.props), NO_COLOR: "1", RUST_BACKTRACE: "0" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(p.stdout) + new TextDecoder().decode(p.stderr);
  // deno-lint-ignore no-control-regex
  const plain = text.replace(/\x1b\[[0-9;]*m/g, "");
  const runs: Record<string, number> = {
    "decodeLine never throws": N.props * 2,
    "parseCursor": N.props * 3,
    "resolveRef": N.props,
    "parseSince": N.props,
    "every route's parameters": N.props,
    "a cursor the server hands out": 2,
  };
  for (const [prefix, tries] of Object.entries(runs)) {
    const line = plain.split("\n").find((l) => l.startsWith(prefix)) ?? "";
    const ok = / \.\.\. ok/.test(line);
    rows.push({
      fault: `Property test: ${line.split(" ... ")[0] || prefix}`,
      how: "fast-check, tests/fuzz_props_test.ts",
      result: {
        name: prefix,
        tries,
        counts: {},
        failures: ok ? [] : [line || `not run: ${plain.slice(-400)}`],
        ms: prefix === "decodeLine never throws" ? Date.now() - t0 : -1,
      },
    });
  }
  log(`property tests: exit ${p.code}`);
}

// --- the document -----------------------------------------------------------------------

const cpu = (() => {
  try {
    return /model name\s*:\s*(.+)/.exec(Deno.readTextFileSync("/proc/cpuinfo"))?.[1] ?? "?";
  } catch {
    return "?";
  }
})();
const fmtCounts = (c: Record<string, number>) =>
  Object.entries(c).filter(([k]) => k !== "seed").map(([k, v]) => `${k.replace(/_/g, " ")} ${v}`)
    .join(", ");
const esc = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");
const failed = rows.filter((r) => r.result !== null && r.result.failures.length > 0);
// The full run the other rows come from (a partial run names it, not the
// partial runs before it).
const previousRun =
  /\d{4}-\d\d-\d\dT\d\d:\d\dZ, (?:full soak|quick \(CI counts\)), Deno [^,]*, \d+ cores \(.*?\), \w+/
    .exec(previous)?.[0];

let md = `# Reliability: faults and hostile input, tried

This page is written by \`deno task soak\` (scripts/soak.ts${
  quick ? " --quick" : ""
}); do not edit the
table by hand. The same trials run with smaller counts in \`deno task test\`
(tests/reliability_*_test.ts, tests/fuzz_*_test.ts); their code is tests/reliability_harness.ts,
tests/fuzz_http.ts and tests/fuzz_props_test.ts. Every process runs under the shipped permissions.

Run: ${new Date().toISOString().slice(0, 16)}Z, ${quick ? "quick (CI counts)" : "full soak"}${
  only === null
    ? ""
    : ` of the trials named "${only}" (the other rows: ${previousRun ?? "not run"})`
}, Deno ${Deno.version.deno}, ${navigator.hardwareConcurrency} cores (${cpu}), ${Deno.build.os}. Result: **${
  failed.length === 0 ? "every check held" : `${failed.length} trial(s) failed`
}**.

| Fault or input | Tries | Result | What was counted | Time |
| --- | ---: | --- | --- | ---: |
`;
const previousRows = previous.split("\n").filter((l) =>
  l.startsWith("| ") && !l.startsWith("| ---")
);
for (const r of rows) {
  if (r.result === null) {
    const old = previousRows.find((l) => l.startsWith(`| ${esc(r.fault)} |`));
    md += old === undefined ? `| ${esc(r.fault)} | - | not run | | |\n` : `${old}\n`;
    continue;
  }
  const res = r.result.failures.length === 0
    ? "pass"
    : `**FAIL** (${r.result.failures.length}): ${esc(r.result.failures[0].slice(0, 200))}`;
  md += `| ${esc(r.fault)} | ${r.result.tries.toLocaleString("en")} | ${res} | ${
    esc(fmtCounts(r.result.counts))
  } | ${r.result.ms < 0 ? "(same run)" : `${(r.result.ms / 1000).toFixed(1)} s`} |\n`;
}
if (only !== null && !"property tests".includes(only)) {
  for (const l of previousRows) if (l.startsWith("| Property test:")) md += `${l}\n`;
}
md += `
## How each fault was made and checked

`;
for (const r of rows.filter((r) => !r.fault.startsWith("Property test"))) {
  md += `- **${r.fault}**: ${r.how}\n`;
}
md +=
  `- **Property tests** (fast-check): \`decodeLine\` on any string, any JSON, fields of the wrong
  type and lines near valid ones (cut, a character changed, 5,000-10,000 nested arrays,
  \`__proto__\` keys) never throws, and what it reads encodes and decodes to the same envelope;
  \`parseCursor\` gives a cursor or a \`bad-cursor\` error and cursors round-trip; \`resolveRef\`
  against random task lists gives a matching task or a \`not-found\`/\`ambiguous-ref\`/\`usage\`
  error; \`parseSince\` gives a time or a \`usage\` error; and every route through the server's
  handler in-process (with its live routes) answers below 500, with problem+json errors that carry
  an \`error\` member, 401/403 for \`/api/\` without the token, and never the secret.
`;
md += `
${MANUAL}`;

await Deno.writeTextFile(out, md);
log(`wrote ${out}`);
Deno.exit(failed.length === 0 ? 0 : 1);
