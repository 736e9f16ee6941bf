/**
 * The web UI served by `taskline serve` at `/`: one HTML page built on the
 * server's read routes (`GET /api/events` once, then one `GET /api/stream`).
 *
 * @module
 */
export { CLIENT_JS, webPage } from "./page.ts";
