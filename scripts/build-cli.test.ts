import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The Docker image has the built server and its production packages, not the sources nor tsx: its command-line tools
 * are the bundles of scripts/build-cli.mjs. Built here into a folder that holds only them and node_modules, they
 * migrate and seed a database and add a manager with plain node.
 */
describe("the command-line tools without the sources (build/cli)", () => {
  const folder = mkdtempSync(path.join(tmpdir(), "pizza-cli-"));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("db.mjs seeds a new database, staff.mjs adds a manager to it and cards.mjs issues a card, with plain node", () => {
    execFileSync(process.execPath, ["scripts/build-cli.mjs", path.join(folder, "cli")]);
    symlinkSync(path.resolve("node_modules"), path.join(folder, "node_modules"));
    // As in the image: production, where the seed writes no demo staff (the manager is the first member).
    const env: NodeJS.ProcessEnv = { NODE_ENV: "production", PATH: process.env.PATH ?? "", DATA_DIR: path.join(folder, "data"), ARGON2_MEMORY_KIB: "256", ARGON2_TIME_COST: "1" };
    const seeded = spawnSync(process.execPath, ["cli/db.mjs", "seed"], { cwd: folder, env, encoding: "utf8" });
    expect(seeded.stderr).toBe("");
    expect(seeded.stdout).toContain("seed: demo chain written");
    expect(seeded.status).toBe(0);
    const added = spawnSync(process.execPath, ["cli/staff.mjs", "--email", "ana@example.mx", "--name", "Ana López", "--outlets", "MX-ROM-01", "--role", "manager"], {
      cwd: folder,
      env,
      input: "Horno*Lento2026\n",
      encoding: "utf8",
    });
    expect(added.stdout).toMatch(/added staff #\d+ \(ana@example\.mx\) as manager for MX-ROM-01/);
    expect(added.status).toBe(0);
    const issue = (card: string) =>
      spawnSync(process.execPath, ["cli/cards.mjs", "--card", card, "--phone", "55 1234 9876", "--birthdate", "1994-03-09"], { cwd: folder, env, encoding: "utf8" });
    const issued = issue("600000000000061");
    expect([issued.stdout.trim(), issued.status]).toEqual(["cards:issue: card •••• 0061 issued to the holder of 55•••••876", 0]);
    // A number whose check digit is wrong is no card: refused, exit 2.
    expect(issue("600000000000062").status).toBe(2);
    // The loyalty system's export, all at once.
    writeFileSync(path.join(folder, "cards.csv"), "card,phone,birthdate\n600000000000079,5511112222,1980-02-29\n600000000000087,52 55 3333 4444,1975-12-31\n");
    const imported = spawnSync(process.execPath, ["cli/cards.mjs", "--csv", "cards.csv"], { cwd: folder, env, encoding: "utf8" });
    expect([imported.stdout.trim(), imported.status]).toEqual(["cards:issue: 2 cards issued", 0]);
  }, 120_000);
});
