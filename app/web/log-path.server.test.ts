import { describe, expect, it } from "vitest";
import { loggedPath } from "~/web/log-path.server";

describe("loggedPath", () => {
  it.each([
    ["/setnewpassword/Y0r2ZRLWEpy-2ySFaHbpIn2wmC4AHcUZoQlyHt-x8Fs", "/setnewpassword/…"],
    ["/confirmation/abc123", "/confirmation/…"],
    ["/email-change/abc123", "/email-change/…"],
    ["/tracker-order/6beeff1f-8c58-53b9-bfe7-3e4497883ee7", "/tracker-order/…"],
    ["/tracker-order/6beeff1f-8c58-53b9-bfe7-3e4497883ee7/events", "/tracker-order/…/events"],
    ["/crs/order/6beeff1f-8c58-53b9-bfe7-3e4497883ee7", "/crs/order/…"],
    ["/payment-status/Qm9vLXRyYW5zYWN0aW9uMQ?unconfirmed=1", "/payment-status/…?unconfirmed=…"],
    ["/adyen/checkout/Qm9vLXRyYW5zYWN0aW9uMQ/return?redirectResult=X3XtfGC9", "/adyen/checkout/…/return?redirectResult=…"],
    ["/credit-payment/Qm9vLXRyYW5zYWN0aW9uMQ/aHR0cHM6", "/credit-payment/…/…"],
    // the router matches case-insensitively and percent-decoded: so does the log
    ["/Tracker-Order/6beeff1f-8c58-53b9-bfe7-3e4497883ee7", "/Tracker-Order/…"],
    ["/%74racker-order/6beeff1f-8c58-53b9-bfe7-3e4497883ee7", "/%74racker-order/…"],
  ])("hides the secret of %s", (url, logged) => {
    expect(loggedPath(url)).toBe(logged);
  });

  it.each([
    ["/order/pizzas/clasicas", "/order/pizzas/clasicas"],
    ["/tracker-order", "/tracker-order"],
    ["/home", "/home"],
    ["/login?redirectTo=%2Fhistory", "/login?redirectTo=…"],
    ["/order/pizzas?_data=routes%2Forder&day=2026-11-21", "/order/pizzas?_data=…&day=…"],
    ["/%ZZ?x=%ZZ", "/%ZZ?x=…"],
    ["/checkout#form", "/checkout"],
  ])("keeps what is no secret of %s, and only the names of a query", (url, logged) => {
    expect(loggedPath(url)).toBe(logged);
  });
});
