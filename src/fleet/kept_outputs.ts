/**
 * The kept tool outputs that `ship` publishes: those named by the
 * `tool_returned` lines of a chunk of a log, read before the lines go, and
 * sent before the message of those lines (docs/fleet.md).
 *
 * @module
 */
import { BadLogFile, readRegularFileSync } from "../store/log_file.ts";
import type { AckWindow } from "./ack_window.ts";
import { shortHash } from "./raw_lines.ts";
import type { ShipContext, ShippedTask } from "./shipped_task.ts";
import { lastMessage } from "./stream_position.ts";
import {
  encodeOutputs,
  H_EXPECT_LAST_SUBJECT_SEQ,
  H_MSG_ID,
  H_OUTS_UPTO,
  H_PART,
  isCall,
  isToken,
  isToolReturnedLine,
  type KeptOutput,
  msgHeaders,
  outputBytesInMsg,
  OUTPUTS_OVERHEAD_BYTES,
  OUTPUTS_PER_MSG_MAX,
  outputsMsgId,
  outputsSubject,
  outputSubject,
  parsePart,
} from "./wire.ts";

const dec = new TextDecoder();

/** A kept output, and the offset just after its `tool_returned` line in the log. */
export interface LineOutput {
  out: KeptOutput;
  end: number;
}

/** The names in each run's directory of kept outputs of a task (null: none), by run. */
export type Listing = Map<string, Set<string> | null>;

/**
 * The kept outputs named by the `tool_returned` lines of `bytes`, by the
 * line's index in `bytes`, in the order of the log. Each run's directory is
 * listed once a pass (`listed`: most calls keep no output, and a failed
 * open costs more than a name looked up), and again only for a line that
 * names an output (`output_file`) the listing does not hold: an output is
 * written before its line, so it may be newer than the listing. Read
 * synchronously: a local read costs a third of the CPU of an asynchronous
 * one.
 */
export function readKeptOutputs(
  ctx: ShipContext,
  f: ShippedTask,
  o: { bytes: Uint8Array; listed: Listing },
): Map<number, KeptOutput> {
  const { bytes, listed } = o;
  const found = new Map<number, KeptOutput>();
  let start = 0;
  while (start < bytes.length) {
    const end = bytes.indexOf(10, start) + 1;
    const at = start;
    start = end;
    if (!isToolReturnedLine(bytes, at, end, dec)) continue;
    let run: unknown, call: unknown, named = false;
    try {
      const ev = JSON.parse(dec.decode(bytes.subarray(at, end))).event;
      run = ev?.run;
      call = ev?.call;
      named = typeof ev?.output_file === "string";
    } catch {
      continue;
    }
    if (typeof run !== "string" || typeof call !== "string") continue;
    if (!isToken(run) || !isCall(call)) continue;
    let names = listed.get(run);
    if (names === undefined || (named && !names?.has(`${call}.txt`))) {
      names = listOutputs(ctx, f, run);
      listed.set(run, names);
    }
    if (!names?.has(`${call}.txt`)) continue;
    const path = ctx.state.traceFile(f.dir, run, call);
    try {
      const data = readRegularFileSync(path, { root: ctx.state.root });
      if (data !== null) found.set(at, { run, call, data });
    } catch (e) {
      // A FIFO (or a link out...): the line goes without it.
      if (e instanceof BadLogFile) ctx.badFile(f.dir, e, "that output is not shipped");
      // Else not kept after all (a write that failed).
    }
  }
  return found;
}

/** The names in the directory of `run`'s kept outputs; null when it has none. */
function listOutputs(ctx: ShipContext, f: ShippedTask, run: string): Set<string> | null {
  const names = new Set<string>();
  try {
    const dir = ctx.state.traceFile(f.dir, run, "x");
    for (const e of Deno.readDirSync(dir.slice(0, dir.lastIndexOf("/")))) names.add(e.name);
  } catch {
    return null; // no output kept for this run
  }
  return names;
}

