/**
 * What `taskline ship` puts on a JetStream stream and `taskline mirror` reads
 * back: subjects, message ids and headers. Both sides use these functions
 * only, so that the format lives in one place (docs/fleet.md describes it).
 *
 * Subjects (one project, one task id; the stream takes `taskline.>`):
 *
 * | subject | data |
 * |---|---|
 * | `taskline.<project>.<task id>.ev` | one or more complete log lines, newlines included (or a part of one line) |
 * | `taskline.<project>.<task id>.task` | the bytes of `task.json` |
 * | `taskline.<project>.<task id>.out.<run>.<call>` | a part of one kept tool output |
 * | `taskline.<project>.<task id>.outs` | several small kept tool outputs ({@link encodeOutputs}) |
 *
 * With `ship --live`, each ephemeral event (`agent_delta`) is published, not
 * stored, on `taskline_live.<project>.<task id>` as one tagged envelope in
 * JSON (the line the live channel carries, without its newline).
 *
 * Every message has the header `Taskline-Dir` (the task's directory on the
 * source). A log line's message id is `<task>:<run>:<seq>:<offset>` (run and
 * seq empty for a line without them, offset the byte offset of the line in
 * the source log): JetStream drops a message whose id it has seen in its
 * duplicate window, and the mirror places each line at its offset. An `ev`
 * message may hold several complete lines (a batch, {@link batchMsgId}); the
 * mirror appends its data as it is, at the offset of its first line. A line or
 * an output larger than one message is sent in parts, with the header
 * `Taskline-Part: <i>/<n>` and `#<i>` after the id.
 *
 * @module
 */
import type { MsgHdrs } from "@nats-io/transport-node";
import { TasklineError } from "../errors.ts";

/** The subject prefix of every message. */
export const SUBJECT_ROOT = "taskline";
/**
 * The subject prefix of ephemeral events (`ship --live`): outside the
 * stream's `taskline.>`, so they are never stored, only delivered to whoever
 * subscribes at the time.
 */
export const LIVE_SUBJECT_ROOT = "taskline_live";
/** The default stream name. */
export const DEFAULT_STREAM = "TASKLINE";
/** Header: the task's directory name on the source. */
export const H_DIR = "Taskline-Dir";
/** Header: `<i>/<n>` for a message that is one of several parts. */
export const H_PART = "Taskline-Part";
/** Header of JetStream's duplicate detection. */
export const H_MSG_ID = "Nats-Msg-Id";
/** Header of a part of a split line: the whole line's length in bytes. */
export const H_LEN = "Taskline-Length";
/**
 * Header of JetStream's optimistic concurrency: the stream sequence of the
 * last message the subject must hold for the publish to be stored (0: none);
 * else it is refused with {@link ERR_WRONG_LAST_SEQ}.
 */
export const H_EXPECT_LAST_SUBJECT_SEQ = "Nats-Expected-Last-Subject-Sequence";
/** JetStream's error code of a refused {@link H_EXPECT_LAST_SUBJECT_SEQ}. */
export const ERR_WRONG_LAST_SEQ = 10071;
/**
 * Header of an `outs` message: the byte offset, in the task's log, just after
 * the line of its last output. The outputs of the lines before it are on the
 * stream (the `outs` subject holds them in the order of the log), so a ship
 * that resumes there does not send them again.
 */
export const H_OUTS_UPTO = "Taskline-Upto";

const TOKEN = /^[A-Za-z0-9_-]{1,64}$/;
const CALL = /^[0-9a-f]{12}$/;
const PROJECT = /^[A-Za-z0-9_]+(?:-[A-Za-z0-9_]+)*$/;
const DIR = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,199}$/;

/**
 * Checks a project name: letters, digits, `_` and single dashes, at most 64
 * characters (a subject token, and a directory-name prefix on the mirror
 * that `--` ends).
 *
 * @example
 * ```ts
 * checkProject("ci-runner-3"); // ok
 * ```
 */
export function checkProject(name: string): string {
  if (name.length > 64 || !PROJECT.test(name)) {
    throw new TasklineError(
      "usage",
      `Project name "${
        name.slice(0, 80)
      }" is not usable: letters, digits, _ and single dashes, at most 64 characters`,
    );
  }
  return name;
}

