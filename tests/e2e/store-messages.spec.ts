import { expect, test } from "@playwright/test";
import { csrfOf, signInToStore, STAFF } from "./support";

/**
 * The managers' customer-care inbox (/store/messages, issue 14), JavaScript on and off: a customer's message from
 * /contact is found with the filters (a GET form), opened, and marked handled (a plain post with the CSRF token: 303
 * back with a notice); it then lists as handled. Staff who are not managers see no way to it and get a 403.
 */
const tag = (name: string) => `${name}-${test.info().project.name}-${test.info().retry}`;

test("a manager finds a customer's message with the filters, opens it and marks it handled; a clerk gets a 403", async ({ page, browser }) => {
  // A visitor of its own: the contact form's limits count per address (the e2e server trusts X-Forwarded-For from loopback).
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": `10.215.${process.pid & 255}.${test.info().project.name === "js-on" ? 1 : 2}` });
  const sender = `Inés ${tag("buzon")}`;
  await page.goto("/contact");
  const sent = await page.request.post("/contact", {
    form: { csrf: await csrfOf(page), name: sender, email: `${tag("ines")}@correo.mx`, phone: "5587654321", outlet: "none", message: `La página de ${tag("msg")} no carga en mi teléfono.`, website: "" },
    maxRedirects: 0,
  });
  expect(sent.status()).toBe(303);

  await signInToStore(page, STAFF.gerencia);
  await page.getByRole("navigation", { name: "Consola" }).getByRole("link", { name: "Mensajes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Mensajes de clientes" })).toBeVisible();
  await page.getByLabel("Tipo").selectOption({ label: "Contacto" });
  await page.getByLabel("Estado").selectOption({ label: "Pendiente" });
  await page.getByLabel("Sucursal").selectOption({ label: "Sin sucursal" });
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/\/store\/messages\?kind=contact&state=open&outlet=none$/);
  const row = page.getByRole("row").filter({ hasText: sender });
  await expect(row.getByRole("cell", { name: "Pendiente" })).toBeVisible();
  await row.getByRole("link", { name: new RegExp(`Abrir: Contacto de ${sender}`) }).click();

  await expect(page.getByRole("heading", { level: 1, name: /^Mensaje de contacto \d+$/ })).toBeVisible();
  await expect(page.getByText(`La página de ${tag("msg")} no carga en mi teléfono.`)).toBeVisible();
  await expect(page.getByRole("link", { name: `${tag("ines")}@correo.mx` })).toHaveAttribute("href", `mailto:${tag("ines")}@correo.mx`);
  await expect(page.getByText("Pendiente: nadie lo ha atendido todavía.")).toBeVisible();
  await page.getByRole("button", { name: "Marcar como atendido" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Mensaje marcado como atendido." })).toBeVisible();
  await expect(page.getByText(/^Atendido por Marta Gerencia el /)).toBeVisible();
  await expect(page.getByRole("button", { name: "Marcar como pendiente" })).toBeVisible();

  await page.goto("/store/messages?kind=contact&state=handled");
  await expect(page.getByRole("row").filter({ hasText: sender }).getByRole("cell", { name: "Atendido" })).toBeVisible();
  await page.goto("/store/messages?kind=contact&state=open");
  await expect(page.getByRole("row").filter({ hasText: sender })).toHaveCount(0);

  const other = await browser.newContext();
  const clerk = await other.newPage();
  await signInToStore(clerk, STAFF.roma);
  await expect(clerk.getByRole("link", { name: "Mensajes" })).toHaveCount(0);
  expect((await clerk.goto("/store/messages"))?.status()).toBe(403);
  await other.close();
});
