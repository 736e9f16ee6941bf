/**
 * The lines of a task's log as `ship` publishes them: a chunk of complete
 * lines read from where the stream stands, cut into messages, each sent
 * after the kept outputs its `tool_returned` lines name (docs/fleet.md).
 *
 * @module
 */
import { BadLogFile } from "../store/log_file.ts";
import type { AckWindow } from "./ack_window.ts";
import { type LineOutput, type Listing, readKeptOutputs, shipKeptOutputs } from "./kept_outputs.ts";
import { bytesEqual, readCompleteLinesSync } from "./raw_lines.ts";
import { NOT_SHIPPED, type ShipContext, type ShippedTask } from "./shipped_task.ts";
import {
  batchMsgId,
  countLines,
  eventsSubject,
  H_EXPECT_LAST_SUBJECT_SEQ,
  H_LEN,
  H_PART,
  lastLineStart,
  lineKeysOfBytes,
  lineMsgId,
  msgHeaders,
} from "./wire.ts";

const dec = new TextDecoder();

/** Options of {@link shipLines}. */
export interface ShipLinesOptions {
  /** The session's messages not yet acknowledged. */
  window: AckWindow;
  /** Stops the shipping (it returns false). */
  signal: AbortSignal;
  /** The task's directories of kept outputs, listed once a pass. */
  listed: Listing;
  /** Bytes of the log read at a time. Default 1 MiB. */
  chunkBytes?: number;
  /** Most bytes of lines a message. Default 256 KiB (never more than `partBytes`). */
  batchBytes?: number;
}

/**
 * Ships the next chunk of complete lines of one task; true when there may
 * be more. The lines go in batches of at most `batchBytes` (one message
 * each, cut at a line's end), a batch of one line as a line; a line larger
 * than a message goes alone, in parts. A batch ends where a message of a
 * session that ended unacknowledged ended (`replay`), so that it is that
 * same message again. Each message of the task waits for the
 * acknowledgement of the one before, and carries the stream sequence its
 * subject must end at ({@link H_EXPECT_LAST_SUBJECT_SEQ}): a message that
 * another writer stored in between (a killed ship's, late) makes the server
 * refuse it, and the session starts again from what the stream holds.
 */
