// @ts-nocheck: browser code; it runs in the page, where the DOM exists, not in Deno.
/**
 * The page's data: the API client, the event store (every logged event seen,
 * in arrays, bounded) with a summary of each task kept up to date from the
 * events, and the connection that loads recent events with one
 * `GET /api/events` and then follows one `GET /api/stream` for the whole
 * project, resuming after the last cursor it saw.
 *
 * @module
 */

/** An answer of the server that is not a success (status 0: the server was not reached). */
class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** The server's read routes, with the bearer token. */
class Api {
  constructor(token) {
    this.token = token;
  }

  async request(path) {
    let res;
    try {
      res = await fetch(path, {
        headers: { Authorization: `Bearer ${this.token}`, Accept: "application/json" },
        cache: "no-store",
      });
    } catch (e) {
      throw new ApiError(0, `Cannot reach the server (${e.message})`);
    }
    if (!res.ok) {
      let message = "";
      try {
        const p = await res.json();
        message = p.error || p.detail || p.title || "";
      } catch { /* not a problem document */ }
      throw new ApiError(res.status, message || `${res.status} ${res.statusText}`);
    }
    return res;
  }

  async json(path) {
    return await (await this.request(path)).json();
  }

  async text(path) {
    return await (await this.request(path)).text();
  }
}

/** Subtask statuses that count as finished in a task's progress. */
const SUBTASK_DONE = new Set(["done", "completed", "complete", "integrated", "merged", "skipped"]);

/** What the Tasks screen shows of one task, kept up to date from its events. */
function newTaskInfo(number) {
  return {
    number,
    /** Grows with each change, so that screens redraw only what changed. */
    version: 0,
    id: "",
    title: "",
    status: "",
    running: false,
    run: "",
    runStatus: "",
    phase: "",
    phaseFailed: false,
    pendingApproval: null,
    subtasks: new Map(),
    tokens: 0,
    tokenLimit: null,
    activeMs: 0,
    calls: 0,
    errors: 0,
    lastAt: "",
    last: null,
    liveText: "",
    liveRole: "",
  };
}

/** Whether a task (its id and number) is the one a reference names: a number, or an id or id prefix. */
function matchRef(id, number, ref) {
  if (/^\d+$/.test(ref)) return number === Number(ref);
  return typeof id === "string" && ref.length >= 4 && id.startsWith(ref.toLowerCase());
}

/** Whether an envelope belongs to the task a reference names. */
function envOf(env, ref) {
  return matchRef(env.task, env.number, ref);
}

/** Counts the finished subtasks of a task. */
function subtaskProgress(info) {
  let done = 0;
  for (const s of info.subtasks.values()) if (SUBTASK_DONE.has(String(s).toLowerCase())) done++;
  return { done, total: info.subtasks.size };
}

/** Updates a task's summary with one of its events. */
function applyToTask(info, env) {
  const ev = env.event;
  info.version++;
  if (env.task && !info.id) info.id = env.task;
  if (ev.type === "agent_delta") {
    if (info.liveRole !== ev.role) info.liveText = "";
    info.liveRole = ev.role;
    if (ev.delta?.kind !== "thinking") {
      info.liveText = (info.liveText + (ev.delta?.text ?? "")).slice(-400);
    }
    return;
  }
  info.lastAt = env.at;
  info.last = env;
  // A newer format's event changes nothing this page knows of the task.
  if (isFuture(env)) return;
  switch (ev.type) {
    case "run_started":
      if (ev.run !== info.run) {
        info.subtasks = new Map();
        info.tokens = 0;
        info.tokenLimit = null;
        info.calls = 0;
        info.errors = 0;
      }
      info.run = ev.run;
      info.running = true;
      info.runStatus = "running";
      info.pendingApproval = null;
      info.phaseFailed = false;
      break;
    case "phase_started":
      info.phase = ev.phase;
      info.phaseFailed = false;
      break;
    case "phase_finished":
      info.phaseFailed = !ev.success;
      break;
    case "agent_text":
    case "agent_finished":
      info.liveText = "";
      if (ev.type === "agent_finished" && info.tokenLimit === null) {
        info.tokens += usageTokens(ev.usage);
      }
      break;
    case "tool_called":
      info.calls++;
      break;
    case "tool_returned":
      if (ev.is_error || ev.timed_out) info.errors++;
      break;
    case "subtask_updated":
      info.subtasks.set(ev.subtask, ev.status);
      break;
    case "budget_updated":
      info.tokens = ev.tokens ?? info.tokens;
      info.tokenLimit = ev.token_limit ?? null;
      info.activeMs = ev.active_ms ?? info.activeMs;
      break;
    case "approval_requested":
      info.pendingApproval = ev.gate;
      info.runStatus = "waiting";
      break;
    case "approval_resolved":
      info.pendingApproval = null;
      break;
    case "paused":
      info.runStatus = "paused";
      break;
    case "run_finished":
      info.running = false;
      info.liveText = "";
      info.runStatus = ev.status;
      info.status = ev.status || info.status;
      info.tokens = usageTokens(ev.usage) || info.tokens;
      info.activeMs = ev.active_ms ?? info.activeMs;
      break;
  }
}

