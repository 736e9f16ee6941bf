/**
 * A task as `ship` follows it, and the shipper as the parts of `ship` see
 * it (stream_position.ts, ship_lines.ts, kept_outputs.ts).
 *
 * @module
 */
import type { BadLogFile } from "../store/log_file.ts";
import type { StateDir } from "../store/state_dir.ts";
import type { jetstreamManager } from "./nats.ts";
import type { ShipStats } from "./ship.ts";

/** A task as `ship` follows it: where it stands on the stream, and what it last published. */
export interface ShippedTask {
  dir: string;
  id: string;
  /** Offset just after the last line published. */
  next: number;
  /** The last line published and where it starts (to notice a rewrite). */
  last: Uint8Array | null;
  lastStart: number;
  /**
   * Messages of lines published by a session that ended before they were
   * acknowledged: start offset -> end offset. Lines from such a start go out
   * again in one message that ends there, the same message with the same id,
   * so that JetStream drops it if the first one was stored after all (late,
   * after the stream was asked where the task stands).
   */
  replay: Map<number, number>;
  /** `next` is what the stream holds (or was published after it). */
  synced: boolean;
  /**
   * The stream sequence of the last message of the task's `ev` subject, and
   * of its `outs` subject (0: none), as the stream said (when asked where
   * the task stands, then in each acknowledgement): the expectation
   * (`H_EXPECT_LAST_SUBJECT_SEQ`, wire.ts) of the next publish there, so that
   * one is stored only right after what this ship saw.
   */
  evSeq: number;
  outsSeq: number;
  /** The outputs of the lines that start before this offset are on the stream (`H_OUTS_UPTO`). */
  outsUpto: number;
  /** The bytes of task.json last published, and the stat stamp read. */
  taskJson: Uint8Array | null;
  taskStamp: string;
  /** Why this task is no longer shipped. */
  stopped: string | null;
}

/** A task found with id `id` in directory `dir`, shipped from its start unless `stopped`. */
export function shippedTask(dir: string, id: string, stopped: string | null): ShippedTask {
  return {
    dir,
    id,
    next: 0,
    last: null,
    lastStart: 0,
    replay: new Map(),
    synced: false,
    evSeq: 0,
    outsSeq: 0,
    outsUpto: 0,
    taskJson: null,
    taskStamp: "",
    stopped,
  };
}

/** The stream API of a session. */
export type StreamApi = Awaited<ReturnType<typeof jetstreamManager>>;

/** What the parts of `ship` use of the shipper. */
export interface ShipContext {
  readonly state: StateDir;
  /** The project's name on the stream. */
  readonly project: string;
  /** The stream's name. */
  readonly stream: string;
  readonly stats: ShipStats;
  /** Most bytes of data in one message (the server's limit less room for headers), this session. */
  readonly partBytes: number;
  /** The session's stream API; null between sessions. */
  readonly jsm: StreamApi | null;
  /**
   * A file of task `dir` that is not a regular file inside `.taskline/`: its
   * task's problem alone, said once (again if it changes, or after it was
   * read fine).
   */
  badFile(dir: string, e: BadLogFile, consequence: string): void;
  /** A file that was read fine: a problem of it later is said again. */
  readFine(path: string): void;
  /** Ships `f` no more (said): its log no longer holds what the stream holds of it. */
  stop(f: ShippedTask, why: string): void;
}

/** What becomes of a task whose log is not a regular file. */
export const NOT_SHIPPED = "its lines are not shipped while it is not a regular file";
