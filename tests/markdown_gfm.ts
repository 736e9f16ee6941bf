/**
 * GitHub's own Markdown renderer for tests: `cmark-gfm` (Debian's package,
 * installed by scripts/test_deps.sh) with the extensions github.com uses,
 * raw HTML passed through (`--unsafe`) as GitHub passes it to its sanitizer,
 * so that markup that slipped through shows in the HTML.
 *
 * @module
 */

/** The extensions of GitHub Flavored Markdown. */
const EXTENSIONS = ["table", "autolink", "strikethrough", "tagfilter", "tasklist", "footnotes"];

/** Renders Markdown to HTML with cmark-gfm. */
export async function renderGfm(markdown: string): Promise<string> {
  const child = new Deno.Command("cmark-gfm", {
    args: [...EXTENSIONS.flatMap((e) => ["-e", e]), "--unsafe"],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const w = child.stdin.getWriter();
  await w.write(new TextEncoder().encode(markdown));
  await w.close();
  const out = await child.output();
  if (out.code !== 0) throw new Error(`cmark-gfm failed: ${new TextDecoder().decode(out.stderr)}`);
  return new TextDecoder().decode(out.stdout);
}

/** Text of HTML that cmark-gfm wrote: its four entities decoded. */
export function decodeHtml(html: string): string {
  return html.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&");
}

/** HTML with its `<code>` elements removed: what GitHub's mention, reference and emoji filters see. */
export function outsideCode(html: string): string {
  return html.replace(/<code>[^<]*<\/code>/g, " ");
}

/** What GitHub turns into a link, a mention, math or an emoji in text outside code. */
export const HOSTED_OUTSIDE_CODE = /[@#$]|:\/\/|www\.|\bgh-\d|:[a-z0-9_+-]*[a-z+][a-z0-9_+-]*:/i;

/**
 * What GitHub itself acts on in the text of a whole document outside code
 * (narrower than {@link HOSTED_OUTSIDE_CODE}, which taskline escapes more
 * widely): a mention, an issue reference, math, a link, an emoji code.
 */
export const GITHUB_ACTS_ON = /@\w|#\d|\$|:\/\/|www\.|\bgh-\d|:[a-z0-9_+-]*[a-z+][a-z0-9_+-]*:/i;

/** Elements that log text must never become (anything but the document's own). */
export const FORBIDDEN_ELEMENTS =
  /<(?:a|img|script|iframe|style|b|i|em|strong|del|s|h[1-6]|blockquote|pre|ol|input|sup|section|details|math|svg|table|hr)\b/i;
