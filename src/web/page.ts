/**
 * The web UI as one HTML document: markup, style and script are all in the
 * module graph (no file is read and nothing is fetched at run time), served
 * by `taskline serve` at `/`.
 *
 * The script is the typed client of src/web/client/ bundled for the
 * browser (src/web/bundle.ts writes it to client_bundle.ts, committed, so
 * that the compiled program ships it and runs no bundler).
 *
 * @module
 */
import { STYLE_CSS } from "./style.ts";
import { CLIENT_JS } from "./client_bundle.ts";

export { CLIENT_JS };

function page(nonce: string): string {
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
<script nonce="${nonce}">
${CLIENT_JS}
</script>
</body>
</html>
`;
}

/**
 * The web UI's response: the page, with a content security policy that lets
 * only its own inline script and style run and lets it talk only to its own
 * server.
 *
 * @example
 * ```ts
 * const res = webPage();
 * res.headers.get("content-type"); // "text/html; charset=utf-8"
 * ```
 */
export function webPage(): Response {
  const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(18))));
  return new Response(page(nonce), {
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
