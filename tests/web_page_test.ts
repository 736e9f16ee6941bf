/**
 * The web UI's page as the server sends it: one document whose only script
 * is the client's entry module on the same server, run only under the
 * page's nonce, and that loads nothing from elsewhere.
 */
import { assert, assertEquals, assertMatch, assertStringIncludes } from "./assert.ts";
import { clientModules, webPage } from "../src/web/mod.ts";

Deno.test("web page: HTML with a nonce-only content security policy and no outside resources", async () => {
  const res = await webPage();
  assertEquals(res.headers.get("content-type"), "text/html; charset=utf-8");
  assertEquals(res.headers.get("cache-control"), "no-store");
  const csp = res.headers.get("content-security-policy") ?? "";
  const nonce = /script-src 'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
  assert(nonce, csp);
  assertStringIncludes(csp, "default-src 'none'");
  assertStringIncludes(csp, "connect-src 'self'");
  const html = await res.text();
  assertMatch(html, /^<!doctype html>/);
  // One script: the client's entry module, from this server, under the nonce.
  const { entry } = await clientModules();
  assertEquals(html.match(/<script\b[^>]*>/g), [
    `<script type="module" nonce="${nonce}" src="${entry}">`,
  ]);
  assertStringIncludes(html, `<style nonce="${nonce}">`);
  // No src or href that leaves the server.
  assertEquals(html.match(/\b(src|href)="(https?:)?\/\/[^"]*"/g), null);
  // A new nonce for each answer.
  const again = (await webPage()).headers.get("content-security-policy");
  assert(again !== csp, "the nonce changes between answers");
});
