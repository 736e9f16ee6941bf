// @ts-nocheck: browser code; it runs in the page, where the DOM exists, not in Deno.
/**
 * The web UI's entry: reads the token from the address's fragment (and
 * removes it from the address bar), keeps it for the tab in sessionStorage,
 * routes between screens by the fragment (`#/tasks`, `#/activity`,
 * `#/task/3`, `#/task/3/trace`, `#/history`, `#/history/3`), shows the
 * connection's state, and hands the stream's events to the screen on view.
 *
 * @module
 */

/** Where the token is kept for the tab (sessionStorage). */
const TOKEN_KEY = "taskline.token";

/** Reads `token=` from the fragment, removes it from the address bar, and returns the token. */
function takeToken() {
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
class App {
  constructor(token) {
    this.token = token;
    this.main = document.getElementById("main");
    this.conn = document.getElementById("conn");
    this.connText = document.getElementById("conn-text");
    this.notice = document.getElementById("notice");
    this.store = new Store();
    this.api = new Api(token);
    this.screen = null;
    this.loaded = false;
    this.authFailed = false;
  }

  start() {
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
    this.store.on((kind, value) => this.onStore(kind, value));
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

  onStore(kind, value) {
    const s = this.screen;
    if (!s) return;
    if (kind === "event") s.onEvent?.(value);
    else if (kind === "delta") s.onDelta?.(value);
    else if (kind === "reset") s.onReset?.();
    else if (kind === "trim") s.onTrim?.(value);
    else if (kind === "task") s.onTask?.(value);
  }

  /** Called by screens when a request failed: a refused token stops the page. */
  apiFailed(e) {
    if (e && (e.status === 401 || e.status === 403)) this.rejected(e);
  }

  rejected(e) {
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
  tokenForm() {
    const input = h("input", {
      id: "new-token",
      type: "password",
      autocomplete: "off",
      spellcheck: "false",
      size: "40",
    });
    const form = h(
      "form",
      {
        class: "token-form",
        onsubmit: (ev) => {
          ev.preventDefault();
          if (input.value.trim()) this.resume(input.value.trim());
        },
      },
      h("label", { for: "new-token" }, "New token "),
      input,
      h("button", { type: "submit" }, "Reconnect"),
    );
    return form;
  }

  /** Carries on with a new token (the server restarted): the stream resumes after the last event seen. */
  resume(token) {
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
  block(title, text, ...extra) {
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

  setConn(state, text) {
    this.conn.dataset.state = state;
    this.connText.textContent = text;
    this.conn.title = this.connection?.cursor ? `last event ${this.connection.cursor}` : "";
  }

  route() {
    if (this.authFailed) return;
    const raw = location.hash.replace(/^#\/?/, "");
    const [path, qs] = raw.split("?");
    const query = new URLSearchParams(qs ?? "");
    const parts = path.split("/").filter(Boolean);
    let screen, nav;
    // A task reference: its number, or its id (or a prefix) when two tasks share the number.
    const num = (s) => (/^(\d+|[0-9a-fA-F-]{4,36})$/.test(s ?? "") ? s : null);
    if (parts[0] === "activity") {
      screen = new ActivityScreen(this, query);
      nav = "activity";
    } else if (parts[0] === "task" && num(parts[1]) !== null) {
      screen = parts[2] === "trace"
        ? new TraceScreen(this, num(parts[1]), query)
        : new TimelineScreen(this, num(parts[1]));
      nav = "tasks";
    } else if (parts[0] === "history") {
      screen = num(parts[1]) !== null
        ? new HistoryDetailScreen(this, num(parts[1]))
        : new HistoryScreen(this);
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
    for (const a of document.querySelectorAll("#nav a")) {
      if (a.dataset.nav === nav) a.setAttribute("aria-current", "page");
      else a.removeAttribute("aria-current");
    }
    screen.mount(this.main);
    // Keyboard and screen reader users land on the new screen's heading.
    if (!first) this.main.querySelector("h1")?.focus();
  }

  /** Keeps the window at its end when it was there (live text arriving). */
  scrollIfAtEnd() {
    const el = document.scrollingElement;
    if (el && el.scrollTop + innerHeight >= el.scrollHeight - 120) el.scrollTop = el.scrollHeight;
  }
}

/** Starts the page. */
function tasklineMain() {
  const app = new App(takeToken());
  // For tests and for curious users in the console: the page's state.
  globalThis.taskline = app;
  app.start();
}

/** The parts in page order. */
export const APP_PARTS: readonly unknown[] = [takeToken, App, tasklineMain];

/** Constants of the page, written as `const NAME = <json>;`. */
export const APP_CONSTANTS: Record<string, unknown> = { TOKEN_KEY };
