#!/usr/bin/env node
// After `remix build`: terser compresses the browser's chunks (public/build/**/*.js) once more, in place. esbuild,
// which Remix's compiler minifies with, compresses in one pass; terser's two passes take another 3-4 % off the
// gzipped bytes of every page (issue 15's JavaScript budgets, docs/performance.md). File names keep their content
// hash from esbuild: the same source still gives the same file, so caching them forever stays right.
import { readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { minify } from "terser";

const root = new URL("..", import.meta.url).pathname;
const buildDir = join(root, "public", "build");

const files = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    // The manifest is data assigned to a global, not code worth a pass.
    else if (name.endsWith(".js") && !name.startsWith("manifest-")) files.push(path);
  }
};
walk(buildDir);

let before = 0;
let after = 0;
for (const path of files) {
  const code = readFileSync(path, "utf8");
  const result = await minify(code, {
    module: true,
    ecma: 2020,
    compress: { passes: 2 },
    mangle: true,
    // Licence comments (/*! …, @license) stay.
    format: { comments: "some" },
  });
  if (typeof result.code !== "string") throw new Error(`terser gave nothing for ${path}`);
  before += gzipSync(code, { level: 9 }).length;
  after += gzipSync(result.code, { level: 9 }).length;
  writeFileSync(path, result.code);
}
console.log(`minify-client: ${files.length} chunks, ${(before / 1024).toFixed(1)} -> ${(after / 1024).toFixed(1)} KiB gzipped`);
