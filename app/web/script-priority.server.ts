const PRELOAD = Buffer.from('<link rel="modulepreload"');
const LOW = Buffer.from(' fetchpriority="low"');

/**
 * The document's `<link rel="modulepreload">` tags (Remix's `<Scripts>`, one per script file of the page: 17-36)
 * asked for at low priority. A browser otherwise fetches them at high priority beside the style sheet and the
 * page's largest picture (`fetchpriority="high"`), so on a slow mobile connection the first paint and the largest
 * picture wait for ~100 KB of script that only hydration needs: every page is server-rendered and its forms post
 * without JavaScript. The scripts still start at once; they no longer go first. `<Scripts>` takes no attributes
 * for its links, so the rendered bytes get them (a few microseconds per page, no copy when none is found).
 */
export function lowPriorityModulePreloads(body: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  let at = body.indexOf(PRELOAD);
  if (at < 0) return body;
  const parts: Buffer<ArrayBuffer>[] = [];
  let from = 0;
  while (at >= 0) {
    const end = at + PRELOAD.length;
    parts.push(body.subarray(from, end), LOW);
    from = end;
    at = body.indexOf(PRELOAD, end);
  }
  parts.push(body.subarray(from));
  return Buffer.concat(parts);
}
