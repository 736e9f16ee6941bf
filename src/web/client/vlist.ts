/**
 * A virtualised list: rows of one fixed height, of which only those in view
 * (and a few around them) exist in the DOM, recycled as the list scrolls. A
 * feed of 100,000 events keeps about fifty row elements.
 *
 * Keyboard: arrows, Page Up/Down, Home/End move the selection; Enter opens it.
 * The list is a `listbox` whose active option is announced through
 * `aria-activedescendant`.
 *
 * @module
 */
import { h } from "./dom.ts";

let vlistIds = 0;

/** Options of a {@link VirtualList}. */
export interface VirtualListOptions {
  /** Accessible name. */
  label: string;
  /** Height of a row in pixels (the CSS must agree). */
  rowHeight: number;
  /** Fills a recycled row element with row `index`. */
  renderRow(el: HTMLElement, index: number): void;
  /** Enter or a click on a row. */
  onActivate?(index: number): void;
  /** The selection moved. */
  onSelect?(index: number): void;
}

/** The virtualised list of the Activity screen. */
export class VirtualList {
  readonly rowHeight: number;
  readonly overscanRows = 8;
  count = 0;
  selected = -1;
  /** Whether the list sticks to its end as rows are added (like `tail -f`). */
  follow = true;
  pending = false;
  readonly idPrefix: string;
  readonly root: HTMLDivElement;
  readonly spacer: HTMLDivElement;
  readonly rows: HTMLDivElement;
  readonly pool: HTMLDivElement[] = [];
  lastTop = 0;
  readonly options: VirtualListOptions;

  constructor(options: VirtualListOptions) {
    this.options = options;
    this.rowHeight = options.rowHeight;
    this.idPrefix = `vrow${++vlistIds}`;
    this.root = h("div", {
      class: "vlist",
      tabindex: "0",
      role: "listbox",
      "aria-label": options.label,
    });
    this.spacer = h("div", { class: "vspacer", "aria-hidden": "true" });
    this.rows = h("div", { class: "vrows" });
    this.root.append(this.spacer, this.rows);
    this.root.addEventListener("scroll", () => {
      const top = this.root.scrollTop;
      // Scrolling up leaves follow mode; reaching the end enters it again.
      if (top < this.lastTop - 2) this.follow = false;
      if (this.atEnd()) this.follow = true;
      this.lastTop = top;
      this.schedule();
    }, { passive: true });
    this.root.addEventListener("keydown", (e) => this.onKey(e));
    this.root.addEventListener("click", (e) => {
      const row = (e.target as Element | null)?.closest<HTMLElement>(".vrow");
      if (!row) return;
      const i = Number(row.dataset.index);
      this.select(i);
      this.options.onActivate?.(i);
    });
    if (typeof ResizeObserver === "function") {
      new ResizeObserver(() => this.schedule()).observe(this.root);
    }
  }

  atEnd(): boolean {
    const r = this.root;
    return r.scrollTop + r.clientHeight >= r.scrollHeight - this.rowHeight;
  }

  /** Sets the number of rows; stays at the end when it was following. */
  setCount(n: number): void {
    this.count = n;
    if (this.selected >= n) this.selected = n - 1;
    this.spacer.style.height = `${n * this.rowHeight}px`;
    if (this.follow) this.scrollToEnd();
    this.schedule();
  }

  scrollToEnd(): void {
    this.root.scrollTop = this.root.scrollHeight;
    this.lastTop = this.root.scrollTop;
  }

  /** Redraws the rows in view (all of them: their content may have changed). */
  refresh(): void {
    this.schedule();
  }

  schedule(): void {
    if (this.pending) return;
    this.pending = true;
    requestAnimationFrame(() => {
      this.pending = false;
      this.render();
    });
  }

  render(): void {
    const rh = this.rowHeight;
    const top = this.root.scrollTop;
    const height = this.root.clientHeight || 600;
    const first = Math.max(0, Math.floor(top / rh) - this.overscanRows);
    const last = Math.min(this.count, Math.ceil((top + height) / rh) + this.overscanRows);
    const n = Math.max(0, last - first);
    while (this.pool.length < n) {
      const el = h("div", { class: "vrow", role: "option" });
      this.rows.append(el);
      this.pool.push(el);
    }
    while (this.pool.length > n) this.pool.pop()!.remove();
    for (let i = 0; i < n; i++) {
      const el = this.pool[i];
      const index = first + i;
      el.style.transform = `translateY(${index * rh}px)`;
      el.dataset.index = String(index);
      el.id = `${this.idPrefix}-${index}`;
      el.setAttribute("aria-posinset", String(index + 1));
      el.setAttribute("aria-setsize", String(this.count));
      el.setAttribute("aria-selected", index === this.selected ? "true" : "false");
      this.options.renderRow(el, index);
    }
    if (this.selected >= first && this.selected < last) {
      this.root.setAttribute("aria-activedescendant", `${this.idPrefix}-${this.selected}`);
    } else {
      this.root.removeAttribute("aria-activedescendant");
    }
  }

  select(i: number): void {
    if (this.count === 0) return;
    this.selected = Math.max(0, Math.min(this.count - 1, i));
    const rh = this.rowHeight, r = this.root;
    const y = this.selected * rh;
    if (y < r.scrollTop) r.scrollTop = y;
    else if (y + rh > r.scrollTop + r.clientHeight) r.scrollTop = y + rh - r.clientHeight;
    this.follow = this.selected === this.count - 1;
    this.schedule();
    this.options.onSelect?.(this.selected);
  }

  onKey(e: KeyboardEvent): void {
    const page = Math.max(1, Math.floor(this.root.clientHeight / this.rowHeight) - 1);
    const cur = this.selected < 0
      ? Math.floor(this.root.scrollTop / this.rowHeight)
      : this.selected;
    let next: number;
    switch (e.key) {
      case "ArrowDown":
        next = this.selected < 0 ? cur : cur + 1;
        break;
      case "ArrowUp":
        next = cur - 1;
        break;
      case "PageDown":
        next = cur + page;
        break;
      case "PageUp":
        next = cur - page;
        break;
      case "Home":
        next = 0;
        break;
      case "End":
        next = this.count - 1;
        break;
      case "Enter":
        if (this.selected >= 0) this.options.onActivate?.(this.selected);
        e.preventDefault();
        return;
      default:
        return;
    }
    e.preventDefault();
    this.select(next);
  }
}
