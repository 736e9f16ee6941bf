import { assert, assertEquals } from "../../tests/assert.ts";
import {
  allowedHosts,
  checkHostAndOrigin,
  constantTimeEqual,
  hasToken,
  isLoopbackHost,
  newToken,
} from "./auth.ts";

Deno.test("a token is 256 random bits as 64 hex digits, new each time", () => {
  const a = newToken(), b = newToken();
  assert(/^[0-9a-f]{64}$/.test(a));
  assert(a !== b);
});

Deno.test("constantTimeEqual compares whole strings, lengths included", () => {
  assert(constantTimeEqual("abc", "abc"));
  assert(!constantTimeEqual("abc", "abd"));
  assert(!constantTimeEqual("abc", "ab"));
  assert(!constantTimeEqual("", "a"));
  assert(constantTimeEqual("", ""));
});

Deno.test("loopback hosts", () => {
  for (const h of ["127.0.0.1", "localhost", "::1", "[::1]", "127.1.2.3"]) {
    assert(isLoopbackHost(h));
  }
  for (const h of ["0.0.0.0", "192.168.1.2", "example.com", "::"]) assert(!isLoopbackHost(h), h);
});

const gate = { token: "secret", hosts: allowedHosts("127.0.0.1", 7777) };
const req = (headers: Record<string, string>, url = "http://127.0.0.1:7777/api/x") =>
  new Request(url, { headers });

Deno.test("Host must be one of the server's loopback addresses with its port", () => {
  for (const host of ["127.0.0.1:7777", "localhost:7777", "[::1]:7777", "LOCALHOST:7777"]) {
    assertEquals(checkHostAndOrigin(req({ host }), gate), null, host);
  }
  for (const host of ["127.0.0.1", "127.0.0.1:7778", "evil.com:7777", "", "127.0.0.1:7777.evil"]) {
    assert(checkHostAndOrigin(req({ host }), gate) !== null, host);
  }
});

Deno.test("Origin, when sent, must be the server's own", () => {
  const host = "127.0.0.1:7777";
  assertEquals(checkHostAndOrigin(req({ host, origin: "http://localhost:7777" }), gate), null);
  for (
    const origin of [
      "http://evil.com",
      "https://127.0.0.1:7777",
      "http://127.0.0.1:7778",
      "null",
      "http://127.0.0.1:7777/path",
    ]
  ) {
    assert(checkHostAndOrigin(req({ host, origin }), gate) !== null, origin);
  }
});

Deno.test("the token comes from the Authorization header, or the query where allowed", () => {
  const url = (q = "") => new URL(`http://127.0.0.1:7777/api/stream${q}`);
  assert(hasToken(req({ authorization: "Bearer secret" }), url(), gate, false));
  assert(hasToken(req({ authorization: "bearer secret" }), url(), gate, false));
  assert(!hasToken(req({ authorization: "Bearer secret2" }), url(), gate, false));
  assert(!hasToken(req({ authorization: "Basic secret" }), url(), gate, false));
  assert(!hasToken(req({}), url("?token=secret"), gate, false));
  assert(hasToken(req({}), url("?token=secret"), gate, true));
  assert(!hasToken(req({}), url("?token=nope"), gate, true));
  // A wrong header is not rescued by a right query token.
  assert(!hasToken(req({ authorization: "Bearer x" }), url("?token=secret"), gate, true));
});
