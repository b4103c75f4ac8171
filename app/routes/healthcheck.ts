import { databaseHealthy } from "~/web/health.server";

/** For the container's HEALTHCHECK and load balancers: 200 when the app and its database answer. */
export async function loader() {
  const ok = await databaseHealthy();
  return new Response(ok ? "OK" : "DATABASE UNAVAILABLE", {
    status: ok ? 200 : 503,
    headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" },
  });
}
