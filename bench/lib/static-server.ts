// The reference's server: a plain static file server (node:http; per request a stat and a read stream of the file,
// as static servers do) in a process of its own like the app's. Started by bench/scenarios/reference.ts:
//   node --import tsx bench/lib/static-server.ts <folder> <port>
// It prints "listening <port>" once it accepts connections, and exits on SIGTERM.
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createServer } from "node:http";
import path from "node:path";

const [folder, port] = process.argv.slice(2);
if (!folder || !port) throw new Error("usage: static-server.ts <folder> <port>");
const types: Record<string, string> = { ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8" };

const server = createServer(async (req, res) => {
  const name = decodeURIComponent(new URL(req.url ?? "/", "http://localhost").pathname).replace(/^\/+/, "");
  const file = path.join(folder, name);
  const info = name.includes("..") ? null : await stat(file).catch(() => null);
  if (req.method !== "GET" || !info?.isFile()) {
    res.writeHead(404, { "content-type": "text/plain" }).end("Not Found");
    return;
  }
  res.writeHead(200, {
    "content-type": types[path.extname(file)] ?? "application/octet-stream",
    "content-length": info.size,
    "last-modified": info.mtime.toUTCString(),
    "cache-control": "public, max-age=0",
  });
  createReadStream(file).pipe(res);
});
server.listen(Number(port), "127.0.0.1", () => console.log(`listening ${port}`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
