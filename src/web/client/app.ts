/**
 * The web UI's entry: reads the token from the address's fragment (and
 * removes it from the address bar), keeps it for the tab in sessionStorage,
 * routes between screens by the fragment (`#/tasks`, `#/activity`,
 * `#/task/3`, `#/task/3/trace`, `#/history`, `#/history/3`), shows the
 * connection's state, and hands the store's changes to the screen on view.
 *
 * @module
 */
import { ActivityScreen } from "./activity.ts";
import { Api, type ApiError, isAuthError } from "./api.ts";
import { Connection, type ConnState } from "./connection.ts";
import { type Child, h } from "./dom.ts";
import { HistoryDetailScreen, HistoryScreen } from "./history.ts";
import { Store, type StoreChange } from "./store.ts";
import { TasksScreen } from "./tasks.ts";
import { TimelineScreen } from "./timeline.ts";
import { TraceScreen } from "./trace.ts";
import type { AppContext, Screen } from "./widgets.ts";

/** Where the token is kept for the tab (sessionStorage). */
const TOKEN_KEY = "taskline.token";

function byId<T extends HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`the page has no #${id}`);
  return el as T;
}

/** Reads `token=` from the fragment, removes it from the address bar, and returns the token. */
export function takeToken(): string | null {
  const hash = location.hash;
  const m = /(?:^#|[&?])token=([^&]*)/.exec(hash);
  if (m) {
    let token = "";
    try {
      token = decodeURIComponent(m[1]);
    } catch {
      token = m[1];
    }
    let rest = hash.replace(/([#&?])token=[^&]*&?/, "$1").replace(/[&?]$/, "");
    if (rest === "#" || rest === "#/") rest = "";
    history.replaceState(null, "", location.pathname + location.search + rest);
    if (token) sessionStorage.setItem(TOKEN_KEY, token);
    return token || null;
  }
  return sessionStorage.getItem(TOKEN_KEY);
}

/** The page: shell, router, connection. */
export class App implements AppContext {
  readonly main = byId<HTMLElement>("main");
  readonly conn = byId<HTMLElement>("conn");
  readonly connText = byId<HTMLElement>("conn-text");
  readonly store = new Store();
  readonly api: Api;
  screen: Screen | null = null;
  loaded = false;
  authFailed = false;
  listening = false;
  connection: Connection | null = null;
  token: string | null;

  constructor(token: string | null) {
    this.token = token;
    this.api = new Api(token ?? "");
  }

  start(): void {
    if (!this.listening) {
      this.listening = true;
      // The skip link moves focus without changing the address (the address is the router's).
      document.querySelector(".skip")?.addEventListener("click", (ev) => {
        ev.preventDefault();
        this.main.focus();
      });
      addEventListener("hashchange", () => {
        // An address with a new token pasted into this tab: carry on with it.
        if (/(?:^#|[&?])token=/.test(location.hash)) {
          const token = takeToken();
          if (token) return this.resume(token);
        }
        this.route();
      });
    }
    if (!this.token) {
      this.setConn("offline", "No token");
      this.block(
        "This page needs the server's access token",
        "Open the address that `taskline serve` printed: it ends with #token=… . The token is read from the address, removed from the address bar, and kept only for this tab. Or paste the token (also in .taskline/server.token) here.",
        this.tokenForm(),
      );
      return;
    }
    this.store.on((change) => this.onStore(change));
    this.route();
    this.connection = new Connection(this.api, this.store, {
      onState: (state, text) => this.setConn(state, text),
      onAuthError: (e) => this.rejected(e),
      onLoaded: () => {
        this.loaded = true;
        this.screen?.onReset?.();
      },
    });
    this.connection.start();
  }

  onStore(change: StoreChange): void {
    const s = this.screen;
    if (!s) return;
    switch (change.kind) {
      case "event":
        return s.onEvent?.(change.env);
      case "delta":
        return s.onDelta?.(change.env);
      case "reset":
        return s.onReset?.();
      case "trim":
        return s.onTrim?.(change.count);
      case "task":
        return s.onTask?.(change.info);
    }
  }

  /** Called by screens when a request failed: a refused token stops the page. */
  apiFailed(e: unknown): void {
    if (isAuthError(e)) this.rejected(e);
  }

  rejected(e: ApiError): void {
    if (this.authFailed) return;
    this.authFailed = true;
    this.connection?.stop();
    sessionStorage.removeItem(TOKEN_KEY);
    this.setConn("offline", "Token refused");
    const title = e.status === 403
      ? "The server refused this page (403)"
      : "The server refused the token (401)";
    this.block(
      title,
      "The token this page has is wrong or out of date: the server makes a new one each time it starts. Open the address that `taskline serve` printed last (it ends with #token=…) in this tab, or paste its token (also in .taskline/server.token) below; the page carries on where it stopped.",
      this.tokenForm(),
      h("p", { class: "muted small" }, `The server said: ${e.message}`),
    );
  }

  /** A field to paste a token into. */
  tokenForm(): HTMLFormElement {
    const input = h("input", {
      id: "new-token",
      type: "password",
      autocomplete: "off",
      spellcheck: "false",
      size: "40",
    });
    return h(
      "form",
      {
        class: "token-form",
        onsubmit: (ev: Event) => {
          ev.preventDefault();
          if (input.value.trim()) this.resume(input.value.trim());
        },
      },
      h("label", { for: "new-token" }, "New token "),
      input,
      h("button", { type: "submit" }, "Reconnect"),
    );
  }

  /** Carries on with a new token (the server restarted): the stream resumes after the last event seen. */
  resume(token: string): void {
    sessionStorage.setItem(TOKEN_KEY, token);
    this.token = token;
    this.api.token = token;
    this.authFailed = false;
    if (!this.connection) {
      this.start();
      return;
    }
    this.connection.stopped = false;
    this.connection.retries = 0;
    this.route();
    if (this.loaded) this.connection.resume();
    else this.connection.start();
  }

  /** Replaces the screen with a message that stays until the page is reopened. */
  block(title: string, text: string, ...extra: Child[]): void {
    this.screen?.unmount?.();
    this.screen = null;
    this.main.classList.remove("fill");
    this.main.replaceChildren(
      h(
        "section",
        { class: "blocked", role: "alert" },
        h("h1", {}, title),
        h("p", {}, text),
        ...extra,
      ),
    );
    document.title = `${title} · taskline`;
  }

  setConn(state: ConnState, text: string): void {
    this.conn.dataset.state = state;
    this.connText.textContent = text;
    this.conn.title = this.connection?.cursor ? `last event ${this.connection.cursor}` : "";
  }

  route(): void {
    if (this.authFailed) return;
    const raw = location.hash.replace(/^#\/?/, "");
    const [path, qs] = raw.split("?");
    const query = new URLSearchParams(qs ?? "");
    const parts = path.split("/").filter(Boolean);
    let screen: Screen, nav: string;
    // A task reference: its number, or its id (or a prefix) when two tasks share the number.
    const ref = (s: string | undefined) => (/^(\d+|[0-9a-fA-F-]{4,36})$/.test(s ?? "") ? s! : null);
    const task = ref(parts[1]);
    if (parts[0] === "activity") {
      screen = new ActivityScreen(this, query);
      nav = "activity";
    } else if (parts[0] === "task" && task !== null) {
      screen = parts[2] === "trace"
        ? new TraceScreen(this, task, query)
        : new TimelineScreen(this, task);
      nav = "tasks";
    } else if (parts[0] === "history") {
      screen = task !== null ? new HistoryDetailScreen(this, task) : new HistoryScreen(this);
      nav = "history";
    } else {
      screen = new TasksScreen(this);
      nav = "tasks";
    }
    const first = this.screen === null;
    this.screen?.unmount?.();
    this.main.classList.remove("fill");
    this.main.replaceChildren();
    this.screen = screen;
    document.title = `${nav[0].toUpperCase()}${nav.slice(1)} · taskline`;
    for (const a of document.querySelectorAll<HTMLElement>("#nav a")) {
      if (a.dataset.nav === nav) a.setAttribute("aria-current", "page");
      else a.removeAttribute("aria-current");
    }
    screen.mount(this.main);
    // Keyboard and screen reader users land on the new screen's heading.
    if (!first) this.main.querySelector("h1")?.focus();
  }

  /** Keeps the window at its end when it was there (live text arriving). */
  scrollIfAtEnd(): void {
    const el = document.scrollingElement;
    if (el && el.scrollTop + innerHeight >= el.scrollHeight - 120) el.scrollTop = el.scrollHeight;
  }
}