/**
 * Every logged event the page has seen, oldest first, in one array (bounded
 * by `eventsMax`; the oldest tenth is dropped when it is full), and a summary
 * of each task.
 */
class Store {
  constructor(options = {}) {
    /** Tagged envelopes, in the order they arrived. */
    this.events = [];
    /** Events dropped from the front of `events` since the page opened. */
    this.dropped = 0;
    this.eventsMax = options.eventsMax ?? 200_000;
    this.keys = new Set();
    /** Task id -> summary. */
    this.tasks = new Map();
    /** Task number -> how many tasks have it. */
    this.numbers = new Map();
    /** Reference -> task, for {@link byRef}; cleared when a task appears. */
    this.refs = new Map();
    /** Event types seen, for the Activity filter. */
    this.types = new Set();
    this.listeners = new Set();
  }

  on(fn) {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  emit(kind, value) {
    for (const fn of this.listeners) {
      try {
        fn(kind, value);
      } catch (e) {
        console.error(e);
      }
    }
  }

  /**
   * The summary of a task, made on first sight. Tasks are keyed by id: two
   * tasks can share a number (made at the same time by two processes).
   */
  task(id, number) {
    const key = id || `#${number}`;
    let info = this.tasks.get(key);
    if (!info) {
      info = newTaskInfo(number);
      info.id = id || "";
      this.tasks.set(key, info);
      this.numbers.set(number, (this.numbers.get(number) ?? 0) + 1);
      this.refs.clear();
      this.emit("task", info);
    }
    return info;
  }

  /** How a task is named in addresses and routes: its number, or its id when the number is shared. */
  refOf(info) {
    if (!info) return "";
    return (this.numbers.get(info.number) ?? 0) > 1 && info.id ? info.id : String(info.number);
  }

  /** The task a reference names (a number, or an id or id prefix), if the page knows it. */
  byRef(ref) {
    const cached = this.refs.get(ref);
    if (cached) return cached;
    for (const info of this.tasks.values()) {
      if (matchRef(info.id, info.number, ref)) {
        this.refs.set(ref, info);
        return info;
      }
    }
    return null;
  }

  /**
   * Adds one envelope of the project stream. Logged events are kept (once:
   * a repeat is ignored); ephemeral ones only update the task's live text.
   * Returns whether anything changed. `quiet` batches: the caller emits.
   */
  add(env, quiet = false) {
    if (!env || typeof env !== "object" || !env.event || typeof env.event.type !== "string") {
      return false;
    }
    const number = Number.isInteger(env.number) ? env.number : 0;
    const info = this.task(env.task, number);
    if (env.event.type === "agent_delta") {
      applyToTask(info, env);
      if (!quiet) this.emit("delta", env);
      return true;
    }
    const key = `${number}:${env.seq ?? ""}:${env.at}:${env.event.type}`;
    if (this.keys.has(key)) return false;
    this.keys.add(key);
    this.events.push(env);
    this.types.add(env.event.type);
    applyToTask(info, env);
    if (this.events.length > this.eventsMax) this.trim();
    if (!quiet) this.emit("event", env);
    return true;
  }

  /** Adds many envelopes, then tells listeners once. */
  addAll(envs) {
    for (const env of envs) this.add(env, true);
    this.emit("reset");
  }

  trim() {
    const n = Math.ceil(this.eventsMax / 10);
    for (const env of this.events.splice(0, n)) {
      this.keys.delete(`${env.number ?? 0}:${env.seq ?? ""}:${env.at}:${env.event.type}`);
    }
    this.dropped += n;
    this.emit("trim", n);
  }

  /** Merges a row of `GET /api/tasks` (or `/api/tasks/{ref}`): it is newer than the events read before it. */
  mergeRow(row) {
    if (!row || typeof row !== "object") return;
    const t = row.task ?? row;
    const number = Number.isInteger(row.number) ? row.number : t.number;
    if (!Number.isInteger(number)) return;
    const info = this.task(t.id, number);
    info.version++;
    info.id = t.id ?? info.id;
    info.title = t.title ?? info.title;
    info.status = t.status ?? info.status;
    if (typeof row.running === "boolean") {
      info.running = row.running;
      if (!row.running && info.runStatus === "running") info.runStatus = "stopped";
    }
    if (row.run) {
      if ("pending_approval" in row.run) info.pendingApproval = row.run.pending_approval ?? null;
      if (row.run.current_phase) info.phase = row.run.current_phase;
      if (row.run.status) info.runStatus = row.run.status;
      if (row.run.active_ms && !info.activeMs) info.activeMs = row.run.active_ms;
      if (row.run.usage && !info.tokens) info.tokens = usageTokens(row.run.usage);
      if (row.run.id || row.run.run) info.run = row.run.id ?? row.run.run;
    }
    this.emit("task", info);
  }
}

/**
 * Fills what the recent events did not tell of a task (an older task whose
 * events are not among them) from its history document: last phase, run
 * status, tokens, active time, last activity. Events, when there are any,
 * are newer and win.
 */
function mergeHistory(store, d) {
  if (!d || typeof d !== "object" || !Number.isInteger(d.number)) return;
  const info = store.task(d.task?.id, d.number);
  const run = Array.isArray(d.runs) ? d.runs[d.runs.length - 1] : null;
  info.version++;
  if (!info.title && d.task?.title) info.title = d.task.title;
  if (!info.status && d.task?.status) info.status = d.task.status;
  if (!info.phase && run?.phases?.length) {
    const p = run.phases[run.phases.length - 1];
    info.phase = p.phase;
    info.phaseFailed = p.success === false;
  }
  if (!info.runStatus && run) info.runStatus = run.status ?? run.state ?? "";
  if (info.pendingApproval === null && run?.pending_approval) {
    info.pendingApproval = run.pending_approval;
  }
  if (!info.tokens) info.tokens = usageTokens(d.totals?.usage);
  if (!info.activeMs) info.activeMs = d.totals?.active_ms ?? 0;
  if (!info.lastAt && d.last_activity) info.lastAt = d.last_activity;
  store.emit("task", info);
}

/**
 * Server-Sent Events read from a fetched stream, as the SSE specification
 * parses them: lines end with CRLF, LF or CR; `data` lines join with a
 * newline; a blank line dispatches; comments and unknown fields are skipped;
 * an `id` with a NUL is ignored. `onEvent(type, data, lastEventId)` gets
 * every event, whatever its type (an EventSource only gives the types a
 * listener was added for, so it would drop the types of a newer format).
 */
class SseParser {
  constructor(onEvent) {
    this.onEvent = onEvent;
    this.rest = "";
    this.type = "";
    this.data = [];
    this.lastEventId = "";
    this.retryMs = null;
  }

