/**
 * Where each task `ship` follows stands on the stream: asked of the stream,
 * never remembered locally (the last message of the task's subjects), and
 * checked against its log.
 *
 * @module
 */
import type { MsgHdrs } from "@nats-io/transport-node";
import { TasklineError } from "../errors.ts";
import { BadLogFile, openLogFile, readAt } from "../store/log_file.ts";
import { isNotFound } from "./nats.ts";
import { bytesEqual } from "./raw_lines.ts";
import { NOT_SHIPPED, type ShipContext, type ShippedTask, type StreamApi } from "./shipped_task.ts";
import {
  eventsSubject,
  evExtent,
  H_OUTS_UPTO,
  lastLineStart,
  outputsSubject,
  SUBJECT_ROOT,
  taskSubject,
} from "./wire.ts";

/**
 * Asks the stream where each task not yet synced stands, many at a time.
 * With many tasks to sync, the subjects the stream holds for this project
 * are listed first (two requests), and a task whose subject is not there
 * starts at its beginning without a request of its own.
 */
export async function syncTasks(ctx: ShipContext, tasks: Iterable<ShippedTask>): Promise<void> {
  const jsm = ctx.jsm;
  if (jsm === null) return; // between sessions
  const todo = [...tasks].filter((f) => !f.synced && f.stopped === null);
  let held: Set<string> | null = null;
  if (todo.length > 16) {
    const project = ctx.project;
    held = new Set([
      ...await subjectsHeld(jsm, ctx.stream, `${SUBJECT_ROOT}.${project}.*.ev`),
      ...await subjectsHeld(jsm, ctx.stream, `${SUBJECT_ROOT}.${project}.*.task`),
      ...await subjectsHeld(jsm, ctx.stream, `${SUBJECT_ROOT}.${project}.*.outs`),
    ]);
  }
  for (let i = 0; i < todo.length; i += 64) {
    await Promise.all(todo.slice(i, i + 64).map((f) => sync(ctx, f, { jsm, held })));
  }
}

/**
 * Asks the stream where `f` stands (`held`: the subjects the stream holds,
 * when listed).
 */
async function sync(
  ctx: ShipContext,
  f: ShippedTask,
  o: { jsm: StreamApi; held: Set<string> | null },
): Promise<void> {
  const { jsm, held } = o;
  const project = ctx.project;
  const last = (subject: string) =>
    held && !held.has(subject) ? Promise.resolve(null) : lastMessage(jsm, ctx.stream, subject);
  const [ev, task, outs] = await Promise.all([
    last(eventsSubject(project, f.id)),
    last(taskSubject(project, f.id)),
    last(outputsSubject(project, f.id)),
  ]);
  f.evSeq = ev?.seq ?? 0;
  f.outsSeq = outs?.seq ?? 0;
  // Written by a ship before this header: its outputs are not relied on.
  const upto = /^\d{1,15}$/.exec(outs?.header?.get(H_OUTS_UPTO) ?? "");
  f.outsUpto = upto ? Number(upto[0]) : 0;
  f.taskJson = task ? task.data : null;
  f.taskStamp = "";
  f.last = null;
  f.lastStart = 0;
  f.next = 0;
  if (ev) {
    const x = evExtent(ev.header, ev.data.length);
    if (x === null) {
      throw new TasklineError("bad-state", `the last message of task ${f.dir} has no offset`);
    }
    // A split line cut short is sent again whole (its end is its start).
    f.next = x.end;
    if (x.part === null) {
      // One line, or several (a batch): the last of them is checked.
      const at = lastLineStart(ev.data);
      f.last = ev.data.subarray(at);
      f.lastStart = x.start + at;
    }
    // What was shipped must still be there, unchanged.
    await checkShipped(ctx, f);
  }
  for (const start of f.replay.keys()) if (start < f.next) f.replay.delete(start);
  f.synced = true;
}

/**
 * Stops `f` when its log no longer holds what the stream holds of it. A log
 * that is not a regular file is not opened: reported, and checked when it
 * is one again (its next read starts at the last line shipped, which must
 * be there).
 */
async function checkShipped(ctx: ShipContext, f: ShippedTask): Promise<void> {
  const path = ctx.state.logPath(f.dir);
  let file: Deno.FsFile | null = null;
  try {
    file = await openLogFile(path);
  } catch (e) {
    if (e instanceof BadLogFile) return ctx.badFile(f.dir, e, NOT_SHIPPED);
    // Not readable: as missing.
  }
  try {
    const size = file === null ? 0 : (await file.stat()).size;
    if (size < f.next) {
      ctx.stop(f, `its log is shorter (${size} bytes) than what was shipped (${f.next} bytes)`);
    } else if (
      file !== null && f.last &&
      !bytesEqual(await readAt(file, f.lastStart, f.last.length), f.last)
    ) {
      ctx.stop(f, `the last line shipped is no longer at byte ${f.lastStart} of its log`);
    }
  } finally {
    file?.close();
  }
}

/** The subjects of `stream` that match `filter` and hold a message. */
async function subjectsHeld(
  jsm: StreamApi,
  stream: string,
  filter: string,
): Promise<string[]> {
  const info = await jsm.streams.info(stream, { subjects_filter: filter });
  return Object.keys(info.state.subjects ?? {});
}

/** The last message of `subject` in `stream`; null when it has none. */
export async function lastMessage(
  jsm: StreamApi,
  stream: string,
  subject: string,
): Promise<{ data: Uint8Array; header: MsgHdrs | undefined; seq: number } | null> {
  try {
    const m = await jsm.streams.getMessage(stream, { last_by_subj: subject });
    if (!m) return null;
    return { data: m.data, header: m.header, seq: m.seq };
  } catch (e) {
    if (isNotFound(e) && !/stream not found/i.test((e as Error).message)) return null;
    throw e;
  }
}
