/**
 * The page script's entry: the page loads this module (`<script
 * type="module">`), and the browser loads what it imports, each module
 * served by `taskline serve` with its types stripped (src/web/modules.ts).
 *
 * @module
 */
import { App, takeToken } from "./app.ts";

const app = new App(takeToken());
// For tests and for curious users in the console: the page's state.
(globalThis as unknown as { taskline: App }).taskline = app;
app.start();
