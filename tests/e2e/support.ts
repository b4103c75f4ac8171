import { expect, type Page } from "@playwright/test";

/** Carry-out at an outlet from the home page's list; lands on the menu. */
export async function chooseCarryout(page: Page, outlet = "Roma Norte") {
  await page.goto("/home");
  await page.getByRole("button", { name: `Recoger en ${outlet}` }).click();
  await expect(page).toHaveURL(/\/order\/deals\/para-compartir$/);
}

/** A delivery address in Roma Norte; `chooseDelivery` fills it in, with the postal code it is given. */
export const DEFAULT_ADDRESS = {
  street: "Av. Álvaro Obregón",
  number: "130",
  interior: "",
  neighbourhood: "Roma Norte",
  city: "Ciudad de México",
  state: "Ciudad de México",
  reference: "Frente al parque, portón verde",
};
export type DeliveryAddress = typeof DEFAULT_ADDRESS;

/** The delivery address form's fields by their labels (the same form on /home and /localization/:zip). */
export function addressFields(page: Page) {
  const field = (label: string) => page.getByLabel(label, { exact: true });
  return {
    street: field("Calle"),
    number: field("Número exterior"),
    interior: field("Número interior (opcional)"),
    neighbourhood: field("Colonia (opcional)"),
    postalCode: field("Código postal"),
    city: field("Ciudad o alcaldía"),
    state: field("Estado"),
    reference: field("Referencia (entre qué calles, color de la fachada…)"),
    submit: page.getByRole("button", { name: "Entregar en esta dirección" }),
  };
}

/** Fills the delivery address form on the current page and sends it. */
export async function fillAddress(page: Page, postalCode: string, address: Partial<DeliveryAddress> = {}) {
  const fields = addressFields(page);
  const values = { ...DEFAULT_ADDRESS, ...address };
  for (const name of ["street", "number", "interior", "neighbourhood", "city", "state", "reference"] as const) {
    await fields[name].fill(values[name]);
  }
  await fields.postalCode.fill(postalCode);
  await fields.submit.click();
}

/** Delivery from the home page to a postal code, at a default address in it unless told otherwise. */
export async function chooseDelivery(page: Page, postalCode: string, address: Partial<DeliveryAddress> = {}) {
  await page.goto("/home");
  await fillAddress(page, postalCode, address);
}

/** Adds a pizza from the classic pizzas with a size-and-crust option (its visible label). */
export async function addPizza(page: Page, name: string, option: string) {
  await page.goto("/order/pizzas/clasicas");
  const card = page.getByRole("article", { name });
  await card.getByLabel("Tamaño y orilla").selectOption({ label: option });
  await card.getByRole("button", { name: `Agregar ${name}` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Producto agregado al carrito." })).toBeVisible();
}

export function cart(page: Page) {
  return page.getByRole("complementary", { name: "Tu carrito" });
}
