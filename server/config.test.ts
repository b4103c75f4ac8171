import { hash } from "@node-rs/argon2";
import { afterEach, describe, expect, it, vi } from "vitest";
import { env, resetEnvCache } from "./config";
import { hashPassword, verifyPassword } from "./staff/password";

describe("the password hashing setting", () => {
  afterEach(() => resetEnvCache());

  it("defaults to OWASP's minimum argon2id cost (19 MiB, 2 passes) when nothing is set", async () => {
    vi.stubEnv("ARGON2_MEMORY_KIB", "");
    vi.stubEnv("ARGON2_TIME_COST", "");
    resetEnvCache();
    expect(env()).toMatchObject({ ARGON2_MEMORY_KIB: 19_456, ARGON2_TIME_COST: 2 });
    expect(await hashPassword("a password of ours")).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it("follows ARGON2_MEMORY_KIB and ARGON2_TIME_COST, and a hash made at another cost still verifies", async () => {
    vi.stubEnv("ARGON2_MEMORY_KIB", "512");
    vi.stubEnv("ARGON2_TIME_COST", "3");
    resetEnvCache();
    const cheap = await hashPassword("a password of ours");
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=512,t=3,p=1\$/);
    const older = await hash("a password of ours", { memoryCost: 1024, timeCost: 1, parallelism: 1, algorithm: 2 });
    expect(await verifyPassword(older, "a password of ours")).toBe(true);
  });

  it("refuses a cost below argon2's floor", () => {
    vi.stubEnv("ARGON2_MEMORY_KIB", "8");
    resetEnvCache();
    expect(() => env()).toThrow(/ARGON2_MEMORY_KIB/);
  });
});

describe("the demo staff setting", () => {
  it("SEED_DEMO_STAFF decides; unset, only outside production", async () => {
    const { demoStaffWanted } = await import("./db/seed/staff");
    expect(demoStaffWanted({ SEED_DEMO_STAFF: "true", NODE_ENV: "production" })).toBe(true);
    expect(demoStaffWanted({ SEED_DEMO_STAFF: "false", NODE_ENV: "development" })).toBe(false);
    expect(demoStaffWanted({ SEED_DEMO_STAFF: undefined, NODE_ENV: "production" })).toBe(false);
    expect(demoStaffWanted({ SEED_DEMO_STAFF: undefined, NODE_ENV: "test" })).toBe(true);
  });
});
