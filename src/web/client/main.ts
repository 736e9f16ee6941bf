/**
 * The page script's entry: `deno task bundle-web` bundles this module and
 * what it imports (src/web/client/, and the pure parts of src/views/) for the
 * browser into src/web/client_bundle.ts.
 *
 * @module
 */
import { App, takeToken } from "./app.ts";

const app = new App(takeToken());
// For tests and for curious users in the console: the page's state.
(globalThis as unknown as { taskline: App }).taskline = app;
app.start();
