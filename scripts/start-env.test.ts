import { describe, expect, it } from "vitest";
import { startEnv } from "./start-env.mjs";

describe("npm start's environment", () => {
  it("a demo (no SESSION_SECRET given) gets the demo customer and /outbox, production mode and ./data", () => {
    expect(startEnv({})).toMatchObject({
      NODE_ENV: "production",
      PORT: "3000",
      DATA_DIR: "./data",
      COOKIE_SECURE: "false",
      SEED_DEMO_CUSTOMER: "true",
      DEMO_OUTBOX: "true",
    });
  });

  it("a deployment (its SESSION_SECRET given) gets neither the public demo customer nor /outbox, unless asked by name", () => {
    const deployed = startEnv({ SESSION_SECRET: "s3cret", PORT: "8080" });
    expect(deployed.SEED_DEMO_CUSTOMER).toBeUndefined();
    expect(deployed.DEMO_OUTBOX).toBeUndefined();
    expect(deployed.PORT).toBe("8080");
    expect(startEnv({ SESSION_SECRET: "s3cret", DEMO_OUTBOX: "true" }).DEMO_OUTBOX).toBe("true");
    // what is given is kept, demo or not
    expect(startEnv({ DEMO_OUTBOX: "false", DATA_DIR: "" }).DEMO_OUTBOX).toBe("false");
    expect(startEnv({ DATA_DIR: "" }).DATA_DIR).toBe("./data");
  });
});
