/**
 * Where `mirror` stands in the stream, kept on disk (`mirror.json`): the
 * last stream sequence whose effect is written, and the server's time of it.
 *
 * @module
 */
import { BadLogFile, checkLogFileSync, readRegularFileSync } from "../store/log_file.ts";
import { type StateDir, writeFileAtomicSync } from "../store/state_dir.ts";

/** What `mirror.json` holds. */
export interface Checkpoint {
  stream: string;
  created: string;
  seq: number;
  /** The server's time of the message at `seq`, in nanoseconds since the epoch. */
  ns?: string;
}

/** The path of the mirror's position. */
export function checkpointPath(state: StateDir): string {
  return `${state.root}/mirror.json`;
}

/**
 * The checkpoint (`mirror.json`), null when there is none or it does not
 * read as one (the stream is read from its start).
 *
 * @throws BadLogFile when it is not a regular file inside `.taskline/` (a
 * FIFO would hold the mirror): never opened, nor replaced, the mirror ends
 * with an error that names it.
 */
export function loadCheckpoint(state: StateDir): Checkpoint | null {
  const path = checkpointPath(state);
  let bytes: Uint8Array | null = null;
  try {
    bytes = readRegularFileSync(path, { root: state.root });
  } catch (e) {
    if (e instanceof BadLogFile) throw badCheckpoint(e);
    return null;
  }
  if (bytes === null) return null;
  try {
    const v = JSON.parse(new TextDecoder().decode(bytes));
    if (
      typeof v?.stream === "string" && typeof v?.created === "string" &&
      Number.isSafeInteger(v?.seq)
    ) {
      return v as Checkpoint;
    }
  } catch { /* none, or unreadable: from the start */ }
  return null;
}

/**
 * Saves the mirror's position in `mirror.json`, atomically.
 *
 * @throws BadLogFile when `mirror.json` is not a regular file inside
 * `.taskline/`: it is not replaced (the mirror ends on it).
 */
export function saveCheckpoint(state: StateDir, cp: Checkpoint): void {
  try {
    checkLogFileSync(checkpointPath(state), { root: state.root });
  } catch (e) {
    throw e instanceof BadLogFile ? badCheckpoint(e) : e;
  }
  writeFileAtomicSync(checkpointPath(state), new TextEncoder().encode(JSON.stringify(cp) + "\n"));
}

/** The error of a checkpoint that is not a regular file, with what to do. */
function badCheckpoint(e: BadLogFile): BadLogFile {
  const err = new BadLogFile(e.path, e.kind, e.target);
  err.message =
    `${e.message}: it is where mirror keeps its place in the stream; remove it (the stream is then read again from its start, what is already here is skipped)`;
  return err;
}
