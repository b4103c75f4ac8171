import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * Unit tests live beside the code (server/**, app/**); integration suites in tests/integration run the
 * business layer against a fresh database: PGlite in memory always, and a real Postgres too when
 * TEST_DATABASE_URL is set (see tests/support/db.ts). Playwright's tests/e2e are not vitest's.
 */
export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#server": fileURLToPath(new URL("./server", import.meta.url)),
    },
  },
  test: {
    environment: "node",
    globals: true,
    include: ["server/**/*.test.ts", "app/**/*.test.ts", "app/**/*.test.tsx", "scripts/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/architecture/**/*.test.ts", "bench/**/*.test.ts"],
    exclude: ["node_modules/**", "build/**", "public/build/**", "tests/e2e/**"],
    // Forks isolate each file's PGlite (WASM) heap in its own process; two workers suit a 2-core machine.
    pool: "forks",
    poolOptions: { forks: { minForks: 1, maxForks: 2 } },
    // Upper bounds for a hang, not speed checks. Starting, migrating and seeding a PGlite database takes about a second,
    // and a file's first test transforms the app's modules: on a 2-core machine busy with a build beside, minutes.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Tests that pin STORE_NOW or spy on console restore them; this is the safety net.
    unstubEnvs: true,
    // Passwords hash at a cheap argon2id cost under test (a setting of the real hasher, not a mock).
    env: { ARGON2_MEMORY_KIB: "256", ARGON2_TIME_COST: "1" },
    restoreMocks: true,
  },
});
