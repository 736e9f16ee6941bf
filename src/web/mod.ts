/**
 * The web UI served by `taskline serve`: one HTML page at `/` built on the
 * server's read routes (`GET /api/events` once, then one `GET /api/stream`),
 * and the client's modules under `/modules/`.
 *
 * @module
 */
export { webPage } from "./page.ts";
export { clientModules, MODULES_PREFIX, webModule } from "./modules.ts";
