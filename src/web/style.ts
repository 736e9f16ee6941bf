/**
 * The web UI's style sheet: system fonts, light and dark colours from the
 * user's preference, visible focus, and fixed-height rows for the
 * virtualised feed (28 px, as the Activity screen's list assumes).
 *
 * @module
 */

/** The CSS of the page. */
export const STYLE_CSS = `
:root {
  color-scheme: light dark;
  --bg: #f7f7f5; --panel: #ffffff; --fg: #1d1f21; --muted: #646a73; --line: #dfe1e4;
  --accent: #2754c5; --ok: #17803d; --ok-bg: #e3f4e8; --warn: #8a5a00; --warn-bg: #fff1d1;
  --err: #b3261e; --err-bg: #fde7e5; --live: #1f6feb; --live-bg: #e2ecfd; --code-bg: #f1f2f4;
  --row: 28px;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  font-size: 15px; line-height: 1.45;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #15171a; --panel: #1c1f23; --fg: #e6e8eb; --muted: #9aa1ab; --line: #2f343a;
    --accent: #7aa2ff; --ok: #5fd08a; --ok-bg: #173222; --warn: #f1c15d; --warn-bg: #3a2c0c;
    --err: #ff8a80; --err-bg: #3d1a18; --live: #79b0ff; --live-bg: #15284a; --code-bg: #23272d;
  }
}
* { box-sizing: border-box; }
html, body { margin: 0; background: var(--bg); color: var(--fg); }
a { color: var(--accent); }
:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
[tabindex="-1"]:focus { outline: none; }
code, pre, .c-time, .c-task, .num { font-family: ui-monospace, "SF Mono", Menlo, Consolas, monospace; font-size: 0.9em; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.skip { position: absolute; left: -999px; top: 0; background: var(--panel); padding: 6px 10px; z-index: 10; }
.skip:focus { left: 8px; }
.top {
  position: sticky; top: 0; z-index: 5; display: flex; align-items: center; gap: 24px;
  padding: 0 20px; height: 52px; background: var(--panel); border-bottom: 1px solid var(--line);
}
.brand { font-weight: 700; letter-spacing: 0.02em; }
.brand span { color: var(--muted); font-weight: 400; }
#nav { display: flex; gap: 4px; }
#nav a { padding: 6px 12px; border-radius: 6px; text-decoration: none; color: var(--fg); }
#nav a:hover { background: var(--code-bg); }
#nav a[aria-current="page"] { background: var(--live-bg); color: var(--live); font-weight: 600; }
#conn { margin-left: auto; display: flex; align-items: center; gap: 8px; color: var(--muted); font-size: 0.9em; }
#conn::before { content: ""; width: 9px; height: 9px; border-radius: 50%; background: var(--muted); }
#conn[data-state="live"]::before { background: var(--ok); box-shadow: 0 0 0 3px var(--ok-bg); }
#conn[data-state="reconnecting"]::before, #conn[data-state="connecting"]::before { background: var(--warn); }
#conn[data-state="offline"]::before { background: var(--err); }
main { padding: 16px 20px 40px; max-width: 1400px; margin: 0 auto; }
main.fill { display: flex; flex-direction: column; height: calc(100vh - 52px); padding-bottom: 12px; }
.screen-head { display: flex; flex-wrap: wrap; align-items: baseline; gap: 6px 16px; margin-bottom: 12px; }
.screen-head h1 { margin: 0; font-size: 1.35rem; }
.screen-head p { margin: 0; }
.subnav { display: flex; gap: 12px; margin-left: auto; }
.subnav a[aria-current="page"] { font-weight: 700; text-decoration: none; color: var(--fg); }
.muted { color: var(--muted); }
.small { font-size: 0.85em; }
.placeholder { color: var(--muted); padding: 24px; text-align: center; border: 1px dashed var(--line); border-radius: 8px; }
.placeholder.error, .sev-error { color: var(--err); }
.sev-warn { color: var(--warn); }
.sev-ok { color: var(--ok); }
.blocked { max-width: 640px; margin: 64px auto; padding: 24px 28px; background: var(--panel); border: 1px solid var(--err); border-left-width: 6px; border-radius: 8px; }
.blocked h1 { margin-top: 0; font-size: 1.3rem; color: var(--err); }
.badge { display: inline-block; padding: 0 8px; border-radius: 999px; font-size: 0.8em; line-height: 1.7; background: var(--code-bg); color: var(--muted); white-space: nowrap; }
.badge.ok { background: var(--ok-bg); color: var(--ok); }
.badge.warn { background: var(--warn-bg); color: var(--warn); }
.badge.error { background: var(--err-bg); color: var(--err); }
.badge.live { background: var(--live-bg); color: var(--live); }
.badge.live::before { content: "● "; animation: pulse 1.4s ease-in-out infinite; }
@keyframes pulse { 50% { opacity: 0.3; } }
@media (prefers-reduced-motion: reduce) { .badge.live::before { animation: none; } }
.table-wrap { overflow-x: auto; border-radius: 8px; }
table.grid { width: 100%; border-collapse: collapse; background: var(--panel); border: 1px solid var(--line); border-radius: 8px; overflow: hidden; }
.grid th { text-align: left; font-weight: 600; font-size: 0.85em; color: var(--muted); background: var(--code-bg); }
.grid th, .grid td { padding: 8px 10px; border-bottom: 1px solid var(--line); vertical-align: top; }
.grid tr:last-child td { border-bottom: 0; }
.grid td.num { white-space: nowrap; }
.grid tr.is-running td:first-child { box-shadow: inset 3px 0 0 var(--live); }
.row-links { color: var(--muted); }
.progress-cell progress { width: 90px; vertical-align: middle; }
.live-text { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 0.8em; color: var(--live); max-width: 420px; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
td.last { max-width: 320px; }
.toolbar { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 12px; margin-bottom: 10px; }
.toolbar output { margin-left: auto; }
.toolbar select, .toolbar input { font: inherit; }
select { padding: 3px 6px; border-radius: 6px; border: 1px solid var(--line); background: var(--panel); color: var(--fg); }
label.check { display: inline-flex; align-items: center; gap: 4px; }
.vlist { position: relative; flex: 1; min-height: 240px; overflow-y: auto; background: var(--panel); border: 1px solid var(--line); border-radius: 8px; contain: strict; }
.vspacer { width: 1px; }
.vrows { position: absolute; top: 0; left: 0; right: 0; }
.vrow { position: absolute; top: 0; left: 0; right: 0; height: var(--row); display: flex; gap: 12px; align-items: center; padding: 0 12px; white-space: nowrap; border-bottom: 1px solid var(--line); cursor: pointer; }
.vrow:hover { background: var(--code-bg); }
.vrow[aria-selected="true"] { background: var(--live-bg); }
.vlist:focus-visible .vrow[aria-selected="true"] { outline: 2px solid var(--accent); outline-offset: -2px; }
.vrow.sev-error { background: var(--err-bg); }
.vrow.sev-error .c-text { color: var(--err); }
.vrow.sev-warn .c-text { color: var(--warn); }
pre.event-detail { flex: none; max-height: 30vh; margin-top: 10px; font-size: 0.85em; }
.c-time { color: var(--muted); width: 70px; flex: none; }
.c-task { width: 44px; flex: none; color: var(--accent); }
.c-type { width: 170px; flex: none; color: var(--muted); overflow: hidden; text-overflow: ellipsis; }
.c-text { flex: 1; overflow: hidden; text-overflow: ellipsis; }
ol.timeline, ol.items { list-style: none; margin: 0; padding: 0; }
li.phase { margin: 0 0 14px; background: var(--panel); border: 1px solid var(--line); border-radius: 8px; }
li.phase h2 { font-size: 1rem; margin: 0; padding: 8px 12px; border-bottom: 1px solid var(--line); display: flex; flex-wrap: wrap; gap: 8px; align-items: baseline; }
.phase-name { font-weight: 700; }
.phase-state .summary { color: var(--muted); font-weight: 400; }
li.item { padding: 6px 12px; border-bottom: 1px solid var(--line); content-visibility: auto; contain-intrinsic-size: auto 34px; }
li.item:last-child { border-bottom: 0; }
.t { color: var(--muted); font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 0.85em; }
.role { font-weight: 600; }
.tool { background: var(--code-bg); padding: 0 4px; border-radius: 4px; }
.text { white-space: pre-wrap; margin: 4px 0 0; padding: 8px 10px; background: var(--code-bg); border-radius: 6px; max-height: 420px; overflow: auto; }
.text.streaming { border-left: 3px solid var(--live); }
.thinking { color: var(--muted); font-style: italic; }
li.call .input { color: var(--muted); }
li.call.sev-error { color: var(--fg); box-shadow: inset 4px 0 0 var(--err); }
li.call.sev-error .tool { color: var(--err); }
.result { margin-top: 4px; }
.result.pending { color: var(--live); }
pre { margin: 4px 0 0; padding: 8px 10px; background: var(--code-bg); border-radius: 6px; overflow: auto; max-height: 360px; white-space: pre-wrap; word-break: break-word; }
pre.preview { max-height: 120px; }
pre.output { max-height: 520px; }
details summary { cursor: pointer; color: var(--muted); font-size: 0.85em; }
li.call > details { display: inline-block; margin-left: 8px; }
li.call > details[open] { display: block; margin-left: 0; }
table.trace td.input { max-width: 340px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
table.trace tr.is-error td { background: var(--err-bg); }
tr.is-error .badge.error, li.sev-error .badge.error { background: var(--err); color: var(--panel); }
.token-form { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin: 12px 0; }
.token-form input { font: inherit; flex: 1; min-width: 200px; padding: 5px 8px; border: 1px solid var(--line); border-radius: 6px; background: var(--bg); color: var(--fg); }
.token-form button, button.primary { font: inherit; padding: 5px 14px; border-radius: 6px; border: 1px solid var(--accent); background: var(--accent); color: var(--panel); cursor: pointer; }
table.trace tr.is-slow td.num:first-of-type { color: var(--warn); }
table.trace .preview { color: var(--muted); max-width: 340px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
tr.detail td { background: var(--bg); }
.detail-grid { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 2fr); gap: 16px; }
.detail-grid h3 { margin: 0; font-size: 0.9rem; }
button.link { font: inherit; background: none; border: 1px solid var(--line); border-radius: 6px; padding: 1px 8px; color: var(--accent); cursor: pointer; }
button.link:hover { background: var(--code-bg); }
dl.facts { display: grid; grid-template-columns: repeat(auto-fill, minmax(180px, 1fr)); gap: 10px 18px; background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: 14px 16px; margin: 0 0 16px; }
dl.facts dt { color: var(--muted); font-size: 0.85em; }
dl.facts dd { margin: 0; font-weight: 600; }
section.run { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: 4px 16px 12px; margin-bottom: 16px; }
section.run h2 { font-size: 1.05rem; }
section.run table.grid { border-radius: 6px; }
main section > h2 { font-size: 1.1rem; margin: 18px 0 8px; }
section.errors { border-left: 4px solid var(--err); padding-left: 12px; }
ul.files { columns: 2; }
/* Actions on tasks (Tasks rows, a task's Timeline). */
.actions { display: flex; flex-direction: column; gap: 4px; min-width: 9em; }
.action-buttons { display: flex; gap: 4px; flex-wrap: wrap; }
button.action, .action-form button, .confirm button { font: inherit; font-size: 0.9em; padding: 2px 10px; border-radius: 6px; border: 1px solid var(--accent); background: var(--panel); color: var(--accent); cursor: pointer; }
button.action:hover, .action-form button:hover { background: var(--live-bg); }
button.action:focus-visible, .action-form button:focus-visible, .confirm button:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
button.action-reject, button.action-cancel, button.danger { border-color: var(--err); color: var(--err); }
button.action:disabled { opacity: 0.5; cursor: progress; }
.action-form { display: flex; flex-wrap: wrap; gap: 4px; align-items: center; }
.action-form input, .action-form textarea { font: inherit; padding: 2px 6px; border: 1px solid var(--line); border-radius: 4px; background: var(--panel); color: var(--fg); }
.new-task { margin-top: 6px; }
.new-task-form { flex-direction: column; align-items: flex-start; margin: 6px 0; }
.new-task-form .field { display: flex; flex-direction: column; gap: 2px; }
.head-actions { margin-top: 6px; }
/* Charts drawn by the page (SVG). */
.chart { display: block; max-width: 100%; height: auto; margin: 8px 0 16px; }
.chart text { fill: var(--muted); font-size: 11px; }
.chart .axis { stroke: var(--line); }
.chart .bar { fill: var(--live); }
.chart .line { fill: none; stroke: var(--warn); stroke-width: 2; }
.chart .dot { fill: var(--warn); }
.waterfall .span { fill: var(--ok); cursor: pointer; }
.waterfall .span.failed { fill: var(--err); }
.waterfall .span.open-ended { fill: var(--warn); opacity: 0.6; }
.waterfall g.call:focus { outline: none; }
.waterfall g.call:focus .span, .waterfall g.call:hover .span { stroke: var(--fg); stroke-width: 1.5; }
.legend { display: flex; gap: 12px; font-size: 0.85em; color: var(--muted); }
.legend .key-bar::before, .legend .key-line::before { content: ""; display: inline-block; width: 12px; height: 10px; margin-right: 4px; vertical-align: middle; }
.legend .key-bar::before { background: var(--live); }
.legend .key-line::before { height: 2px; background: var(--warn); }
@media (max-width: 640px) {
  .top { gap: 8px; padding: 0 10px; }
  .brand span { display: none; }
  #conn-text { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  #nav a { padding: 6px 8px; }
  main { padding: 12px 10px 32px; }
}
`;
