/**
 * The web UI's page as the server sends it: one self-contained document whose
 * script compiles, runs only under its nonce, and loads nothing from elsewhere.
 */
import { assert, assertEquals, assertMatch, assertStringIncludes } from "./assert.ts";
import { CLIENT_JS, webPage } from "../src/web/mod.ts";

Deno.test("web page: the script compiles as one classic script", () => {
  // A syntax error in the bundle throws here.
  new Function(CLIENT_JS);
  // One function expression run at once: nothing of the client lands in the global scope.
  assertMatch(CLIENT_JS, /^\(\(\) => \{\n[\s\S]*\}\)\(\);\n$/);
  assertStringIncludes(CLIENT_JS, "// src/web/client/main.ts");
  // Types were stripped: the browser gets plain JavaScript.
  assert(!/\): (string|number|void|Promise<)/.test(CLIENT_JS), "no type annotations left");
});

Deno.test("web page: HTML with a nonce-only content security policy and no outside resources", async () => {
  const res = webPage();
  assertEquals(res.headers.get("content-type"), "text/html; charset=utf-8");
  assertEquals(res.headers.get("cache-control"), "no-store");
  const csp = res.headers.get("content-security-policy") ?? "";
  const nonce = /script-src 'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
  assert(nonce, csp);
  assertStringIncludes(csp, "default-src 'none'");
  assertStringIncludes(csp, "connect-src 'self'");
  const html = await res.text();
  assertMatch(html, /^<!doctype html>/);
  assertStringIncludes(html, `<script nonce="${nonce}">`);
  assertStringIncludes(html, `<style nonce="${nonce}">`);
  // Everything is inline: no src or href that leaves the page.
  assertEquals(html.match(/\b(src|href)="(https?:)?\/\/[^"]*"/g), null);
  assertEquals(html.match(/<script[^>]*\bsrc=/g), null);
  // A new nonce for each answer.
  const again = webPage().headers.get("content-security-policy");
  assert(again !== csp, "the nonce changes between answers");
});
