import { expect, test, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { smsTo } from "./inbox";

/**
 * The profile's changes as the demo customer makes them (issue 11), with and without JavaScript: sign in, edit the
 * details, change the phone with the code the SMS provider received (tests/support/e2e-server.mjs), download the
 * data. Each project changes the phone to a number of its own (both run against one server and one database).
 */
const DEMO = { email: "cliente@demo.example", password: "Pizza*2026" };

async function signIn(page: Page, back: string) {
  await page.goto(back);
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel("Correo electrónico").fill(DEMO.email);
  await page.getByLabel("Contraseña", { exact: true }).fill(DEMO.password);
  await page.locator("main").getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page).toHaveURL(new RegExp(`${back}$`));
}

test("the demo customer edits the profile, changes the phone with an SMS code and downloads the data", async ({ page }, testInfo) => {
  const js = testInfo.project.name === "js-on";
  const newPhone = js ? "5587654321" : "5587650000";
  await signIn(page, "/edit-profile");
  await expect(page.getByRole("heading", { level: 1, name: "Editar mi perfil" })).toBeVisible();

  // The details: a required name left empty is refused beside the field, then saved.
  const details = page.getByRole("region", { name: "Mis datos" });
  await details.getByLabel("Nombre", { exact: true }).fill("");
  await details.getByRole("button", { name: "Guardar mis datos" }).click();
  await expect(details.getByText("Este campo es obligatorio.")).toBeVisible();
  await details.getByLabel("Nombre", { exact: true }).fill(js ? "Ana María" : "Ana Sofía");
  await details.getByLabel("Mes").selectOption({ label: "junio" });
  await details.getByRole("button", { name: "Guardar mis datos" }).click();
  await expect(page.getByText("Guardamos tu perfil.")).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);

  // The phone: a code to the new number, read from the SMS provider's stand-in; a wrong one first.
  await page.goto("/edit-profile");
  const phone = page.getByRole("region", { name: "Teléfono" });
  await phone.getByLabel("Nuevo teléfono").fill(newPhone);
  await phone.getByRole("button", { name: "Enviar código" }).click();
  await expect(page.getByText(/Te enviamos un código por SMS/)).toBeVisible();
  const sms = await smsTo(newPhone);
  const code = /(\d{6})/.exec(sms.text)![1]!;
  const codeField = phone.getByLabel(/Código que enviamos al/);
  await codeField.fill(code === "000000" ? "111111" : "000000");
  await phone.getByRole("button", { name: "Confirmar y cambiar mi teléfono" }).click();
  await expect(phone.getByText("El código no es correcto o ya venció.")).toBeVisible();
  await codeField.fill(code);
  await phone.getByRole("button", { name: "Confirmar y cambiar mi teléfono" }).click();
  await expect(page.getByText("Tu teléfono cambió.")).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);

  // The data, as a JSON file.
  await page.goto("/edit-profile");
  await expect(page.getByRole("region", { name: "Teléfono" }).getByText(newPhone.replace(/^(\d{2})(\d{4})(\d{4})$/, "$1 $2 $3"))).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Descargar mis datos (JSON)" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^pizza-hut-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync((await download.path())!, "utf8"));
  expect(data.profile).toMatchObject({ email: DEMO.email, phone: newPhone });
  expect(JSON.stringify(data)).not.toContain("argon2");
});
