/**
 * What the routes ask of the live hub (live.ts): the three routes served
 * from the shared follower, with their parameters already read by the
 * routes, and the counters `/api/health` reports.
 *
 * @module
 */
import type { Cursor } from "../contract/cursor.ts";
import { TasklineError } from "../errors.ts";
import type { EventFilter } from "../follow/filter.ts";
import type { Task } from "../store/tasks.ts";
import type { TaskIndex } from "./task_index.ts";

/** `GET /api/events` as its route read it. */
export interface EventsQuery {
  /** How many of the last matching events. */
  limit: number;
  /** Strictly after this cursor, or null. */
  after: Cursor | null;
  filter: EventFilter;
}

/** `GET /api/stream` as its route read it. */
export interface StreamQuery {
  filter: EventFilter;
  /** The `Last-Event-ID` of a reconnecting client (it beats `after`), or null. */
  lastEventId: Cursor | null;
  /** Strictly after this cursor (it beats `since`), or null. */
  after: Cursor | null;
}

/** The routes served from the shared follower (see live.ts). */
export interface LiveRoutes {
  events(query: EventsQuery, tasks: TaskIndex): Promise<Response>;
  stream(query: StreamQuery): Promise<Response>;
  /** The stream of `task`'s run, after seq `after`. */
  taskStream(task: Task, after: number): Promise<Response>;
  /** Open stream clients, and how many times a slow one caught up from disk. */
  streamStats(): StreamStats;
  /**
   * Bumped by each published event that can change a task's row (a run
   * starting, pausing, finishing, an approval asked or answered, a phase):
   * with the tasks directory's stamp, the entity tag of `GET /api/tasks`.
   */
  readonly rowsVersion: number;
}

/** The stream clients as `/api/health` tells of them (docs/server.md). */
export interface StreamStats {
  /** Open stream clients. */
  clients: number;
  /** Times a client fell behind and caught up from the logs. */
  catch_ups: number;
  /** Clients the fan-out feeds. */
  fan_out: number;
  /** Flushes of the fan-out, and those put off because most clients were behind. */
  flushes: number;
  postponed: number;
  /** Streams dropped because their client took nothing for the stall bound. */
  stalls: number;
}

/** The live routes of a server; a server started without them answers 500. */
export function requireLive(live: LiveRoutes | null): LiveRoutes {
  if (live === null) {
    throw new TasklineError("bad-state", "This server was started without live routes");
  }
  return live;
}
