import { expect, test } from "@playwright/test";
import pg from "pg";
import { startApp, type AppProcess } from "../support/app-process";
import { Shopper } from "../support/shopper";
import { TcpProxy } from "../support/tcp-proxy";

/**
 * The built server on a real Postgres that goes away (issue 9): the app reaches the database through a TCP proxy
 * the test controls (tests/support/tcp-proxy.ts), so it can cut and refuse connections as a restart, a failover or
 * a network fault would. The server must never exit, must answer 503 (the translated page, and /healthcheck)
 * while the database is unreachable, never a 500, must come back by itself, and must lose no order it confirmed.
 * The figures (errors during, seconds to recover, orders lost) are printed for the report.
 */
const url = process.env.TEST_DATABASE_URL;

// A real database server is needed (CI's .ci/run sets TEST_DATABASE_URL); PGlite cannot be taken away.
if (url) {
  test.describe("the app when its database goes away", () => {
    test.describe.configure({ mode: "serial" });
    const target = new URL(url);
    let admin: pg.Client;
    let proxy: TcpProxy;
    const schemas: string[] = [];

    test.beforeAll(async () => {
      admin = new pg.Client({ connectionString: url });
      await admin.connect();
      proxy = await TcpProxy.reserve({ host: target.hostname, port: Number(target.port || 5432) });
    });
    test.afterAll(async () => {
      await proxy?.stop();
      for (const schema of schemas) await admin.query(`drop schema if exists ${schema} cascade`);
      await admin?.end();
    });

    /** A fresh schema and the app's DATABASE_URL for it, through the proxy, under its own application_name. */
    async function database(): Promise<{ schema: string; databaseUrl: string }> {
      const schema = `resilience_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
      await admin.query(`create schema ${schema}`);
      schemas.push(schema);
      const app = new URL(url!);
      app.hostname = "127.0.0.1";
      app.port = String(proxy.port);
      app.searchParams.set("options", `-c search_path=${schema}`);
      app.searchParams.set("application_name", schema);
      return { schema, databaseUrl: app.toString() };
    }

    /** Runs `work` against the built server on that database, and stops the server whatever happens. */
    async function withApp(databaseUrl: string, work: (app: AppProcess) => Promise<void>): Promise<void> {
      const app = await startApp({ DATABASE_URL: databaseUrl });
      try {
        await work(app);
      } finally {
        await app.stop();
      }
    }

    /** Orders of these uuids in the schema: the ones the app confirmed must all be there. */
    async function stored(schema: string, uuids: string[]): Promise<number> {
      if (uuids.length === 0) return 0;
      const { rows } = await admin.query(`select count(*)::int as n from ${schema}.orders where uuid = any($1::uuid[])`, [uuids]);
      return rows[0].n as number;
    }

    /** Shoppers browsing and ordering until told to stop; every answer's status is counted. */
    function traffic(base: string) {
      const statuses = new Map<number, number>();
      const confirmed: string[] = [];
      let running = true;
      const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
      const shopper = async () => {
        while (running) {
          const customer = new Shopper(base);
          try {
            const order = await customer.placeCarryoutOrder("Carga");
            confirmed.push(order.uuid);
            count(303);
          } catch (error) {
            const status = Number(/answered (\d{3})/.exec((error as Error).message)?.[1] ?? 0);
            count(status);
          }
          const menu = await customer.page("/order/pizzas/clasicas").catch(() => ({ status: 0 }));
          count(menu.status);
        }
      };
      const runners = [shopper(), shopper()];
      return {
        statuses,
        confirmed,
        async stop() {
          running = false;
          await Promise.all(runners);
        },
      };
    }

    test("connections terminated mid-traffic (pg_terminate_backend): no crash, no 500, no order lost, then orders again", async () => {
      await proxy.start();
      const { schema, databaseUrl } = await database();
      await withApp(databaseUrl, async (app) => {
        await app.health();
        const load = traffic(app.base);
        await expect.poll(() => load.confirmed.length).toBeGreaterThanOrEqual(3);
        const { rows } = await admin.query("select pg_terminate_backend(pid) as done from pg_stat_activity where application_name = $1", [schema]);
        const terminated = rows.filter((r) => r.done).length;
        expect(terminated).toBeGreaterThan(0);
        const before = load.confirmed.length;
        await expect.poll(() => load.confirmed.length).toBeGreaterThanOrEqual(before + 3);
        await load.stop();
        expect(app.alive()).toBe(true);
        expect(load.statuses.get(500) ?? 0).toBe(0);
        const order = await new Shopper(app.base).placeCarryoutOrder("Después");
        const confirmed = [...load.confirmed, order.uuid];
        const lost = confirmed.length - (await stored(schema, confirmed));
        expect(lost).toBe(0);
        console.log(
          `[resilience] terminated ${terminated} connection(s) mid-traffic: ${confirmed.length} orders confirmed, ${lost} lost, ` +
            `answers ${JSON.stringify(Object.fromEntries(load.statuses))}`,
        );
      });
    });

    test("started while the database refuses connections: 503 pages and health, then up by itself once it answers", async () => {
      await proxy.stop();
      const { schema, databaseUrl } = await database();
      await withApp(databaseUrl, async (app) => {
        await app.health(503);
        const health = await fetch(`${app.base}/healthcheck`);
        expect(await health.text()).toBe("DATABASE UNAVAILABLE");
        const page = await fetch(`${app.base}/home`);
        expect(page.status).toBe(503);
        expect(page.headers.get("retry-after")).toBe("30");
        const html = await page.text();
        expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toBe("Volvemos en un momento · Horno Rojo Pizza");
        expect(html).toContain("Tu carrito está a salvo");
        expect(app.alive()).toBe(true);
        const back = Date.now();
        await proxy.start();
        await app.health(200);
        const seconds = (Date.now() - back) / 1000;
        const order = await new Shopper(app.base).placeCarryoutOrder("Recuperado");
        expect(await stored(schema, [order.uuid])).toBe(1);
        console.log(`[resilience] refused at start: up ${seconds.toFixed(1)} s after the database answered (migrated and seeded then)`);
      });
    });

    test("an outage in the middle (every connection cut, then refused): 503s, no crash, recovery, no order lost", async () => {
      await proxy.start();
      const { schema, databaseUrl } = await database();
      await withApp(databaseUrl, async (app) => {
        await app.health();
        const load = traffic(app.base);
        await expect.poll(() => load.confirmed.length).toBeGreaterThanOrEqual(2);
        await proxy.stop();
        await app.health(503);
        const during = await fetch(`${app.base}/order/pizzas/clasicas`);
        expect(during.status).toBe(503);
        const cut = load.confirmed.length;
        await proxy.start();
        const back = Date.now();
        await app.health(200);
        const seconds = (Date.now() - back) / 1000;
        await expect.poll(() => load.confirmed.length).toBeGreaterThanOrEqual(cut + 2);
        await load.stop();
        expect(app.alive()).toBe(true);
        expect(load.statuses.get(500) ?? 0).toBe(0);
        const lost = load.confirmed.length - (await stored(schema, load.confirmed));
        expect(lost).toBe(0);
        console.log(
          `[resilience] outage: ${load.statuses.get(503) ?? 0} answers 503 during it, healthy ${seconds.toFixed(1)} s after the database came back, ` +
            `${load.confirmed.length} orders confirmed, ${lost} lost, answers ${JSON.stringify(Object.fromEntries(load.statuses))}`,
        );
      });
    });
  });
}
