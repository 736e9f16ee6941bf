// @ts-nocheck: browser code; it runs in the page, where the DOM exists, not in Deno.
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

let vlistIds = 0;

/** The virtualised list of the Activity screen. */
class VirtualList {
  /**
   * @param options.label accessible name
   * @param options.rowHeight height of a row in pixels (the CSS must agree)
   * @param options.renderRow (element, index) fills a recycled row element
   * @param options.onActivate (index) Enter or a click on a row
   * @param options.onSelect (index) the selection moved
   */
  constructor(options) {
    this.rowHeight = options.rowHeight;
    this.renderRow = options.renderRow;
    this.onActivate = options.onActivate ?? (() => {});
    this.onSelect = options.onSelect ?? (() => {});
    this.overscanRows = 8;
    this.count = 0;
    this.selected = -1;
    /** Whether the list sticks to its end as rows are added (like `tail -f`). */
    this.follow = true;
    this.pending = false;
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
    this.pool = [];
    this.lastTop = 0;
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
      const row = e.target.closest(".vrow");
      if (!row) return;
      const i = Number(row.dataset.index);
      this.select(i);
      this.onActivate(i);
    });
    if (typeof ResizeObserver === "function") {
      new ResizeObserver(() => this.schedule()).observe(this.root);
    }
  }

  atEnd() {
    const r = this.root;
    return r.scrollTop + r.clientHeight >= r.scrollHeight - this.rowHeight;
  }

  /** Sets the number of rows; stays at the end when it was following. */
  setCount(n) {
    this.count = n;
    if (this.selected >= n) this.selected = n - 1;
    this.spacer.style.height = `${n * this.rowHeight}px`;
    if (this.follow) this.scrollToEnd();
    this.schedule();
  }

  scrollToEnd() {
    this.root.scrollTop = this.root.scrollHeight;
    this.lastTop = this.root.scrollTop;
  }

  /** Redraws the rows in view (all of them: their content may have changed). */
  refresh() {
    this.schedule();
  }

  schedule() {
    if (this.pending) return;
    this.pending = true;
    requestAnimationFrame(() => {
      this.pending = false;
      this.render();
    });
  }

  render() {
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
    while (this.pool.length > n) this.pool.pop().remove();
    for (let i = 0; i < n; i++) {
      const el = this.pool[i];
      const index = first + i;
      el.style.transform = `translateY(${index * rh}px)`;
      el.dataset.index = String(index);
      el.id = `${this.idPrefix}-${index}`;
      el.setAttribute("aria-posinset", String(index + 1));
      el.setAttribute("aria-setsize", String(this.count));
      el.setAttribute("aria-selected", index === this.selected ? "true" : "false");
      this.renderRow(el, index);
    }
    if (this.selected >= first && this.selected < last) {
      this.root.setAttribute("aria-activedescendant", `${this.idPrefix}-${this.selected}`);
    } else {
      this.root.removeAttribute("aria-activedescendant");
    }
  }

  select(i) {
    if (this.count === 0) return;
    this.selected = Math.max(0, Math.min(this.count - 1, i));
    const rh = this.rowHeight, r = this.root;
    const y = this.selected * rh;
    if (y < r.scrollTop) r.scrollTop = y;
    else if (y + rh > r.scrollTop + r.clientHeight) r.scrollTop = y + rh - r.clientHeight;
    this.follow = this.selected === this.count - 1;
    this.schedule();
    this.onSelect(this.selected);
  }

  onKey(e) {
    const page = Math.max(1, Math.floor(this.root.clientHeight / this.rowHeight) - 1);
    const cur = this.selected < 0
      ? Math.floor(this.root.scrollTop / this.rowHeight)
      : this.selected;
    let next = null;
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
        if (this.selected >= 0) this.onActivate(this.selected);
        e.preventDefault();
        return;
      default:
        return;
    }
    e.preventDefault();
    this.select(next);
  }
}

/** The parts in page order. */
export const LIST_PARTS: readonly unknown[] = [VirtualList];

/** Mutable globals of the parts, written as `let NAME = <json>;`. */
export const LIST_VARIABLES: Record<string, unknown> = { vlistIds };
