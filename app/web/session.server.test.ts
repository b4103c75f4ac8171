/**
 * session.server.ts builds its cookie storage when it is imported, reading SESSION_SECRET from process.env,
 * so the module is imported once, dynamically, after a secret is set.
 */
type SessionModule = typeof import("~/web/session.server");

let session: SessionModule;
const savedSecret = process.env.SESSION_SECRET;

beforeAll(async () => {
  process.env.SESSION_SECRET = "test";
  session = await import("~/web/session.server");
});

afterAll(() => {
  if (savedSecret === undefined) delete process.env.SESSION_SECRET;
  else process.env.SESSION_SECRET = savedSecret;
});

describe("sessionSecrets", () => {
  it("splits comma-separated secrets and trims them (the first signs, all verify)", () => {
    const [a, b, c] = ["n".repeat(32), "o".repeat(40), "p".repeat(64)];
    expect(session.sessionSecrets({ SESSION_SECRET: `${a}, ${b} ,${c}`, NODE_ENV: "production" })).toEqual([a, b, c]);
  });

  it("a single secret is a list of one; empty items are dropped", () => {
    expect(session.sessionSecrets({ SESSION_SECRET: "only", NODE_ENV: "development" })).toEqual(["only"]);
    expect(session.sessionSecrets({ SESSION_SECRET: " a ,, ,b,", NODE_ENV: "development" })).toEqual(["a", "b"]);
  });

  it("refuses a production secret under 32 characters, an old one kept for rotation too (any of them verifies)", () => {
    expect(() => session.sessionSecrets({ SESSION_SECRET: "x", NODE_ENV: "production" })).toThrow(/at least 32 characters/);
    expect(() => session.sessionSecrets({ SESSION_SECRET: `${"n".repeat(32)},old`, NODE_ENV: "production" })).toThrow(/at least 32 characters/);
    expect(session.sessionSecrets({ SESSION_SECRET: "x", NODE_ENV: "development" })).toEqual(["x"]);
  });

  it.each([undefined, "", " , ,"])("refuses to start in production without a secret (SESSION_SECRET=%j)", (value) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(() => session.sessionSecrets({ NODE_ENV: "production", SESSION_SECRET: value })).toThrow(/SESSION_SECRET/);
    expect(warn).not.toHaveBeenCalled();
  });

  it("in development, without a secret, uses the development secret and warns", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const secrets = session.sessionSecrets({ NODE_ENV: "development" });
    expect(secrets).toHaveLength(1);
    expect(secrets[0]).toMatch(/dev/);
    expect(secrets[0].length).toBeGreaterThan(0);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toMatch(/SESSION_SECRET/);
  });

  it("does not warn when a secret is set", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    session.sessionSecrets({ NODE_ENV: "development", SESSION_SECRET: "s" });
    expect(warn).not.toHaveBeenCalled();
  });

  it("outside production (test, unset NODE_ENV) the development secret is used as well", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const dev = session.sessionSecrets({ NODE_ENV: "development" });
    expect(session.sessionSecrets({ NODE_ENV: "test" })).toEqual(dev);
    expect(session.sessionSecrets({} as NodeJS.ProcessEnv)).toEqual(dev); // NODE_ENV unset
    expect(warn).toHaveBeenCalledTimes(3);
  });
});

describe("sessionStorage", () => {
  it("signs the cookie with the secret and reads back what it wrote", async () => {
    const written = await session.getSession();
    written.set("lng", "en");
    written.set("cartUuid", "3b241101-e2bb-4255-8caf-4136c566a962");
    const setCookie = await session.commitSession(written);
    expect(setCookie).toMatch(/^__pizza=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = setCookie.split(";")[0];
    const read = await session.getSession(cookie);
    expect(read.get("lng")).toBe("en");
    expect(read.get("cartUuid")).toBe("3b241101-e2bb-4255-8caf-4136c566a962");
  });

  it("ignores a cookie whose signature does not match", async () => {
    const written = await session.getSession();
    written.set("lng", "ar");
    const cookie = (await session.commitSession(written)).split(";")[0];
    const [name, value] = cookie.split("=");
    const tampered = `${name}=${value.slice(0, -3)}${value.slice(-3) === "AAA" ? "BBB" : "AAA"}`;
    const read = await session.getSession(tampered);
    expect(read.get("lng")).toBeUndefined();
  });
});
