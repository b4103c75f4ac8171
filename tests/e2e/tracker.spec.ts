import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { addPizza, chooseCarryout } from "./support";

/** Places a carry-out order at Roma Norte (one Pepperoni) and lands on its tracker; answers its number and url. */
async function placeOrder(page: Page, email: string) {
  await chooseCarryout(page, "Roma Norte");
  await addPizza(page, "Pepperoni", "Grande, Orilla rellena de queso: $274.00");
  await page.goto("/checkout");
  await page.getByLabel("Nombre").fill("Ana");
  await page.getByLabel("Apellido").fill("López");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Celular (10 dígitos)").fill("5512345678");
  await page.getByRole("button", { name: /Hacer pedido por \$274\.00/ }).click();
  await expect(page).toHaveURL(/\/tracker-order\/[0-9a-f-]{36}$/);
  // A client navigation pushes the URL before React draws the tracker: wait for its heading, then read it.
  const heading = page.getByRole("heading", { level: 1, name: /^Pedido \d+$/ });
  await expect(heading).toBeVisible();
  const number = (await heading.textContent())!.match(/^Pedido (\d+)$/)![1];
  return { number, url: new URL(page.url()).pathname };
}

const js = () => test.info().project.name === "js-on";

/** Serious and critical WCAG 2.1 A/AA violations (axe-core runs inside the page: with JavaScript only). */
async function violations(page: Page) {
  if (!js()) return [];
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id);
}

test.describe("the order's summary and tracker", () => {
  test("after placing, the tracker is the order's summary: stage, steps with times, where, when, who, items, totals", async ({ page }) => {
    await placeOrder(page, "ana.summary@correo.mx");
    await expect(page.getByRole("heading", { name: "Pedido recibido", level: 2 })).toBeVisible();
    const steps = page.getByRole("list", { name: "Avance del pedido" });
    await expect(steps.getByRole("listitem")).toHaveText([/^Pedido recibido \(ahora\)\s*13:00$/, "En el horno (pendiente)", "Listo para recoger (pendiente)", "Recogido (pendiente)"]);
    await expect(steps.getByRole("listitem").first()).toHaveAttribute("aria-current", "step");
    // The stage's picture is decorative: the stage is said in the heading.
    await expect(page.locator('img[src="/images/tracker/received.svg"]')).toHaveAttribute("alt", "");
    // It moves when the stage comes, for under 5 s, then stands still (WCAG 2.2.2).
    const moving = await page.locator(".stage-picture").evaluate((picture) => {
      const style = getComputedStyle(picture);
      return { name: style.animationName, seconds: Number.parseFloat(style.animationDuration) * Number(style.animationIterationCount) };
    });
    expect(moving.name).not.toBe("none");
    expect(moving.seconds).toBeLessThanOrEqual(5);

    const summary = page.getByRole("region", { name: "Resumen del pedido" });
    await expect(summary.getByText("Te enviamos la confirmación a a•••@correo.mx.")).toBeVisible();
    const fact = (term: string) => summary.getByRole("term").filter({ hasText: term }).locator("xpath=following-sibling::dd[1]");
    await expect(fact("Para llevar")).toHaveText(/^Roma Norte, /);
    // with the estimate the store sees beside it: placed at 13:00, Roma Norte's 15 minutes for carry-out
    await expect(fact("Hora")).toHaveText("Lo antes posible (aprox. 13:15)");
    await expect(fact("A nombre de")).toHaveText("Ana López");
    await expect(fact("Pago")).toHaveText("Efectivo al recibir");
    await expect(fact("Sucursal").getByRole("link")).toHaveAttribute("href", /^tel:\+52\d{10}$/);
    await expect(summary.getByRole("listitem").filter({ hasText: "1 × Pepperoni" })).toContainText("Grande · Orilla rellena de queso $274.00");
    await expect(summary.getByRole("definition").filter({ hasText: "$274.00" }).first()).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test("with JavaScript the tracker follows the order's event stream; without it the page refreshes itself", async ({ page }) => {
    if (js()) {
      const stream = page.waitForResponse((r) => /\/tracker-order\/[0-9a-f-]{36}\/events$/.test(r.url()));
      const { url } = await placeOrder(page, "ana.live@correo.mx");
      const response = await stream;
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toBe("text/event-stream; charset=utf-8");
      // The events arrive through the production server's compression unbuffered: the first one is readable at once.
      const first = await page.evaluate(async (events) => {
        const controller = new AbortController();
        const body = (await fetch(events, { signal: controller.signal })).body!.getReader();
        let text = "";
        while (!text.includes("event: status")) text += new TextDecoder().decode((await body.read()).value);
        controller.abort();
        return text;
      }, `${url}/events`);
      expect(first).toMatch(/event: status\ndata: \{"status":3,"stage":"received",/);
      // The script-less notice is hidden wherever script runs (html.js, set before the first paint).
      await expect(page.getByText("Esta página se actualiza sola cada 30 segundos.")).toBeHidden();
    } else {
      await placeOrder(page, "ana.live@correo.mx");
      await expect(page.locator('noscript meta[http-equiv="refresh"]')).toHaveAttribute("content", "30");
      await expect(page.getByText("Esta página se actualiza sola cada 30 segundos.")).toBeVisible();
    }
  });

  test("an unknown order says so and offers the lookup (404)", async ({ page }) => {
    const response = await page.goto("/tracker-order/00000000-0000-4000-8000-000000000000");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "No encontramos ese pedido.", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "Buscar otro pedido" }).click();
    await expect(page).toHaveURL(/\/tracking$/);
  });
});

test.describe("the order lookup (/tracking)", () => {
  test("number and email of the order open its tracker; a wrong email does not; an email alone gets the same answer either way", async ({ page }) => {
    const { number, url } = await placeOrder(page, "beto.lookup@correo.mx");
    await page.goto("/tracking");
    await expect(page.getByRole("heading", { name: "Rastrea tu pedido", level: 1 })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    const numberField = page.getByLabel("Número de pedido");
    const emailField = page.getByLabel("Correo electrónico");
    const submit = page.getByRole("button", { name: "Buscar pedido" });

    // Neither, then a number alone: translated messages beside the fields.
    await submit.click();
    await expect(numberField).toHaveAccessibleDescription(/Escribe el número de pedido o tu correo\./);
    await numberField.fill(number);
    await submit.click();
    await expect(emailField).toHaveAccessibleDescription("Escribe también el correo con el que hiciste el pedido.");

    // Another email: not found, and nothing typed is lost.
    await emailField.fill("otra.persona@correo.mx");
    await submit.click();
    await expect(page.getByRole("alert").filter({ hasText: "No encontramos un pedido con ese número y ese correo." })).toBeVisible();
    await expect(numberField).toHaveValue(number);
    await expect(page).toHaveURL(/\/tracking$/);

    // The right email (any case): the order's tracker.
    await emailField.fill("Beto.Lookup@correo.mx");
    await submit.click();
    await expect(page).toHaveURL(new RegExp(`${url}$`));
    await expect(page.getByRole("heading", { name: `Pedido ${number}`, level: 1 })).toBeVisible();

    // An email alone: the same notice for an address with orders and one without.
    for (const email of ["beto.lookup@correo.mx", "nadie@correo.mx"]) {
      await page.goto("/tracking");
      await page.getByLabel("Correo electrónico").fill(email);
      await page.getByRole("button", { name: "Buscar pedido" }).click();
      await expect(page.getByRole("status").filter({ hasText: `Si hay pedidos recientes con ${email}, te enviamos un correo con sus enlaces.` })).toBeVisible();
    }
  });
});