/** A project name made from a directory name (characters outside the rule become dashes). */
export function projectFromDirName(name: string): string {
  const s = name.replace(/[^A-Za-z0-9_]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 64)
    .replace(/-+$/, "");
  return s === "" ? "project" : s;
}

/** Whether a task id, run id or call id can be a subject token. */
export function isToken(s: string): boolean {
  return TOKEN.test(s);
}

/** Whether a call id is one of the contract's (12 hexadecimal digits): safe in a subject and a path. */
export function isCall(call: string): boolean {
  return CALL.test(call);
}

/** Longest name of a directory on most file systems (`NAME_MAX`), in bytes. */
export const DIR_NAME_MAX = 255;

/**
 * Whether a source directory name is safe to recreate on the mirror: with
 * `project`, also whether `<project>--<dir>` ({@link mirrorDir}) is short
 * enough to be a directory name there (a longer one cannot be made, and
 * would stop the mirror at every start).
 */
export function isSafeDir(dir: string, project?: string): boolean {
  return DIR.test(dir) && !dir.includes("..") &&
    (project === undefined || mirrorDir(project, dir).length <= DIR_NAME_MAX);
}

/** The task directory on the mirror: `<project>--<source dir>`. */
export function mirrorDir(project: string, dir: string): string {
  return `${project}--${dir}`;
}

/** The subject of a task's log lines. */
export function eventsSubject(project: string, task: string): string {
  return `${SUBJECT_ROOT}.${project}.${task}.ev`;
}

/** The subject of a task's ephemeral events (`ship --live`; core NATS, not stored). */
export function liveSubject(project: string, task: string): string {
  return `${LIVE_SUBJECT_ROOT}.${project}.${task}`;
}

/** The subject of a task's `task.json`. */
export function taskSubject(project: string, task: string): string {
  return `${SUBJECT_ROOT}.${project}.${task}.task`;
}

/** The subject of one kept tool output. */
export function outputSubject(project: string, task: string, run: string, call: string): string {
  return `${SUBJECT_ROOT}.${project}.${task}.out.${run}.${call}`;
}

/**
 * The subject of several small kept outputs of a task in one message
 * ({@link encodeOutputs}).
 */
export function outputsSubject(project: string, task: string): string {
  return `${SUBJECT_ROOT}.${project}.${task}.outs`;
}

/** What a subject names. */
export type ParsedSubject =
  | { kind: "ev" | "task" | "outs"; project: string; task: string }
  | { kind: "out"; project: string; task: string; run: string; call: string };

/** Reads a subject of {@link eventsSubject}, {@link taskSubject} or {@link outputSubject}. */
export function parseSubject(subject: string): ParsedSubject | null {
  const t = subject.split(".");
  if (t[0] !== SUBJECT_ROOT || t.length < 4) return null;
  const [, project, task, kind] = t;
  if (!PROJECT.test(project) || !isToken(task)) return null;
  if ((kind === "ev" || kind === "task" || kind === "outs") && t.length === 4) {
    return { kind, project, task };
  }
  if (kind === "out" && t.length === 6 && isToken(t[4]) && isCall(t[5])) {
    return { kind, project, task, run: t[4], call: t[5] };
  }
  return null;
}

/** The message id of a log line (or of part `part` of it). */
export function lineMsgId(
  task: string,
  run: string,
  seq: number | null,
  offset: number,
  part?: number,
): string {
  return `${task}:${run}:${seq ?? ""}:${offset}${part === undefined ? "" : `#${part}`}`;
}

/**
 * The message id of several complete lines in one message (a batch, sent
 * while catching up): `<task>:<run>:<first seq>-<last seq>:<lines>:<offset>`,
 * run and first seq those of the first line, offset that of the first line.
 * It still ends with the offset (what a mirror of the one-line format reads),
 * and it names where the batch ends (its count of lines): two batches that
 * start at the same line but hold different lines never share an id, so
 * JetStream never drops one as a duplicate of the other.
 */
export function batchMsgId(
  task: string,
  run: string,
  firstSeq: number | null,
  lastSeq: number | null,
  lines: number,
  offset: number,
): string {
  return `${task}:${run}:${firstSeq ?? ""}-${lastSeq ?? ""}:${lines}:${offset}`;
}

/** A kept tool output: the run and call of its `tool_returned` line, and its bytes. */
export interface KeptOutput {
  run: string;
  call: string;
  data: Uint8Array;
}