  push(text) {
    const s = this.rest + text;
    let at = 0;
    for (;;) {
      const m = /\r\n|\r|\n/g;
      m.lastIndex = at;
      const hit = m.exec(s);
      // A CR at the very end may be the first half of a CRLF: wait for more.
      if (!hit || (hit[0] === "\r" && hit.index === s.length - 1)) break;
      this.line(s.slice(at, hit.index));
      at = hit.index + hit[0].length;
    }
    this.rest = s.slice(at);
    if (this.rest.length > 16 * 1024 * 1024) throw new Error("an event stream line over 16 MB");
  }

  line(l) {
    if (l === "") {
      if (this.data.length > 0) {
        this.onEvent(this.type || "message", this.data.join("\n"), this.lastEventId);
      }
      this.type = "";
      this.data = [];
      return;
    }
    if (l.startsWith(":")) return;
    const colon = l.indexOf(":");
    const field = colon < 0 ? l : l.slice(0, colon);
    let value = colon < 0 ? "" : l.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") this.type = value;
    else if (field === "data") this.data.push(value);
    else if (field === "id" && !value.includes("\0")) this.lastEventId = value;
    else if (field === "retry" && /^\d+$/.test(value)) this.retryMs = Number(value);
  }
}

/**
 * Loads recent events once, then follows the project's stream, read with
 * `fetch` (the token goes in a header, never in an address, and events of
 * every type arrive). When the stream breaks or ends, it is opened again
 * with `Last-Event-ID` (the last cursor seen) after a delay that grows,
 * once a single request has shown the token is still good. Nothing is
 * polled while the stream is up.
 */
class Connection {
  constructor(api, store, options) {
    this.api = api;
    this.store = store;
    this.onState = options.onState;
    this.onAuthError = options.onAuthError;
    this.onLoaded = options.onLoaded ?? (() => {});
    this.recentMax = options.recentMax ?? 10_000;
    this.source = null;
    this.cursor = "";
    this.retries = 0;
    this.timer = 0;
    this.stopped = false;
    this.loaded = false;
    this.asked = new Set();
  }

