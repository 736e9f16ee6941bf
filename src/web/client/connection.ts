/**
 * Loads recent events once, then follows the project's stream, read with
 * `fetch` (the token goes in a header, never in an address, and events of
 * every type arrive). When the stream breaks or ends, it is opened again
 * with `Last-Event-ID` (the last cursor seen) after a delay that grows,
 * once a single request has shown the token is still good. While the
 * stream is up and the page is visible, the task list is asked for every
 * few seconds with its entity tag (answered 304, without a body, while
 * nothing changed): no event tells of a task made, or discarded, elsewhere.
 *
 * @module
 */
import { type Api, ApiError, isAuthError, messageOf } from "./api.ts";
import { SseParser } from "./sse.ts";
import type { Store } from "./store.ts";

/** The connection's state, for the header. */
export type ConnState = "connecting" | "live" | "reconnecting" | "offline";

/** What the connection tells the page. */
export interface ConnectionOptions {
  onState(state: ConnState, text: string): void;
  onAuthError(e: ApiError): void;
  onLoaded?(): void;
  /** Recent events loaded at the start. Default 10,000. */
  recentMax?: number;
}

/** How often the task list is asked for while the stream is up and the page visible, in ms. */
export const TASKS_POLL_MS = 3000;

function rowsOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  const tasks = (value as { tasks?: unknown } | null)?.tasks;
  return Array.isArray(tasks) ? tasks : [];
}

export class Connection {
  readonly recentMax: number;
  source: AbortController | null = null;
  cursor = "";
  retries = 0;
  timer: ReturnType<typeof setTimeout> | undefined = undefined;
  stopped = false;
  loaded = false;
  /** The entity tag of the last task list read. */
  tasksTag = "";
  poller: ReturnType<typeof setInterval> | undefined = undefined;
  polling = false;
  asked = new Set<string>();

  readonly api: Api;
  readonly store: Store;
  readonly options: ConnectionOptions;

  constructor(api: Api, store: Store, options: ConnectionOptions) {
    this.api = api;
    this.store = store;
    this.options = options;
    this.recentMax = options.recentMax ?? 10_000;
  }

  async start(): Promise<void> {
    this.options.onState("connecting", "Loading events…");
    let res: Response;
    try {
      res = await this.api.request(`/api/events?limit=${this.recentMax}`);
    } catch (e) {
      return this.failed(e);
    }
    this.cursor = res.headers.get("X-Taskline-Cursor") ?? "";
    const envs = await res.json().catch(() => []);
    this.store.addAll(Array.isArray(envs) ? envs : []);
    this.loaded = true;
    this.open();
    try {
      await this.readTasks();
    } catch (e) {
      if (isAuthError(e)) return this.failed(e);
    }
    this.options.onLoaded?.();
    this.poller ??= setInterval(() => void this.pollTasks(), TASKS_POLL_MS);
    // Once, in the background: what the recent events do not say of older tasks.
    this.api.json("/api/history?all=true").then((docs) => {
      for (const d of Array.isArray(docs) ? docs : []) this.store.mergeHistory(d);
    }).catch(() => {});
  }

  open(): void {
    if (this.stopped) return;
    this.close();
    const stream = new AbortController();
    this.source = stream;
    const headers: Record<string, string> = {
      Authorization: `Bearer ${this.api.token}`,
      Accept: "text/event-stream",
    };
    if (this.cursor) headers["Last-Event-ID"] = this.cursor;
    const onEvent = (type: string, data: string, id: string) => {
      if (type === "error") return;
      if (id) this.cursor = id;
      let env: unknown;
      try {
        env = JSON.parse(data);
      } catch {
        return;
      }
      this.store.add(env);
      const task = (env as { task?: unknown } | null)?.task;
      if (typeof task === "string" && !this.store.tasks.get(task)?.title) this.lookUp(task);
    };
    (async () => {
      const res = await fetch("/api/stream", { headers, cache: "no-store", signal: stream.signal });
      if (!res.ok || !res.body) throw new ApiError(res.status, `${res.status} ${res.statusText}`);
      this.retries = 0;
      this.options.onState("live", "Live");
      const parser = new SseParser(onEvent);
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        parser.push(value);
      }
    })().then(
      () => this.dropped(stream),
      (e) => isAuthError(e) ? this.failed(e) : this.dropped(stream),
    );
  }

  /** The stream ended or broke: opened again after the last event seen. */
  dropped(stream: AbortController): void {
    if (this.source !== stream || this.stopped) return;
    this.source = null;
    this.retry();
  }

  /** Reopens the stream after a delay that grows to 30 s; stops on a refused token. */
  retry(): void {
    if (this.stopped) return;
    const delayMs = Math.min(30_000, 500 * 2 ** this.retries) * (0.75 + Math.random() / 2);
    this.retries = Math.min(this.retries + 1, 10);
    this.options.onState("reconnecting", `Reconnecting in ${Math.ceil(delayMs / 1000)} s…`);
    clearTimeout(this.timer);
    this.timer = setTimeout(async () => {
      if (!this.loaded) return this.start();
      try {
        await this.api.request("/api/health");
      } catch (e) {
        if (isAuthError(e)) return this.failed(e);
        return this.retry();
      }
      // The server may have new tasks, or changed their state, while we were away.
      this.refreshTasks();
      this.open();
    }, delayMs);
  }

  /** Reads the task list once more (after a drop, a new token, or an action). */
  refreshTasks(): void {
    this.tasksTag = "";
    this.readTasks().catch(() => {});
  }

  /**
   * Reads the task list (unless its entity tag is unchanged: 304) into the
   * store, which forgets the tasks discarded since the last list; `newOnly`:
   * only tasks the page does not know are merged (see {@link Store.syncRows}).
   */
  async readTasks(newOnly = false): Promise<void> {
    const res = await this.api.request(
      "/api/tasks",
      this.tasksTag ? { headers: { "If-None-Match": this.tasksTag } } : {},
    );
    if (res.status === 304) return;
    const rows = rowsOf(await res.json());
    this.tasksTag = res.headers.get("etag") ?? "";
    this.store.syncRows(rows, { newOnly });
  }

  /** The task list's poll: only while the stream is up and the page is seen. */
  async pollTasks(): Promise<void> {
    if (this.stopped || this.polling || !this.source || document.visibilityState === "hidden") {
      return;
    }
    this.polling = true;
    try {
      await this.readTasks(true);
    } catch (e) {
      if (isAuthError(e)) this.failed(e);
    } finally {
      this.polling = false;
    }
  }

  /** Opens the stream again after the last event seen (a new token), and refreshes the task list once. */
  resume(): void {
    this.open();
    this.refreshTasks();
  }

  /** Fetches a task's row once, when its events arrive before the page knew it. */
  lookUp(id: string): void {
    if (this.asked.has(id) || this.asked.size > 100_000) return;
    this.asked.add(id);
    this.api.json(`/api/tasks/${encodeURIComponent(id)}`).then((row) => this.store.mergeRow(row))
      .catch(() => {});
  }

  failed(e: unknown): void {
    if (isAuthError(e)) {
      this.stop();
      this.options.onAuthError(e);
    } else {
      this.options.onState("offline", messageOf(e));
      this.retry();
    }
  }

  close(): void {
    if (this.source) {
      this.source.abort();
      this.source = null;
    }
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.poller);
    this.poller = undefined;
    this.close();
  }
}