/**
 * Ships the kept outputs of the `tool_returned` lines of one message of
 * lines (in the order of the log), before it: several to a message of at
 * most `maxBytes` on the task's `outs` subject ({@link encodeOutputs}, cut
 * greedily in that order, so that the same outputs are always cut the same
 * way; one alone is a message of one), each waiting for the one before and
 * expecting its sequence, and with {@link H_OUTS_UPTO}; one larger than
 * `maxBytes` alone on its own subject, in parts when larger than a
 * message. False when the session ended.
 */
export async function shipKeptOutputs(
  ctx: ShipContext,
  f: ShippedTask,
  o: { outs: LineOutput[]; maxBytes: number; window: AckWindow },
): Promise<boolean> {
  const { outs, maxBytes, window } = o;
  let group: LineOutput[] = [];
  let size = OUTPUTS_OVERHEAD_BYTES;
  const flush = async (): Promise<boolean> => {
    if (group.length === 0) return true;
    const data = encodeOutputs(group.map((g) => g.out));
    const upto = group[group.length - 1].end;
    const id = outputsMsgId(f.id, group[0].out, group.length, shortHash(data));
    const h = msgHeaders(id, f.dir, [
      [H_OUTS_UPTO, String(upto)],
      [H_EXPECT_LAST_SUBJECT_SEQ, String(f.outsSeq)],
    ]);
    const count = group.length;
    group = [];
    size = OUTPUTS_OVERHEAD_BYTES;
    const seq = await window.send(outputsSubject(ctx.project, f.id), data, h);
    if (seq === null) return false;
    f.outsSeq = seq;
    f.outsUpto = upto;
    ctx.stats.outputs += count;
    return true;
  };
  for (const lo of outs) {
    const bytes = outputBytesInMsg(lo.out);
    if (OUTPUTS_OVERHEAD_BYTES + bytes > maxBytes) {
      if (!await flush() || !await shipLargeOutput(ctx, f, { out: lo.out, window })) return false;
      continue;
    }
    if (size + bytes > maxBytes || group.length >= OUTPUTS_PER_MSG_MAX) {
      if (!await flush()) return false;
    }
    group.push(lo);
    size += bytes;
  }
  return await flush();
}

/**
 * Ships a large kept output alone, in parts, on its own subject. What that
 * subject holds is asked first: an output already there whole (a ship
 * before this one sent it, and its line was not stored) is not sent again,
 * one there in part goes on after its last part; each part expects the
 * sequence of the one before. False when the session ended.
 */
async function shipLargeOutput(
  ctx: ShipContext,
  f: ShippedTask,
  o: { out: KeptOutput; window: AckWindow },
): Promise<boolean> {
  const { out, window } = o;
  const { run, call, data } = out;
  const subject = outputSubject(ctx.project, f.id, run, call);
  const partBytes = ctx.partBytes;
  const n = Math.max(1, Math.ceil(data.length / partBytes));
  const hash = shortHash(data);
  const idOf = (i: number) => `${f.id}:out:${run}:${call}:${hash}#${i}`;
  if (ctx.jsm === null) return false;
  const held = await lastMessage(ctx.jsm, ctx.stream, subject);
  let expect = held?.seq ?? 0;
  let from = 0;
  const part = parsePart(held?.header?.get(H_PART));
  if (part !== null && part.n === n && held?.header?.get(H_MSG_ID) === idOf(part.i)) {
    if (part.i === n - 1) return true;
    from = part.i + 1;
  }
  for (let i = from; i < n; i++) {
    const h = msgHeaders(idOf(i), f.dir, [
      [H_PART, `${i}/${n}`],
      [H_EXPECT_LAST_SUBJECT_SEQ, String(expect)],
    ]);
    const seq = await window.send(
      subject,
      data.subarray(i * partBytes, Math.min(data.length, (i + 1) * partBytes)),
      h,
    );
    if (seq === null) return false;
    expect = seq;
  }
  ctx.stats.outputs++;
  return true;
}
