/**
 * Where the complete lines of a log end: a last line without its newline is
 * being written and is not read until it is complete.
 *
 * @module
 */
import { openLogFile } from "../store/log_file.ts";

/**
 * The end of the last complete line of a file (its size, unless a line is
 * being written); 0 when it does not exist.
 */
export async function completeLinesEnd(path: string): Promise<number> {
  // Checked before it is opened: a FIFO or a link out throws BadLogFile.
  const file = await openLogFile(path);
  if (file === null) return 0;
  try {
    let pos = (await file.stat()).size;
    const buf = new Uint8Array(64 * 1024);
    while (pos > 0) {
      const start = Math.max(0, pos - buf.length);
      await file.seek(start, Deno.SeekMode.Start);
      let got = 0;
      while (got < pos - start) {
        const n = await file.read(buf.subarray(got, pos - start));
        if (n === null || n === 0) break;
        got += n;
      }
      const i = buf.subarray(0, got).lastIndexOf(10);
      if (i >= 0) return start + i + 1;
      pos = start;
    }
    return 0;
  } finally {
    file.close();
  }
}
