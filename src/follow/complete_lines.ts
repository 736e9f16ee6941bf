/**
 * Where the complete lines of a log end: a last line without its newline is
 * being written and is not read until it is complete.
 *
 * @module
 */
import { lastNewlineBefore, openLogFile } from "../store/log_file.ts";

/**
 * The end of the last complete line of a file (its size, unless a line is
 * being written); 0 when it does not exist.
 */
export async function completeLinesEnd(path: string): Promise<number> {
  // Checked before it is opened: a FIFO or a link out throws BadLogFile.
  const file = await openLogFile(path);
  if (file === null) return 0;
  try {
    return (await lastNewlineBefore(file, file.statSync().size)) + 1;
  } finally {
    file.close();
  }
}
