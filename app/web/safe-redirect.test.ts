import { describe, expect, it } from "vitest";
import { safeBackPath } from "~/web/safe-redirect";

describe("safeBackPath", () => {
  it.each([
    ["/order/pizzas/clasicas", "/order/pizzas/clasicas"],
    ["/order?dialog=order-time&day=2026-11-21", "/order?dialog=order-time&day=2026-11-21"],
    ["/tracker-order/abc#steps", "/tracker-order/abc#steps"],
    ["/huts?q=coyoac%C3%A1n", "/huts?q=coyoac%C3%A1n"],
  ])("keeps a path of this site: %s", (value, expected) => {
    expect(safeBackPath(value, "/home")).toBe(expected);
  });

  it.each([
    ["another host", "https://evil.example/"],
    ["a protocol-relative URL", "//evil.example"],
    ["a backslash", "/\\evil.example"],
    ["a TAB that Chromium drops (/\\t/ is //)", "/\t/evil.example"],
    ["a LF", "/\n/evil.example"],
    ["a CR LF (header injection)", "/home\r\nSet-Cookie: x=1"],
    ["a NUL", "/\u0000/evil.example"],
    ["a space", "/ /evil.example"],
    ["a relative path", "order"],
    ["javascript:", "javascript:alert(1)"],
    ["a path climbing up", "/order/../../etc"],
    ["an empty value", ""],
    ["a file instead of text", new File(["x"], "x.txt")],
    ["nothing", null],
    ["a very long path", `/${"a".repeat(600)}`],
    ["a dot segment that normalises to //host", "/.//evil.example/path"],
    ["an encoded dot segment that normalises to //host", "/%2e//evil.example"],
    ["encoded dot-dot segments", "/%2e%2e//evil.example"],
    ["several dot segments", "/././/evil.example?x=1"],
  ])("falls back for %s", (_name, value) => {
    expect(safeBackPath(value as FormDataEntryValue | null, "/home")).toBe("/home");
  });
});
