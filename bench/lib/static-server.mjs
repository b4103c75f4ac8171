// The reference's server: `express.static` with `compression` on, as the app's own server (scripts/serve.mjs) sets
// them up, in a process of its own like the app's. It serves the menu page's HTML, fetched from the app first, gzipped
// for a client that asks for it (Accept-Encoding: gzip), as it would a browser. Started by bench/scenarios/reference.ts:
//   node bench/lib/static-server.mjs <folder> <port>
// It prints "listening <port>" once it accepts connections, and exits on SIGTERM.
import compression from "compression";
import express from "express";

const [folder, port] = process.argv.slice(2);
if (!folder || !port) throw new Error("usage: static-server.mjs <folder> <port>");

const app = express();
app.disable("x-powered-by");
app.use(compression());
app.use(express.static(folder, { maxAge: 0 }));
const server = app.listen(Number(port), "127.0.0.1", () => console.log(`listening ${port}`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
