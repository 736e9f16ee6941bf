/**
 * The web client's modules as text, by their path under src/: the client of
 * src/web/client/ and the modules of src/views/ and src/contract/ it imports.
 * The server runs this module, not the browser: src/web/modules.ts strips
 * their types and serves them. A text import is part of the module graph, so
 * no file is read at run time, and `deno compile` and the installed bundle
 * carry them. tests/web_modules_test.ts fails when a module that the client
 * imports is missing here, or when one here is not imported.
 *
 * @module
 */
import contractEvents from "../../contract/events.ts" with { type: "text" };
import contractTime from "../../contract/time.ts" with { type: "text" };
import viewsEventLine from "../../views/event_line.ts" with { type: "text" };
import viewsTerminalText from "../../views/terminal_text.ts" with { type: "text" };
import viewsTracePair from "../../views/trace_pair.ts" with { type: "text" };
import viewsUnits from "../../views/units.ts" with { type: "text" };
import viewsWrittenPath from "../../views/written_path.ts" with { type: "text" };
import clientActions from "./actions.ts" with { type: "text" };
import clientActivity from "./activity.ts" with { type: "text" };
import clientApi from "./api.ts" with { type: "text" };
import clientApp from "./app.ts" with { type: "text" };
import clientCharts from "./charts.ts" with { type: "text" };
import clientConnection from "./connection.ts" with { type: "text" };
import clientDom from "./dom.ts" with { type: "text" };
import clientFormat from "./format.ts" with { type: "text" };
import clientHistory from "./history.ts" with { type: "text" };
import clientMain from "./main.ts" with { type: "text" };
import clientSse from "./sse.ts" with { type: "text" };
import clientStore from "./store.ts" with { type: "text" };
import clientTasks from "./tasks.ts" with { type: "text" };
import clientTimeline from "./timeline.ts" with { type: "text" };
import clientTrace from "./trace.ts" with { type: "text" };
import clientVlist from "./vlist.ts" with { type: "text" };
import clientWidgets from "./widgets.ts" with { type: "text" };
import clientWire from "./wire.ts" with { type: "text" };

/** The module that starts the client, a key of {@link CLIENT_SOURCES}. */
export const CLIENT_ENTRY = "web/client/main.ts";

/** Each module's TypeScript source, by its path under src/. */
export const CLIENT_SOURCES: Readonly<Record<string, string>> = {
  "contract/events.ts": contractEvents,
  "contract/time.ts": contractTime,
  "views/event_line.ts": viewsEventLine,
  "views/terminal_text.ts": viewsTerminalText,
  "views/trace_pair.ts": viewsTracePair,
  "views/units.ts": viewsUnits,
  "views/written_path.ts": viewsWrittenPath,
  "web/client/actions.ts": clientActions,
  "web/client/activity.ts": clientActivity,
  "web/client/api.ts": clientApi,
  "web/client/app.ts": clientApp,
  "web/client/charts.ts": clientCharts,
  "web/client/connection.ts": clientConnection,
  "web/client/dom.ts": clientDom,
  "web/client/format.ts": clientFormat,
  "web/client/history.ts": clientHistory,
  "web/client/main.ts": clientMain,
  "web/client/sse.ts": clientSse,
  "web/client/store.ts": clientStore,
  "web/client/tasks.ts": clientTasks,
  "web/client/timeline.ts": clientTimeline,
  "web/client/trace.ts": clientTrace,
  "web/client/vlist.ts": clientVlist,
  "web/client/widgets.ts": clientWidgets,
  "web/client/wire.ts": clientWire,
};
