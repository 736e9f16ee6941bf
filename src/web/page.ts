/**
 * The web UI's HTML document, served by `taskline serve` at `/`: markup and
 * style, and the script that starts the typed client of src/web/client/,
 * whose modules the same server sends with their types stripped
 * (modules.ts). All of it is in the module graph: no file is read and
 * nothing is fetched from elsewhere at run time.
 *
 * @module
 */
import { STYLE_CSS } from "./style.ts";
import { clientModules } from "./modules.ts";

function page(nonce: string, entry: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>taskline</title>
<style nonce="${nonce}">${STYLE_CSS}</style>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="top">
  <div class="brand">taskline <span>events</span></div>
  <nav id="nav" aria-label="Screens">
    <a href="#/tasks" data-nav="tasks">Tasks</a>
    <a href="#/activity" data-nav="activity">Activity</a>
    <a href="#/history" data-nav="history">History</a>
  </nav>
  <div id="conn" role="status" data-state="connecting"><span id="conn-text">Starting…</span></div>
</header>
<div id="notice" role="alert" hidden></div>
<main id="main" tabindex="-1"></main>
<noscript><p>The taskline web UI needs JavaScript.</p></noscript>
<script type="module" nonce="${nonce}" src="${entry}"></script>
</body>
</html>
`;
}

/**
 * The web UI's response: the page, with a content security policy that lets
 * only its own style and its own module script run (the modules that script
 * imports are fetched under its nonce) and lets it talk only to its own
 * server.
 *
 * @example
 * ```ts
 * const res = await webPage();
 * res.headers.get("content-type"); // "text/html; charset=utf-8"
 * ```
 */
export async function webPage(): Promise<Response> {
  const { entry } = await clientModules();
  const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(18))));
  return new Response(page(nonce, entry), {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "content-security-policy": [
        "default-src 'none'",
        `script-src 'nonce-${nonce}'`,
        `style-src 'nonce-${nonce}'`,
        "connect-src 'self'",
        "img-src 'self' data:",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
      ].join("; "),
      "referrer-policy": "no-referrer",
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
    },
  });
}
