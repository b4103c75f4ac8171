#!/usr/bin/env node
// After `remix build`: the command-line tools as plain JavaScript (build/cli/*.mjs), so a runtime without the
// sources and without tsx (the Docker image) can migrate, seed and add staff:
//   node build/cli/db.mjs migrate|seed        (npm run db:migrate / db:seed)
//   node build/cli/staff.mjs --email … …      (npm run staff:add -- …)
//   node build/cli/cards.mjs --card … …       (npm run cards:issue -- …)
// The packages stay imports of node_modules (the image has the production ones); the project's own modules
// (server/, tenant.config.ts, the migrations) are bundled in. An argument names another folder (the test's).
import { build } from "esbuild";

await build({
  entryPoints: { db: "server/db/cli.ts", staff: "server/staff/cli.ts", cards: "server/customers/cards-cli.ts" },
  outdir: process.argv[2] ?? "build/cli",
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
  tsconfig: "tsconfig.json",
  logLevel: "warning",
  legalComments: "none",
});
