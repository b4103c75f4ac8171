import { afterEach, describe, expect, it, vi } from "vitest";
import { databaseHealthy, HEALTH_TIMEOUT_MS } from "./health.server";

describe("the health check's database check", () => {
  afterEach(() => vi.useRealTimers());

  it("a database that answers is healthy; one that fails is not", async () => {
    expect(await databaseHealthy(async () => undefined)).toBe(true);
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await databaseHealthy(async () => Promise.reject(new Error("refused")))).toBe(false);
  });

  it("a database that never answers (a silent network) is unhealthy after the time limit, not a hang", async () => {
    vi.useFakeTimers();
    vi.spyOn(console, "error").mockImplementation(() => {});
    let settled: boolean | undefined;
    void databaseHealthy(() => new Promise(() => {})).then((healthy) => (settled = healthy));
    await vi.advanceTimersByTimeAsync(HEALTH_TIMEOUT_MS - 1);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(false);
  });
});
