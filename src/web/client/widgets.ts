/**
 * What every screen is made of: the page a screen sees ({@link AppContext}),
 * the {@link Screen} interface, and small pieces (badges, headings, tables,
 * lazily filled details, a frame throttle).
 *
 * @module
 */
import type { Api } from "./api.ts";
import { type Child, h } from "./dom.ts";
import type { Store, TaskInfo } from "./store.ts";
import type { WireEnvelope } from "./wire.ts";

/** What a screen sees of the page. */
export interface AppContext {
  readonly store: Store;
  readonly api: Api;
  /** The first events and the task list are in the store. */
  readonly loaded: boolean;
  /** A request failed: a refused token stops the page. */
  apiFailed(e: unknown): void;
  /** Keeps the window at its end when it was there (live text arriving). */
  scrollIfAtEnd(): void;
}

/** A screen of the page: mounted into `main`, told of the store's changes. */
export interface Screen {
  mount(el: HTMLElement): void;
  unmount?(): void;
  onEvent?(env: WireEnvelope): void;
  onDelta?(env: WireEnvelope): void;
  onReset?(): void;
  onTrim?(count: number): void;
  onTask?(info: TaskInfo): void;
}

/**
 * Schedules `fn` once per animation frame, however often it is asked, and at
 * most once every `minIntervalMs` (screens that redraw a whole table).
 */
export function frameThrottle(fn: () => void, minIntervalMs = 0): () => void {
  let pending = false;
  let last = 0;
  return () => {
    if (pending) return;
    pending = true;
    const wait = Math.max(0, last + minIntervalMs - performance.now());
    setTimeout(() =>
      requestAnimationFrame(() => {
        pending = false;
        last = performance.now();
        fn();
      }), wait);
  };
}

/** A `details` element whose content is made only when it is first opened. */
export interface LazyDetails extends HTMLDetailsElement {
  /** Adds content, made when the element is (or is already) open. */
  more(make: () => Child[]): void;
}

/**
 * A `details` element whose content is made only when it is first opened
 * (a long Timeline has thousands of them).
 */
export function lazyDetails(summary: Child, make: () => Child[], open = false): LazyDetails {
  const parts = [make];
  let filled = 0;
  const el = h("details", {}, h("summary", {}, summary)) as LazyDetails;
  const fill = () => {
    while (filled < parts.length) {
      for (const c of parts[filled++]()) {
        if (c !== null && c !== undefined && c !== false) {
          el.append(c instanceof Node ? c : String(c));
        }
      }
    }
  };
  el.addEventListener("toggle", () => {
    if (el.open) fill();
  });
  el.more = (fn) => {
    parts.push(fn);
    if (el.open) fill();
  };
  if (open) {
    el.open = true;
    fill();
  }
  return el;
}

/** `#N` of the task a reference names (its number when the page knows the task). */
export function taskLabel(app: AppContext, ref: string): string {
  const info = app.store.byRef(ref);
  return `#${info?.number ?? ref}`;
}

/** A status word as a badge. */
export function badge(text: string, kind?: string): HTMLSpanElement {
  return h("span", { class: `badge ${kind ?? ""}` }, text);
}

/** The badge kind of a task or run status. */
export function statusKind(status: unknown): string {
  const s = String(status ?? "").toLowerCase();
  if (["done", "merged", "ready", "finished", "completed", "approved", "ok"].includes(s)) {
    return "ok";
  }
  if (["failed", "error", "rejected", "cancelled", "canceled", "zombie"].includes(s)) {
    return "error";
  }
  if (["paused", "waiting", "review", "blocked"].includes(s)) return "warn";
  if (s === "running") return "live";
  return "";
}

/** A heading and a short line under it. */
export function screenHeader(title: string, ...rest: Child[]): HTMLElement {
  return h("header", { class: "screen-head" }, h("h1", { tabindex: "-1" }, title), ...rest);
}

/** A message in place of a screen's content. */
export function placeholder(text: string, kind?: string): HTMLParagraphElement {
  return h(
    "p",
    { class: `placeholder ${kind ?? ""}`, role: kind === "error" ? "alert" : null },
    text,
  );
}

/** A table with a caption and header cells. */
export function table(
  caption: string,
  headers: string[],
  className?: string,
): { table: HTMLDivElement; tbody: HTMLTableSectionElement } {
  const tbody = h("tbody");
  const t = h(
    "table",
    { class: className ?? "grid" },
    h("caption", { class: "sr-only" }, caption),
    h("thead", {}, h("tr", {}, ...headers.map((c) => h("th", { scope: "col" }, c)))),
    tbody,
  );
  // Wide tables scroll sideways on narrow screens instead of widening the page.
  return { table: h("div", { class: "table-wrap" }, t), tbody };
}
