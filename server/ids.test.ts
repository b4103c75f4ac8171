import { describe, expect, it } from "vitest";
import { INT4_MAX, isUuid, rowIdOf } from "./ids";

describe("ids at the edge", () => {
  it("a row id is a Postgres int4 from 1 up", () => {
    expect(rowIdOf("1")).toBe(1);
    expect(rowIdOf(String(INT4_MAX))).toBe(INT4_MAX);
    for (const bad of ["0", "-1", "2147483648", "1e20", "1.5", " 1", "0x10", "", "99999999999", null, 7]) expect(rowIdOf(bad)).toBeNull();
  });

  it("a uuid is 8-4-4-4-12 hex digits", () => {
    expect(isUuid("6f1c2a9e-4b7d-4e0a-9c55-3d2f8b1e7a40")).toBe(true);
    for (const bad of ["not-a-uuid", "------------------------------------", "6f1c2a9e4b7d4e0a9c553d2f8b1e7a40", "6f1c2a9e-4b7d-4e0a-9c55-3d2f8b1e7a4g", ""]) {
      expect(isUuid(bad), bad).toBe(false);
    }
  });
});
