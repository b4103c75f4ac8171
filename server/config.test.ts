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
  it("SEED_DEMO_STAFF and SEED_DEMO_CUSTOMER decide; unset, only outside production on the embedded database", async () => {
    const { demoStaffWanted } = await import("./db/seed/staff");
    const { demoCustomerWanted } = await import("./db/seed/customers");
    const server = "postgres://root@127.0.0.1:5432/shop";
    expect(demoStaffWanted({ SEED_DEMO_STAFF: "true", NODE_ENV: "production", DATABASE_URL: server })).toBe(true);
    expect(demoStaffWanted({ SEED_DEMO_STAFF: "false", NODE_ENV: "development", DATABASE_URL: undefined })).toBe(false);
    expect(demoStaffWanted({ SEED_DEMO_STAFF: undefined, NODE_ENV: "production", DATABASE_URL: undefined })).toBe(false);
    expect(demoStaffWanted({ SEED_DEMO_STAFF: undefined, NODE_ENV: "test", DATABASE_URL: undefined })).toBe(true);
    // `npm run db:seed` against a deployment's Postgres (its NODE_ENV defaults to development): no public passwords.
    expect(demoStaffWanted({ SEED_DEMO_STAFF: undefined, NODE_ENV: "development", DATABASE_URL: server })).toBe(false);
    expect(demoCustomerWanted({ SEED_DEMO_CUSTOMER: undefined, NODE_ENV: "development", DATABASE_URL: server })).toBe(false);
    expect(demoCustomerWanted({ SEED_DEMO_CUSTOMER: undefined, NODE_ENV: "development", DATABASE_URL: undefined })).toBe(true);
    expect(demoCustomerWanted({ SEED_DEMO_CUSTOMER: "true", NODE_ENV: "production", DATABASE_URL: server })).toBe(true);
  });
});

/** Stubs these variables and reads the settings afresh; answers the reader (each describe undoes it after a test). */
const settle = (values: Record<string, string>) => {
  for (const [key, value] of Object.entries(values)) vi.stubEnv(key, value);
  resetEnvCache();
  return () => env();
};

describe("the public address (PUBLIC_URL)", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    resetEnvCache();
  });

  it("unset, the server's own port on localhost, so a demo on another port links (mails, Adyen's way back) to itself", () => {
    vi.stubEnv("PORT", undefined);
    expect(settle({ PUBLIC_URL: "" })().PUBLIC_URL).toBe("http://localhost:3000");
    expect(settle({ PUBLIC_URL: "", PORT: "3201" })().PUBLIC_URL).toBe("http://localhost:3201");
  });

  it("set, it is the address whatever the port (a deployment behind its proxy)", () => {
    expect(settle({ PUBLIC_URL: "https://pedidos.example.mx", PORT: "8080" })().PUBLIC_URL).toBe("https://pedidos.example.mx");
    expect(() => settle({ PUBLIC_URL: "ftp://example.mx" })()).toThrow(/PUBLIC_URL/);
  });
});

describe("the social sign-in settings", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    resetEnvCache();
  });

  it("a provider is read with its client, and an issuer or the three URLs, and its scopes", () => {
    const read = settle({
      SOCIAL_GOOGLE_CLIENT_ID: "id",
      SOCIAL_GOOGLE_CLIENT_SECRET: "secret",
      SOCIAL_GOOGLE_ISSUER: "https://accounts.google.com",
      SOCIAL_YAHOO_CLIENT_ID: "",
      SOCIAL_FACEBOOK_CLIENT_ID: "fb",
      SOCIAL_FACEBOOK_CLIENT_SECRET: "fb-secret",
      SOCIAL_FACEBOOK_AUTHORIZATION_URL: "https://idp.example/auth",
      SOCIAL_FACEBOOK_TOKEN_URL: "https://idp.example/token",
      SOCIAL_FACEBOOK_USERINFO_URL: "https://idp.example/me",
      SOCIAL_FACEBOOK_SCOPES: "openid email",
    });
    expect(read()).toMatchObject({ SOCIAL_GOOGLE_ISSUER: "https://accounts.google.com", SOCIAL_YAHOO_CLIENT_ID: undefined, SOCIAL_FACEBOOK_SCOPES: "openid email" });
  });

  it("refuses a client id without its secret, some of the three URLs without the others, an issuer beside them, a URL that is not http(s)", () => {
    expect(settle({ SOCIAL_YAHOO_CLIENT_ID: "id" })).toThrow(/SOCIAL_YAHOO_CLIENT_SECRET: set both/);
    vi.unstubAllEnvs();
    expect(settle({ SOCIAL_GOOGLE_TOKEN_URL: "https://idp.example/token" })).toThrow(/SOCIAL_GOOGLE_AUTHORIZATION_URL: set AUTHORIZATION_URL, TOKEN_URL and USERINFO_URL together/);
    vi.unstubAllEnvs();
    expect(
      settle({
        SOCIAL_GOOGLE_ISSUER: "https://idp.example",
        SOCIAL_GOOGLE_AUTHORIZATION_URL: "https://idp.example/a",
        SOCIAL_GOOGLE_TOKEN_URL: "https://idp.example/t",
        SOCIAL_GOOGLE_USERINFO_URL: "https://idp.example/u",
      }),
    ).toThrow(/SOCIAL_GOOGLE_ISSUER: set ISSUER or the three URLs/);
    vi.unstubAllEnvs();
    expect(settle({ SOCIAL_FACEBOOK_ISSUER: "javascript:alert(1)" })).toThrow(/SOCIAL_FACEBOOK_ISSUER/);
  });
});

