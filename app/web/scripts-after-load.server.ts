const PRELOAD = Buffer.from('<link rel="modulepreload" href="');
/** A relation browsers do not know, so they fetch nothing (a modulepreload without its href logs a warning instead). */
export const HELD_PRELOAD_REL = "x-modulepreload";
const HELD_PRELOAD = Buffer.from(`<link rel="${HELD_PRELOAD_REL}" href="`);

/** The type of Remix's module script while it waits: not JavaScript, so the browser neither fetches nor runs it. */
export const HELD_SCRIPT_TYPE = "text/x-module-after-load";

/**
 * What starts the held scripts: once the document has loaded (its style sheet and pictures in) and the frame after
 * that has painted, each held preload is asked for by a new `<link rel="modulepreload">` in the head, and Remix's
 * module script runs as a new element (one whose type changes after parsing never runs). A hidden tab has no frame
 * to wait for. The new elements go after everything React hydrates in the head and the body, where React leaves
 * what it does not know alone.
 */
const starter = (nonce: string) =>
  `<script nonce="${nonce}">(function(){var d=document;function go(){` +
  `d.querySelectorAll('link[rel="${HELD_PRELOAD_REL}"]').forEach(function(h){var l=d.createElement("link");l.rel="modulepreload";l.href=h.href;d.head.appendChild(l)});` +
  `var h=d.querySelector('script[type="${HELD_SCRIPT_TYPE}"]');if(!h)return;var s=d.createElement("script");` +
  `s.type="module";s.nonce=${JSON.stringify(nonce)};s.text=h.text;d.body.appendChild(s)}` +
  `function later(){if(d.visibilityState==="hidden")go();else requestAnimationFrame(function(){setTimeout(go,0)})}` +
  `if(d.readyState==="complete")later();else addEventListener("load",later,{once:true})})()</script>`;

/**
 * The document's scripts (Remix's `<Scripts>`: one `<link rel="modulepreload">` per script file of the page, 17-44,
 * and the module script that imports them and hydrates) held until the page has loaded and painted. Every page is
 * server-rendered and its forms post without JavaScript, so the first paint and the largest picture need no script;
 * on a slow mobile connection ~100 KB of script asked for beside them delays both (Lighthouse's simulated LCP counts
 * every request that started before the observed paint). The preloads keep their element with a relation that
 * fetches nothing, and the module script its element with a type that does not run, so the markup React hydrates is
 * the same elements (React does not compare attributes when it hydrates in production). `<Scripts>` takes no options
 * for this, so the rendered bytes are rewritten (a few microseconds per page; no copy for a page without scripts).
 */
export function scriptsAfterLoad(body: Buffer<ArrayBuffer>, nonce: string): Buffer<ArrayBuffer> {
  const first = body.indexOf(PRELOAD);
  if (first < 0) return body;
  // Remix's module script comes after its preloads; without it (nothing to start them) the document stays as it is.
  const module = Buffer.from(`<script nonce="${nonce}" type="module"`);
  const script = body.indexOf(module, first);
  const end = script < 0 ? -1 : body.indexOf("</script>", script);
  if (end < 0) return body;
  const parts: Buffer<ArrayBuffer>[] = [];
  let from = 0;
  for (let at = first; at >= 0 && at < script; at = body.indexOf(PRELOAD, from)) {
    parts.push(body.subarray(from, at), HELD_PRELOAD);
    from = at + PRELOAD.length;
  }
  const typeAt = script + module.length - '"module"'.length;
  const after = end + "</script>".length;
  parts.push(body.subarray(from, typeAt), Buffer.from(`"${HELD_SCRIPT_TYPE}"`), body.subarray(typeAt + '"module"'.length, after), Buffer.from(starter(nonce)), body.subarray(after));
  return Buffer.concat(parts);
}
