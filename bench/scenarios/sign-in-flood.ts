// The menu page while 32 connections flood the store sign-in with wrong passwords for random emails, each from a
// random address (X-Forwarded-For; the server runs with TRUST_PROXY=1), so the per-address limits do not stop them
// and every one reaches the password check (argon2id at its production cost): what the bounded hashing queue
// (server/security/sign-in.ts) is for. Its reference is the menu page alone, measured just before in the same run.
import { randomUUID } from "node:crypto";
import { cannon, measured, statusCounts, summarize, type Scenario } from "../lib/load";
import { rotating, type BenchContext } from "../lib/context";
import { FORM, MENU_PATH } from "../lib/storefront";

const FLOOD_CONNECTIONS = 32;

export interface FloodScenario extends Scenario {
  flood: { requests: number; statusCodes: Record<string, number>; p50: number };
}

export async function signInFloodScenario(ctx: BenchContext, cookie: string): Promise<FloodScenario> {
  const { settings, shop } = ctx;
  const octet = () => Math.floor(Math.random() * 250) + 1;
  console.log(`bench: menu page during a sign-in flood (${settings.duration} s, ${FLOOD_CONNECTIONS} connections of wrong passwords)`);
  const flood = cannon({
    url: shop.url("/store/login"),
    connections: FLOOD_CONNECTIONS,
    pipelining: 1,
    duration: settings.duration,
    method: "POST",
    headers: { "content-type": FORM },
    title: "sign-in flood",
    requests: [
      {
        setupRequest(req) {
          const body = shop.withToken(new URLSearchParams({ email: `${randomUUID()}@flood.example`, password: "not-the-password" }).toString());
          return { ...req, headers: { ...req.headers, cookie: shop.withCsrf(""), "x-forwarded-for": `10.${octet()}.${octet()}.${octet()}` }, body };
        },
      },
    ],
  });
  const menu = await measured(
    ctx.app.child.pid,
    rotating(ctx, { title: "menu (sign-in flood)", path: MENU_PATH, duration: settings.duration, method: "GET", cookies: [cookie] }),
  );
  const flooded = await flood;
  return {
    ...summarize("menu page, sign-in flood", `GET ${MENU_PATH} while POST /store/login is flooded (${FLOOD_CONNECTIONS} connections)`, 200, menu),
    flood: { requests: flooded.requests.total, statusCodes: statusCounts(flooded), p50: flooded.latency.p50 },
  };
}
