// Customer sign-in under the rate limits: the demo customer signs in with the right password (argon2id at its
// production cost), each post from its own address (X-Forwarded-For; TRUST_PROXY=1) and carrying the known-device
// cookie its first sign-in got, the way a returning customer's browser does. Every post goes through all the
// limits (per address, per account and address, the account's daily budget that a known device passes), the bounded
// hashing queue, a new server-side session and the 303: the p99 of that is the figure issue 11 asks for. Its reference
// is the menu page alone (the menu scenario of the same run).
import { demoCustomer } from "../../server/db/seed/customers";
import { measured, summarize, type Scenario } from "../lib/load";
import type { BenchContext } from "../lib/context";
import { BenchError } from "../lib/report";
import { FORM } from "../lib/storefront";

export async function customerSignInScenario(ctx: BenchContext): Promise<Scenario> {
  const { settings, shop } = ctx;
  const body = shop.withToken(new URLSearchParams({ email: demoCustomer.email, password: demoCustomer.password }).toString());
  // One real sign-in first: the device cookie (and a check that the demo customer exists and signs in).
  const first = await fetch(shop.url("/login"), {
    method: "POST",
    headers: { "content-type": FORM, cookie: shop.withCsrf(""), "x-forwarded-for": "203.0.113.1" },
    body,
    redirect: "manual",
  });
  const device = first.headers.getSetCookie().find((c) => c.startsWith("__device="))?.split(";")[0];
  if (first.status !== 303 || !device) throw new BenchError(`the demo customer's sign-in answered ${first.status}, not 303 with a device cookie`);
  let n = 0;
  const address = () => {
    n += 1;
    return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  };
  console.log(`bench: customer sign-in (${settings.duration} s, ${settings.connections} connections, right password, known device)`);
  const run = await measured(ctx.app.child.pid, {
    url: shop.url("/login"),
    connections: settings.connections,
    pipelining: 1,
    duration: settings.duration,
    method: "POST",
    headers: { "content-type": FORM },
    title: "customer sign-in",
    requests: [{ setupRequest: (req) => ({ ...req, headers: { ...req.headers, cookie: shop.withCsrf(device), "x-forwarded-for": address() }, body }) }],
  });
  return summarize("customer sign-in", "POST /login, the demo customer's right password, a new address each, known device; 303 expected", 303, run);
}