/** Most outputs in one message of {@link encodeOutputs}. */
export const OUTPUTS_PER_MSG_MAX = 1024;

/**
 * Bytes that `out` adds to a message of {@link encodeOutputs}: its entry in
 * the index (a comma included) and its data. The index's `[`, `]` and newline
 * are {@link OUTPUTS_OVERHEAD_BYTES}.
 */
export function outputBytesInMsg(out: KeptOutput): number {
  // run is a token and call 12 hex digits: no escape, one byte a character.
  return `["${out.run}","${out.call}",${out.data.length}],`.length + out.data.length;
}

/** The bytes of a message of {@link encodeOutputs} besides its outputs' own. */
export const OUTPUTS_OVERHEAD_BYTES = 3;

/**
 * The data of a message of several kept outputs (subject
 * {@link outputsSubject}): one line, a JSON array of `[run, call, length]`,
 * then the outputs' bytes one after the other, in that order. Its size is at
 * most {@link OUTPUTS_OVERHEAD_BYTES} plus {@link outputBytesInMsg} of each.
 *
 * @example
 * ```ts
 * const data = encodeOutputs([{ run: "r1", call: "0123456789ab", data: bytes }]);
 * ```
 */
export function encodeOutputs(outs: KeptOutput[]): Uint8Array {
  const index = JSON.stringify(outs.map((o) => [o.run, o.call, o.data.length]));
  const head = new TextEncoder().encode(`${index}\n`);
  let size = head.length;
  for (const o of outs) size += o.data.length;
  const all = new Uint8Array(size);
  all.set(head, 0);
  let off = head.length;
  for (const o of outs) {
    all.set(o.data, off);
    off += o.data.length;
  }
  return all;
}

/**
 * The outputs of a message of {@link encodeOutputs} (views into `data`);
 * null when it is not one (a bad index, a run or call that is not usable, or
 * lengths that do not add up to its size).
 */
export function decodeOutputs(data: Uint8Array): KeptOutput[] | null {
  const nl = data.indexOf(10);
  if (nl < 0) return null;
  let index: unknown;
  try {
    index = JSON.parse(new TextDecoder().decode(data.subarray(0, nl)));
  } catch {
    return null;
  }
  if (!Array.isArray(index) || index.length > OUTPUTS_PER_MSG_MAX) return null;
  const outs: KeptOutput[] = [];
  let off = nl + 1;
  for (const e of index) {
    if (!Array.isArray(e) || e.length !== 3) return null;
    const [run, call, len] = e;
    if (typeof run !== "string" || !isToken(run)) return null;
    if (typeof call !== "string" || !isCall(call)) return null;
    if (!Number.isSafeInteger(len) || len < 0 || off + len > data.length) return null;
    outs.push({ run, call, data: data.subarray(off, off + len) });
    off += len;
  }
  return off === data.length ? outs : null;
}

/**
 * The message id of several kept outputs in one message:
 * `<task>:outs:<run>:<call>:<count>:<hash>`, run and call those of the first
 * output, hash that of the message's data ({@link encodeOutputs}: the index
 * names every output). The same outputs sent again together (the same cut:
 * ship cuts them at the same line ends) have the same id, and JetStream drops
 * them; other outputs never share it.
 */
export function outputsMsgId(
  task: string,
  first: { run: string; call: string },
  count: number,
  hash: string,
): string {
  return `${task}:outs:${first.run}:${first.call}:${count}:${hash}`;
}

/** Where the last line of `data` (complete lines) starts. */
export function lastLineStart(data: Uint8Array): number {
  return data.length < 2 ? 0 : data.lastIndexOf(10, data.length - 2) + 1;
}

/** Lines in `data` (its newlines). */
export function countLines(data: Uint8Array): number {
  let n = 0;
  for (let i = data.indexOf(10); i >= 0; i = data.indexOf(10, i + 1)) n++;
  return n;
}

