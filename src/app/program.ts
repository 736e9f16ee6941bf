/**
 * What main.ts runs: the dispatcher, the whole command table and the
 * standard streams' sink.
 *
 * What is installed is the bundle of main.ts (scripts/build_program.ts, at
 * install time): `deno run` walks the whole module graph at start-up, the
 * commands loaded lazily included (over a hundred modules: about 7 ms
 * before the first line runs), and loads each module that runs on its own
 * (another 5 ms for `events`). One file costs about 1 ms of both.
 *
 * @module
 */
export { run } from "../cli/main.ts";
export { WriterSink } from "../cli/io.ts";
export { ALL_COMMANDS } from "./commands.ts";
