import { mkdirSync, rmSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { formReady } from "./accounts";
import { E2E_INBOX } from "../../playwright.config";
import { addPizza, MENU_LANDING } from "./support";

/**
 * Saved places, with JavaScript on and off (issue 11, point 7): the demo customer signs in (sent there by the
 * place page), adds a place, edits it, makes it the default, picks it on /home for delivery, and finds the checkout
 * filled from the profile and the place. Both projects run at once as the same customer, so each names its places
 * after itself, and the steps that move the default (one per customer) hold a lock shared by the two workers.
 */
/** The demo customer (server/db/seed/customers.ts): Ana López, 5512345678, with the place "Casa" as the default. */
const DEMO = { email: "cliente@pizzademo.mx", password: "Pizza*2026" };


/** Holds the demo customer's default place for `work`: a directory made atomically is the lock (waited on, never timed). */
async function withDefaultLock(work: () => Promise<void>) {
  const lock = `${E2E_INBOX}-places-lock`;
  await expect
    .poll(() => {
      try {
        mkdirSync(lock);
        return true;
      } catch {
        return false;
      }
    })
    .toBe(true);
  try {
    await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Fills the place form (by its labels) with what is given and saves it. */
async function savePlace(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole("button", { name: "Guardar dirección" }).click();
}

const saved = (page: Page) => page.getByRole("status").filter({ hasText: "Guardamos la dirección." });
const placeItem = (page: Page, name: string) => page.getByRole("listitem").filter({ has: page.getByText(name, { exact: true }) });

test("save a place, edit it, make it the default, deliver to it from /home, checkout prefilled", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.use.javaScriptEnabled !== false;
  // Names of this run's own (the other project, a repeat or a retry saves places of the same customer too).
  const run = `${testInfo.project.name} ${testInfo.repeatEachIndex}${testInfo.retry}`;
  const office = `Oficina ${run}`;
  const work = `Trabajo ${run}`;

  // The place page needs the account: sign-in first, then back to it.
  await page.goto("/add-location?redirectTo=/add-location");
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await formReady(page, javaScript);
  await page.getByLabel("Correo electrónico").fill(DEMO.email);
  await page.getByLabel("Contraseña", { exact: true }).fill(DEMO.password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page).toHaveURL(/\/add-location\?redirectTo=/);
  await expect(page.getByRole("heading", { name: "Nueva dirección" })).toBeVisible();
  await expect(placeItem(page, "Casa")).toBeVisible();

  // Invalid: the message beside its field, nothing saved; then the place, and back where redirectTo says.
  await formReady(page, javaScript);
  await savePlace(page, { "Nombre de la dirección": office, "Código postal": "067" });
  await expect(page.getByText("Escribe un código postal válido de 5 dígitos.")).toBeVisible();
  await savePlace(page, {
    Calle: "Av. Álvaro Obregón",
    "Número exterior": "130",
    "Número interior (opcional)": "4B",
    "Código postal": "06700",
    "Ciudad o alcaldía": "Ciudad de México",
    Estado: "CDMX",
    "Punto de referencia": "Portón verde",
  });
  await expect(page).toHaveURL(/\/add-location$/);
  await expect(saved(page)).toBeVisible();
  await expect(placeItem(page, office)).toContainText("Av. Álvaro Obregón 130 – 4B, 06700 Ciudad de México");
  await expect(placeItem(page, office).getByText("Predeterminada", { exact: true })).toHaveCount(0);

  // Edit it: the form starts from what was saved; without a redirectTo it goes back to the profile.
  await page.getByRole("link", { name: `Editar ${office}` }).click();
  await expect(page.getByRole("heading", { name: "Editar dirección" })).toBeVisible();
  await expect(page.getByLabel("Calle", { exact: true })).toHaveValue("Av. Álvaro Obregón");
  await formReady(page, javaScript);
  await savePlace(page, {
    "Nombre de la dirección": work,
    "Número exterior": "132",
    "Entre calles (opcional)": "Entre Orizaba y Córdoba",
    "Instrucciones para el repartidor (opcional)": "Preguntar en recepción",
  });
  await expect(page).toHaveURL(/\/profile$/);
  await expect(saved(page)).toBeVisible();

  await withDefaultLock(async () => {
    // Make it the default: it is marked, and it is the only one.
    await page.goto("/add-location");
    await page.getByRole("button", { name: `Hacer predeterminada: ${work}` }).click();
    await expect(page).toHaveURL(/\/add-location$/);
    await expect(placeItem(page, work).getByText("Predeterminada", { exact: true })).toBeVisible();
    await expect(page.getByRole("region", { name: "Tus direcciones guardadas" }).getByText("Predeterminada", { exact: true })).toHaveCount(1);

    // /home: one button per place, the default first; the chosen place sets the delivery and opens the menu.
    await page.goto("/home");
    const choices = page.getByRole("region", { name: "Entregar en una dirección guardada" }).getByRole("button");
    await expect(choices.first()).toHaveText(`Entregar en ${work}`);
    await expect(choices.filter({ hasText: "Entregar en Casa" })).toHaveCount(1);
    await choices.first().click();
    await expect(page).toHaveURL(MENU_LANDING);
  });

  // The checkout starts from the profile and the place (its reference and instructions in the comment).
  await addPizza(page, "Hawaiana", "Mediana, Delgada: $189.00");
  await page.goto("/checkout");
  await expect(page.getByText("Código postal: 06700")).toBeVisible();
  await expect(page.getByLabel("Nombre", { exact: true })).toHaveValue("Ana");
  await expect(page.getByLabel("Apellido", { exact: true })).toHaveValue("López");
  await expect(page.getByLabel("Correo electrónico")).toHaveValue(DEMO.email);
  await expect(page.getByLabel("Celular (10 dígitos)")).toHaveValue("5512345678");
  await expect(page.getByLabel("Calle", { exact: true })).toHaveValue("Av. Álvaro Obregón");
  await expect(page.getByLabel("Número exterior", { exact: true })).toHaveValue("132");
  await expect(page.getByLabel("Número interior (opcional)")).toHaveValue("4B");
  await expect(page.getByLabel("Comentarios del pedido (opcional)")).toHaveValue("Entre Orizaba y Córdoba. Preguntar en recepción");
});
