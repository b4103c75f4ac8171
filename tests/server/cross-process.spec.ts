import { expect, test } from "@playwright/test";
import pg from "pg";
import { demoStaff } from "../../server/db/seed/staff";
import { startApp, type AppProcess } from "../support/app-process";
import { eventReader, type ServerEvent } from "../support/events";
import { Shopper } from "../support/shopper";

/**
 * Several app processes on one Postgres (issue 15, point 3): two built servers (scripts/serve.mjs build/index.js,
 * each its own process, as two workers of the cluster or two machines) on one fresh schema. A customer orders through
 * process A, the tracker's event stream is held open on process B, and a member of staff moves the order through A's
 * store console: B's stream must send the new status (A's move NOTIFYs through Postgres; B's watcher LISTENs).
 * Every step waits on its condition (an answer, the next event), never on time.
 */
const url = process.env.TEST_DATABASE_URL;

// Two processes on one database need a real database server (CI's .ci/run sets TEST_DATABASE_URL).
if (url) {
  test.describe("two app processes on one Postgres", () => {
    test.describe.configure({ mode: "serial" });
    let admin: pg.Client;
    const schema = `two_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
    const apps: AppProcess[] = [];

    test.beforeAll(async () => {
      admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
    });
    test.afterAll(async () => {
      await Promise.all(apps.map((app) => app.stop()));
      await admin?.query(`drop schema if exists ${schema} cascade`);
      await admin?.end();
    });

    /** The built server on the test's schema; both migrate and seed it at start (one after the other: a lock). */
    async function started(): Promise<AppProcess> {
      const databaseUrl = new URL(url!);
      databaseUrl.searchParams.set("options", `-c search_path=${schema}`);
      const app = await startApp({ DATABASE_URL: databaseUrl.toString() });
      apps.push(app);
      return app;
    }

    const state = (event: ServerEvent | null) => JSON.parse(event?.data ?? "null") as { status: number; stage: string; final: boolean };

    test("a status moved through process A reaches the tracker's event stream held by process B", async () => {
      // Both start at once: the start lock makes one migrate and seed, the other find it done.
      const [a, b] = await Promise.all([started(), started()]);
      await Promise.all([a.health(), b.health()]);
      expect(a.child.pid).not.toBe(b.child.pid);

      const order = await new Shopper(a.base).placeCarryoutOrder("Dos procesos");

      const controller = new AbortController();
      const stream = await fetch(`${b.base}/tracker-order/${order.uuid}/events`, { headers: { accept: "text/event-stream" }, signal: controller.signal });
      expect(stream.status).toBe(200);
      expect(stream.headers.get("content-type")).toContain("text/event-stream");
      const events = eventReader(stream.body!);
      try {
        const first = await events.nextEvent();
        expect(first.event?.event).toBe("status");
        expect(state(first.event)).toMatchObject({ status: 3, stage: "received", final: false });

        // The store's staff, through process A's console (the demo staff member of the order's outlet).
        const staff = new Shopper(a.base);
        const roma = demoStaff[0]!;
        expect((await staff.request("GET", "/store/login")).status).toBe(200);
        const signedIn = await staff.request("POST", "/store/login", { email: roma.email, password: roma.password });
        expect(signedIn.status, signedIn.text.slice(0, 300)).toBe(303);
        const moved = await staff.request("POST", "/store?index", { intent: "status", order: order.uuid, from: "3", to: "5" });
        expect(moved.status, moved.text.slice(0, 300)).toBe(303);

        const next = await events.nextEvent();
        expect(next.event?.event).toBe("status");
        expect(state(next.event)).toMatchObject({ status: 5, stage: "cooking", final: false });
      } finally {
        controller.abort();
        await events.cancel().catch(() => undefined);
      }
    });
  });
}
