/**
 * The live channel, its listening side, as the server uses it: moved down to
 * src/follow/live_listen.ts so that `taskline ship --live` listens the same way.
 *
 * @module
 */
export { listenLiveChannel, LIVE_CONNECTIONS_MAX } from "../follow/live_listen.ts";
export type { LiveListenOptions } from "../follow/live_listen.ts";