/** The byte offset a log line's message id names; null when it names none. */
export function offsetOfMsgId(id: string): number | null {
  const m = /:(\d{1,15})(?:#\d+)?$/.exec(id);
  return m ? Number(m[1]) : null;
}

/** Reads `<i>/<n>`; null when absent or malformed. */
export function parsePart(value: string | undefined): { i: number; n: number } | null {
  if (!value) return null;
  const m = /^(\d{1,9})\/(\d{1,9})$/.exec(value);
  if (!m) return null;
  const i = Number(m[1]), n = Number(m[2]);
  return n > 0 && i < n ? { i, n } : null;
}

/** Where an `ev` message stands in its task's log: see {@link evExtent}. */
export interface EvExtent {
  /** The offset of its first byte (of its line, for a part of a split line). */
  start: number;
  /**
   * The offset just after the last complete line it holds; `start` for a
   * part of a split line other than its last (or without a readable length):
   * that line is not whole yet.
   */
  end: number;
  /** Its part of a split line; null for a line or a batch (complete lines). */
  part: { i: number; n: number } | null;
}

/**
 * Where the lines of an `ev` message end in the log, read from its headers
 * and its length: the one reading of a message's bounds (where ship resumes,
 * and the checks of what a stream holds). Null when its id names no offset.
 *
 * @example
 * ```ts
 * const x = evExtent(msg.headers, msg.data.length);
 * if (x && x.end > x.start) console.log(`the stream holds the log up to byte ${x.end}`);
 * ```
 */
export function evExtent(
  headers: { get(key: string): string | undefined } | undefined,
  dataLength: number,
): EvExtent | null {
  const start = offsetOfMsgId(headers?.get(H_MSG_ID) ?? "");
  if (start === null) return null;
  const part = parsePart(headers?.get(H_PART));
  if (part === null) return { start, end: start + dataLength, part };
  const len = /^\d{1,15}$/.exec(headers?.get(H_LEN) ?? "");
  const whole = part.i === part.n - 1 && len !== null;
  return { start, end: whole ? start + Number(len[0]) : start, part };
}

/** The head of a line that taskline's encoder wrote: schema, seq, and the event's run. */
const HEAD =
  /^\{"schema":\d+,"seq":(\d+),"at":"[^"\\]*","event":\{"type":"([^"\\]*)","run":"([^"\\]*)"/;

/** Run, seq and type of a log line, read cheaply from its head; parsed in full when unusual. */
export function lineKeys(head: string, whole: () => string): {
  run: string;
  seq: number | null;
  type: string;
} {
  const m = HEAD.exec(head);
  if (m) return { seq: Number(m[1]), type: m[2], run: m[3] };
  try {
    const v = JSON.parse(whole());
    const ev = v && typeof v === "object" ? v.event : undefined;
    const run = ev && typeof ev.run === "string" ? ev.run : "";
    const seq = Number.isSafeInteger(v?.seq) ? v.seq as number : null;
    const type = ev && typeof ev.type === "string" ? ev.type : "";
    return { run: run.replace(/[:#\s]/g, "_").slice(0, 64), seq, type };
  } catch {
    return { run: "", seq: null, type: "" };
  }
}

const HEAD_SCHEMA = bytesOf('{"schema":');
const HEAD_SEQ = bytesOf(',"seq":');
const HEAD_AT = bytesOf(',"at":"');
const HEAD_TYPE = bytesOf('","event":{"type":"');
const HEAD_RUN = bytesOf('","run":"');
const TOOL_RETURNED = bytesOf("tool_returned");

function bytesOf(s: string): Uint8Array {
  return new TextEncoder().encode(s);
}

/** Whether `b` holds `want` at `at`. */
function hasAt(b: Uint8Array, at: number, want: Uint8Array): boolean {
  if (at + want.length > b.length) return false;
  for (let i = 0; i < want.length; i++) if (b[at + i] !== want[i]) return false;
  return true;
}

/** Index just after the digits from `at` (at itself when there are none). */
function digitsEnd(b: Uint8Array, at: number): number {
  while (at < b.length && b[at] >= 48 && b[at] <= 57) at++;
  return at;
}

/** Index of the `"` that ends a string from `at`; -1 when a `\` or a control byte comes first. */
function plainStringEnd(b: Uint8Array, at: number): number {
  for (let i = at; i < b.length; i++) {
    const c = b[i];
    if (c === 34) return i;
    if (c === 92 || c < 32) return -1;
  }
  return -1;
}

/**
 * Whether the line `b[start, end)` is a `tool_returned` event: its head as
 * taskline writes it is checked byte by byte (cheaper than
 * {@link lineKeysOfBytes}, which builds the run); any other line is read by
 * {@link lineKeysOfBytes}.
 */
export function isToolReturnedLine(
  b: Uint8Array,
  start: number,
  end: number,
  dec: TextDecoder,
): boolean {
  fast: {
    if (!hasAt(b, start, HEAD_SCHEMA)) break fast;
    let i = digitsEnd(b, start + HEAD_SCHEMA.length);
    if (!hasAt(b, i, HEAD_SEQ)) break fast;
    i = digitsEnd(b, i + HEAD_SEQ.length);
    if (!hasAt(b, i, HEAD_AT)) break fast;
    i = b.indexOf(34, i + HEAD_AT.length);
    if (i < 0 || i >= end || !hasAt(b, i, HEAD_TYPE)) break fast;
    i += HEAD_TYPE.length;
    return hasAt(b, i, TOOL_RETURNED) && b[i + TOOL_RETURNED.length] === 34;
  }
  return lineKeysOfBytes(b.subarray(start, end), dec).isToolReturned;
}

/**
 * {@link lineKeys} on the bytes of a line, without decoding the line: the
 * head taskline's encoder writes is read byte by byte; any other line is
 * decoded and given to {@link lineKeys}. `isToolReturned` is the one type
 * `ship` needs to know.
 */
export function lineKeysOfBytes(line: Uint8Array, dec: TextDecoder): {
  run: string;
  seq: number | null;
  isToolReturned: boolean;
} {
  fast: {
    if (!hasAt(line, 0, HEAD_SCHEMA)) break fast;
    let i = digitsEnd(line, HEAD_SCHEMA.length);
    if (i === HEAD_SCHEMA.length || !hasAt(line, i, HEAD_SEQ)) break fast;
    const seqStart = i + HEAD_SEQ.length;
    i = digitsEnd(line, seqStart);
    if (i === seqStart || i - seqStart > 15 || !hasAt(line, i, HEAD_AT)) break fast;
    let seq = 0;
    for (let k = seqStart; k < i; k++) seq = seq * 10 + (line[k] - 48);
    i = plainStringEnd(line, i + HEAD_AT.length);
    if (i < 0 || !hasAt(line, i, HEAD_TYPE)) break fast;
    const typeStart = i + HEAD_TYPE.length;
    i = plainStringEnd(line, typeStart);
    if (i < 0 || !hasAt(line, i, HEAD_RUN)) break fast;
    const isToolReturned = i - typeStart === TOOL_RETURNED.length &&
      hasAt(line, typeStart, TOOL_RETURNED);
    const runStart = i + HEAD_RUN.length;
    i = plainStringEnd(line, runStart);
    if (i < 0) break fast;
    let run = "";
    let ascii = true;
    for (let k = runStart; k < i; k++) if (line[k] >= 128) ascii = false;
    if (ascii && i - runStart <= 64) {
      for (let k = runStart; k < i; k++) run += String.fromCharCode(line[k]);
    } else run = dec.decode(line.subarray(runStart, i));
    return { run, seq, isToolReturned };
  }
  const head = dec.decode(line.subarray(0, Math.min(line.length, 300)));
  const k = lineKeys(head, () => dec.decode(line));
  return { run: k.run, seq: k.seq, isToolReturned: k.type === "tool_returned" };
}

const headerEncoder = new TextEncoder();

/**
 * Headers already encoded, as the client puts them on the wire (it calls
 * only `encode()` of the headers it publishes): one string and one encode a
 * message instead of a headers object filled key by key.
 */
class RawHeaders {
  readonly #bytes: Uint8Array;
  constructor(pairs: [string, string][]) {
    let s = "NATS/1.0";
    for (const [k, v] of pairs) s += `\r\n${k}: ${v.trim()}`;
    this.#bytes = headerEncoder.encode(`${s}\r\n\r\n`);
  }
  encode(): Uint8Array {
    return this.#bytes;
  }
}

/** The headers of a message: message id, task directory, and any others. */
export function msgHeaders(id: string, dir: string, more: [string, string][] = []): MsgHdrs {
  if (/[\r\n]/.test(id) || /[\r\n]/.test(dir)) {
    throw new TasklineError("bad-state", `a message id or directory holds a line break: ${id}`);
  }
  return new RawHeaders([[H_MSG_ID, id], [H_DIR, dir], ...more]) as unknown as MsgHdrs;
}