export async function shipLines(
  ctx: ShipContext,
  f: ShippedTask,
  o: ShipLinesOptions,
): Promise<boolean> {
  const { window, signal, listed } = o;
  const path = ctx.state.logPath(f.dir);
  // Read from the start of the last line shipped: it must still be there.
  const from = f.last ? f.lastStart : f.next;
  let chunk;
  try {
    chunk = readCompleteLinesSync(path, from, { chunkBytes: o.chunkBytes });
  } catch (e) {
    if (!(e instanceof BadLogFile)) throw e;
    ctx.badFile(f.dir, e, NOT_SHIPPED);
    return false;
  }
  ctx.readFine(path);
  if (chunk === null) {
    if (f.next > 0) ctx.stop(f, "its log is gone");
    return false;
  }
  if (chunk.size < f.next) {
    ctx.stop(
      f,
      `its log is shorter (${chunk.size} bytes) than what was shipped (${f.next} bytes)`,
    );
    return false;
  }
  let bytes = chunk.bytes;
  if (f.last) {
    const head = bytes.subarray(0, f.last.length);
    if (head.length < f.last.length || !bytesEqual(head, f.last)) {
      ctx.stop(f, `the last line shipped is no longer at byte ${f.lastStart} of its log`);
      return false;
    }
    bytes = bytes.subarray(f.last.length);
  }
  if (bytes.length === 0) return false;
  const subject = eventsSubject(ctx.project, f.id);
  const partBytes = ctx.partBytes;
  const batchMax = Math.min(partBytes, o.batchBytes ?? 256 * 1024);
  const base = f.next;
  // The kept outputs of the chunk's `tool_returned` lines are read first,
  // so that the lines then go out without waiting on a file.
  const outputs = readKeptOutputs(ctx, f, { bytes, listed });
  const outAt = [...outputs.keys()]; // in the order of the log
  let oi = 0;
  let pos = 0;
  // The outputs of the lines about to go (up to `end`), before them:
  // several to a message, cut by the lines of that message alone, so that
  // a message sent again (`replay`) has the same outputs, the same id.
  // Those of lines before `outsUpto` are on the stream already (sent by a
  // ship before this one, whose lines were not stored).
  const shipOutputsBefore = async (end: number): Promise<boolean> => {
    const outs: LineOutput[] = [];
    while (oi < outAt.length && outAt[oi] < end) {
      const at = outAt[oi++];
      if (base + at < f.outsUpto) continue;
      outs.push({ out: outputs.get(at)!, end: base + bytes.indexOf(10, at) + 1 });
    }
    if (outs.length === 0) return true;
    // Should this session end before the lines go, the next one cuts
    // them (and so these outputs) at the same place.
    f.replay.set(base + pos, base + end);
    return await shipKeptOutputs(ctx, f, { outs, maxBytes: batchMax, window });
  };
  while (pos < bytes.length) {
    if (window.failure !== null || signal.aborted) return false;
    const firstEnd = bytes.indexOf(10, pos) + 1;
    if (firstEnd - pos > partBytes) {
      if (!await shipOutputsBefore(firstEnd)) return false;
      const line = bytes.subarray(pos, firstEnd);
      const keys = lineKeysOfBytes(line, dec);
      const n = Math.ceil(line.length / partBytes);
      for (let i = 0; i < n; i++) {
        const h = msgHeaders(lineMsgId(f.id, keys.run, keys.seq, base + pos, i), f.dir, [
          [H_PART, `${i}/${n}`],
          [H_LEN, String(line.length)],
          [H_EXPECT_LAST_SUBJECT_SEQ, String(f.evSeq)],
        ]);
        const seq = await window.send(
          subject,
          line.subarray(i * partBytes, Math.min(line.length, (i + 1) * partBytes)),
          h,
        );
        if (seq === null) return false;
        f.evSeq = seq;
      }
      f.replay.delete(base + pos);
      f.last = line;
      f.lastStart = base + pos;
      f.next = base + firstEnd;
      ctx.stats.lines++;
      ctx.stats.bytes += line.length;
      pos = firstEnd;
      continue;
    }
    // Where this message ends.
    let target = pos + batchMax;
    const replayEnd = f.replay.get(base + pos);
    if (replayEnd !== undefined && replayEnd - (base + pos) > batchMax) {
      f.replay.delete(base + pos); // larger than a message may now be (another server)
    } else if (replayEnd !== undefined) {
      if (replayEnd - base <= bytes.length) target = replayEnd - base;
      else if (pos > 0) break; // past this chunk: read again from here
      else f.replay.delete(base + pos);
    }
    let cut = target >= bytes.length ? bytes.length : bytes.lastIndexOf(10, target - 1) + 1;
    if (cut <= pos) cut = firstEnd; // one line longer than a batch
    if (!await shipOutputsBefore(cut)) return false;
    if (window.failure !== null || signal.aborted) return false;
    const data = bytes.subarray(pos, cut);
    const lastAt = lastLineStart(data);
    const lines = lastAt === 0 ? 1 : countLines(data);
    const first = lineKeysOfBytes(bytes.subarray(pos, firstEnd), dec);
    const offset = base + pos;
    const id = lines === 1 ? lineMsgId(f.id, first.run, first.seq, offset) : batchMsgId(
      f.id,
      first.run,
      first.seq,
      lineKeysOfBytes(data.subarray(lastAt), dec).seq,
      lines,
      offset,
    );
    const h = msgHeaders(id, f.dir, [[H_EXPECT_LAST_SUBJECT_SEQ, String(f.evSeq)]]);
    const seq = await window.send(subject, data, h, {
      f,
      start: offset,
      end: offset + data.length,
    });
    if (seq === null) return false;
    f.evSeq = seq;
    f.replay.delete(offset);
    f.last = data.subarray(lastAt);
    f.lastStart = offset + lastAt;
    f.next = base + cut;
    ctx.stats.lines += lines;
    ctx.stats.bytes += data.length;
    pos = cut;
  }
  // The last line is kept as a copy: the chunk's buffer is let go.
  if (f.last) f.last = f.last.slice();
  return pos < bytes.length || (chunk.bytes.length > 0 && chunk.size > from + chunk.bytes.length);
}