describe("the coupon game's fixed draw (tests only)", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    resetEnvCache();
  });

  it("is taken with an in-memory database, and every draw is that integer modulo the total weight", async () => {
    const { defaultDraw } = await import("./coupons/game");
    settle({ COUPON_GAME_TEST_DRAW: "130", DATA_DIR: "memory://", DATABASE_URL: "" });
    expect(env().COUPON_GAME_TEST_DRAW).toBe(130);
    const draw = defaultDraw();
    expect([draw(100), draw(1_000), draw(7)]).toEqual([30, 130, 4]);
  });

  it("is refused with a database that keeps its rows (a deployment cannot start with it)", () => {
    settle({ COUPON_GAME_TEST_DRAW: "0", DATA_DIR: "./data", DATABASE_URL: "" });
    expect(() => env()).toThrow(/COUPON_GAME_TEST_DRAW/);
    settle({ COUPON_GAME_TEST_DRAW: "0", DATA_DIR: "memory://", DATABASE_URL: "postgres://app@db:5432/pizza" });
    expect(() => env()).toThrow(/COUPON_GAME_TEST_DRAW/);
  });

  it("unset, plays draw from node:crypto: integers in [0, total), not one fixed value", async () => {
    const { defaultDraw } = await import("./coupons/game");
    settle({ COUPON_GAME_TEST_DRAW: "" });
    const draw = defaultDraw();
    const draws = Array.from({ length: 200 }, () => draw(100));
    expect(draws.every((r) => Number.isInteger(r) && r >= 0 && r < 100)).toBe(true);
    expect(new Set(draws).size).toBeGreaterThan(1);
  });
});

describe("the Adyen settings (issue 13)", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    resetEnvCache();
  });
  const keys = {
    ADYEN_API_KEY: "AQE-key",
    ADYEN_MERCHANT_ACCOUNT: "PizzaDemoMX",
    ADYEN_CLIENT_KEY: "test_ABCDEFGH12345678",
    ADYEN_HMAC_KEY: "44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056",
  };

  it("none set: no online payment and no provider; all four: Adyen's test environment by default", async () => {
    const { providerFromEnv } = await import("./payments");
    expect(providerFromEnv(settle({})())).toBeNull();
    vi.unstubAllEnvs();
    const read = settle(keys);
    expect(read()).toMatchObject({ ADYEN_ENVIRONMENT: "test", ADYEN_CLIENT_KEY: keys.ADYEN_CLIENT_KEY });
    expect(providerFromEnv(read())?.id).toBe("adyen");
  });

  it("refuses some of the four without the others, a key of the other environment, live without its URL prefix, the stand-in in live", () => {
    expect(settle({ ADYEN_API_KEY: "AQE-key" })).toThrow(/ADYEN_API_KEY: set ADYEN_API_KEY, ADYEN_MERCHANT_ACCOUNT, ADYEN_CLIENT_KEY and ADYEN_HMAC_KEY together/);
    vi.unstubAllEnvs();
    expect(settle({ ...keys, ADYEN_CLIENT_KEY: "live_ABCDEFGH12345678" })).toThrow(/ADYEN_CLIENT_KEY: a test client key starts with test_/);
    vi.unstubAllEnvs();
    expect(settle({ ...keys, ADYEN_ENVIRONMENT: "live", ADYEN_CLIENT_KEY: "live_ABCDEFGH12345678" })).toThrow(/ADYEN_LIVE_URL_PREFIX: required/);
    vi.unstubAllEnvs();
    expect(
      settle({ ...keys, ADYEN_ENVIRONMENT: "live", ADYEN_CLIENT_KEY: "live_ABCDEFGH12345678", ADYEN_LIVE_URL_PREFIX: "1797a841fbb37ca7-PizzaMX", ADYEN_ENDPOINT: "https://127.0.0.1:8443" }),
    ).toThrow(/ADYEN_ENDPOINT: the stand-in is for the test environment only/);
    vi.unstubAllEnvs();
    expect(settle({ ...keys, ADYEN_HMAC_KEY: "not-hex" })).toThrow(/ADYEN_HMAC_KEY/);
    vi.unstubAllEnvs();
    expect(settle({ ...keys, ADYEN_WEBHOOK_USERNAME: "adyen" })).toThrow(/ADYEN_WEBHOOK_PASSWORD: set ADYEN_WEBHOOK_USERNAME and ADYEN_WEBHOOK_PASSWORD together/);
  });

  it("live with its prefix is taken", () => {
    const read = settle({ ...keys, ADYEN_ENVIRONMENT: "live", ADYEN_CLIENT_KEY: "live_ABCDEFGH12345678", ADYEN_LIVE_URL_PREFIX: "1797a841fbb37ca7-PizzaMX" });
    expect(read()).toMatchObject({ ADYEN_ENVIRONMENT: "live", ADYEN_LIVE_URL_PREFIX: "1797a841fbb37ca7-PizzaMX" });
  });
});
