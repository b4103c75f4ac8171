import { LRUCache } from "lru-cache";
import MarkdownIt from "markdown-it";
import sanitizeHtml from "sanitize-html";

/**
 * Content pages' Markdown to HTML, on the server only (no Markdown library reaches the browser). Two locks: markdown-it
 * with raw HTML off (a `<script>` in the text is shown as text) and its own link check (no `javascript:`), then
 * sanitize-html on what it made, with an allow-list: the tags Markdown makes, links to http(s), mail and phone only,
 * images only from this site (a path such as `/images/…`: the pages' Content-Security-Policy loads no other site's
 * pictures, so another site's would show broken; it is written as its alt text instead). The page's own title is its h1, so the text's headings start at h2 (a `#`
 * becomes an h2). Links that leave the site open as usual but carry rel="noopener noreferrer nofollow".
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true, breaks: false });

const ALLOWED_TAGS = [
  "h2", "h3", "h4", "p", "br", "hr", "strong", "em", "del", "blockquote", "code", "pre", "ul", "ol", "li", "a", "img",
  "table", "thead", "tbody", "tr", "th", "td",
];

const shiftHeading = (to: string) => (_tag: string, attribs: sanitizeHtml.Attributes) => ({ tagName: to, attribs });

/**
 * The HTML of the texts rendered last, by their source: every page renders the footer's text (and a content page its
 * own) from the same few sources; rendering and sanitising them cost ~2 % of a menu page's server time (issue 15).
 * Bounded in count and size (a few MB at most, whatever the editors preview): the least recently read goes first, and a text over
 * `RENDERED_MAX_SOURCE` characters is rendered each time.
 */
export const RENDERED_CAPACITY = 64;
export const RENDERED_MAX_SOURCE = 32_000;
const rendered = new LRUCache<string, string>({ max: RENDERED_CAPACITY });

export function renderMarkdown(source: string): string {
  const hit = rendered.get(source);
  if (hit !== undefined) return hit;
  const html = render(source);
  if (source.length <= RENDERED_MAX_SOURCE) rendered.set(source, html);
  return html;
}

function render(source: string): string {
  return sanitizeHtml(markdown.render(source), {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: { a: ["href", "title", "rel"], img: ["src", "alt", "title", "width", "height", "loading"], th: ["scope", "style"], td: ["style"], ol: ["start"] },
    allowedStyles: { th: { "text-align": [/^(left|right|center)$/] }, td: { "text-align": [/^(left|right|center)$/] } },
    allowedSchemes: ["https", "http", "mailto", "tel"],
    allowedSchemesByTag: { img: [] },
    allowProtocolRelative: false,
    transformTags: {
      h1: shiftHeading("h2"),
      h5: shiftHeading("h4"),
      h6: shiftHeading("h4"),
      a: (tagName, attribs) => ({
        tagName,
        attribs: /^https?:/i.test(attribs.href ?? "") ? { ...attribs, rel: "noopener noreferrer nofollow" } : attribs,
      }),
      img: (tagName, attribs) =>
        /^\/(?![/\\])/.test(attribs.src ?? "")
          ? { tagName, attribs: { ...attribs, loading: "lazy" } }
          : { tagName: "span", attribs: {}, text: attribs.alt ?? "" },
    },
  });
}