  async start() {
    this.onState("connecting", "Loading events…");
    let res;
    try {
      res = await this.api.request(`/api/events?limit=${this.recentMax}`);
    } catch (e) {
      return this.failed(e);
    }
    this.cursor = res.headers.get("X-Taskline-Cursor") ?? "";
    const envs = await res.json();
    this.store.addAll(Array.isArray(envs) ? envs : []);
    this.loaded = true;
    this.open();
    try {
      const rows = await this.api.json("/api/tasks");
      for (const row of Array.isArray(rows) ? rows : rows.tasks ?? []) this.store.mergeRow(row);
    } catch (e) {
      if (e.status === 401 || e.status === 403) return this.failed(e);
    }
    this.onLoaded();
    // Once, in the background: what the recent events do not say of older tasks.
    this.api.json("/api/history?all=true").then((docs) => {
      for (const d of Array.isArray(docs) ? docs : []) mergeHistory(this.store, d);
    }).catch(() => {});
  }

  open() {
    if (this.stopped) return;
    this.close();
    const stream = new AbortController();
    this.source = stream;
    const headers = { Authorization: `Bearer ${this.api.token}`, Accept: "text/event-stream" };
    if (this.cursor) headers["Last-Event-ID"] = this.cursor;
    const onEvent = (type, data, id) => {
      if (type === "error") return;
      if (id) this.cursor = id;
      let env;
      try {
        env = JSON.parse(data);
      } catch {
        return;
      }
      this.store.add(env);
      if (env.task && !this.store.tasks.get(env.task)?.title) this.lookUp(env.task);
    };
    (async () => {
      const res = await fetch("/api/stream", { headers, cache: "no-store", signal: stream.signal });
      if (res.status === 401 || res.status === 403) {
        throw new ApiError(res.status, `${res.status} ${res.statusText}`);
      }
      if (!res.ok || !res.body) throw new ApiError(res.status, `${res.status} ${res.statusText}`);
      this.retries = 0;
      this.onState("live", "Live");
      const parser = new SseParser(onEvent);
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        parser.push(value);
      }
    })().then(
      () => this.dropped(stream),
      (e) => e.status === 401 || e.status === 403 ? this.failed(e) : this.dropped(stream),
    );
  }

  /** The stream ended or broke: opened again after the last event seen. */
  dropped(stream) {
    if (this.source !== stream || this.stopped) return;
    this.source = null;
    this.retry();
  }

  /** Reopens the stream after a delay that grows to 30 s; stops on a refused token. */
  retry() {
    if (this.stopped) return;
    const delayMs = Math.min(30_000, 500 * 2 ** this.retries) * (0.75 + Math.random() / 2);
    this.retries = Math.min(this.retries + 1, 10);
    this.onState("reconnecting", `Reconnecting in ${Math.ceil(delayMs / 1000)} s…`);
    clearTimeout(this.timer);
    this.timer = setTimeout(async () => {
      if (!this.loaded) return this.start();
      try {
        await this.api.request("/api/health");
      } catch (e) {
        if (e.status === 401 || e.status === 403) return this.failed(e);
        return this.retry();
      }
      // The server may have new tasks, or changed their state, while we were away.
      this.api.json("/api/tasks").then((rows) => {
        for (const row of Array.isArray(rows) ? rows : []) this.store.mergeRow(row);
      }).catch(() => {});
      this.open();
    }, delayMs);
  }

  /** Opens the stream again after the last event seen (a new token), and refreshes the task list once. */
  resume() {
    this.open();
    this.api.json("/api/tasks").then((rows) => {
      for (const row of Array.isArray(rows) ? rows : []) this.store.mergeRow(row);
    }).catch(() => {});
  }

  /** Fetches a task's row once, when its events arrive before the page knew it. */
  lookUp(id) {
    if (typeof id !== "string" || this.asked.has(id) || this.asked.size > 100_000) return;
    this.asked.add(id);
    this.api.json(`/api/tasks/${encodeURIComponent(id)}`).then((row) => this.store.mergeRow(row))
      .catch(() => {});
  }

  failed(e) {
    if (e.status === 401 || e.status === 403) {
      this.stop();
      this.onAuthError(e);
    } else {
      this.onState("offline", e.message);
      this.retry();
    }
  }

  close() {
    if (this.source) {
      this.source.abort();
      this.source = null;
    }
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    this.close();
  }
}

/** The parts in page order. */
export const STORE_PARTS: readonly unknown[] = [
  ApiError,
  Api,
  newTaskInfo,
  matchRef,
  envOf,
  subtaskProgress,
  applyToTask,
  Store,
  mergeHistory,
  SseParser,
  Connection,
];

/** Constants of the page, written as `const NAME = <json>;`. */
export const STORE_CONSTANTS: Record<string, unknown> = {};

/** Sets written as `const NAME = new Set(<json>);`. */
export const STORE_SETS: Record<string, readonly string[]> = { SUBTASK_DONE: [...SUBTASK_DONE] };
