import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { registered } from "./accounts";
import { linkIn, mailTo, smsTo } from "./inbox";

/**
 * The profile's changes (issue 11), with JavaScript on and off. The demo customer signs in and edits the profile,
 * then downloads the data; the changes that allow one try a minute (the clock is pinned: that minute never ends)
 * are made by an account each run registers: the phone with the code the SMS provider received
 * (tests/support/e2e-server.mjs), the email with the link real SMTP delivered, and at last the account's deletion.
 */
const DEMO = { email: "cliente@pizzademo.mx", password: "Pizza*2026" };
const PASSWORD = "Horno*Lento7";

const unique = (project: string) => `${project}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
/** A 10-digit phone of this run's own (the SMS inbox is shared by every test). */
const uniquePhone = () => `55${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
const spaced = (phone: string) => phone.replace(/^(\d{2})(\d{4})(\d{4})$/, "$1 $2 $3");

test("the demo customer signs in, edits the profile and downloads the data", async ({ page }) => {
  // Other specs read the demo customer too (its name at checkout, its places): both projects save the same
  // details, so whichever runs first, every reader sees the same account.
  await page.goto("/edit-profile");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fedit-profile$/);
  await page.getByLabel("Correo electrónico").fill(DEMO.email);
  await page.getByLabel("Contraseña", { exact: true }).fill(DEMO.password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page).toHaveURL(/\/edit-profile$/);
  await expect(page.getByRole("heading", { level: 1, name: "Editar mi perfil" })).toBeVisible();

  // A required name left empty is refused beside the field; then the details are saved.
  const details = page.getByRole("region", { name: "Mis datos" });
  await expect(details.getByLabel("Año")).toHaveValue("1990");
  await details.getByLabel("Nombre", { exact: true }).fill("");
  await details.getByRole("button", { name: "Guardar mis datos" }).click();
  await expect(details.getByText("Este campo es obligatorio.")).toBeVisible();
  await details.getByLabel("Nombre", { exact: true }).fill("Ana");
  await details.getByLabel("Mes").selectOption("6");
  await details.getByRole("button", { name: "Guardar mis datos" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText("Guardamos tu perfil.")).toBeVisible();
  await expect(page.getByText("17 de junio de 1990")).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Descargar mis datos" }).click()]);
  expect(download.suggestedFilename()).toBe("horno-rojo-pizza-mis-datos-2026-11-20.json");
  const data = JSON.parse(readFileSync((await download.path())!, "utf8"));
  expect(data.profile).toMatchObject({ email: DEMO.email, lastName: "López" });
  expect(data.places).toContainEqual(expect.objectContaining({ name: "Casa", postalCode: "06700" }));
  expect(data.loyaltyCard.number).toMatch(/^\d{15}$/);
  expect(JSON.stringify(data)).not.toMatch(/argon2|hash/i);
});

test("a customer changes the phone with the SMS code and the email with the mailed link, then deletes the account", async ({ page }, testInfo) => {
  const run = unique(testInfo.project.name);
  const email = `perfil.${run}@correo.mx`;
  const newEmail = `nuevo.${run}@correo.mx`;
  const newPhone = uniquePhone();
  await registered(page, email, PASSWORD);

  // The phone: a code to the new number, read where the SMS provider keeps it; a wrong code first.
  await page.goto("/edit-profile");
  const phone = page.getByRole("region", { name: "Teléfono" });
  await phone.getByLabel("Nuevo teléfono").fill(newPhone);
  await phone.getByRole("button", { name: "Enviar código" }).click();
  await expect(page.getByText(`Te enviamos un código por SMS al ${spaced(newPhone)}.`)).toBeVisible();
  const code = /(\d{6})/.exec((await smsTo(newPhone)).text)![1]!;
  const codeField = phone.getByLabel(`Código que enviamos al ${spaced(newPhone)}`);
  // Another code asked for too soon is refused, and the code already sent can still be typed.
  await phone.getByLabel("Nuevo teléfono").fill(newPhone);
  await phone.getByRole("button", { name: "Enviar otro código" }).click();
  await expect(page.getByText(/Ya te enviamos un código o un enlace hace menos de un minuto/)).toBeVisible();
  await expect(codeField).toBeVisible();
  await codeField.fill(code === "000000" ? "111111" : "000000");
  await phone.getByRole("button", { name: "Confirmar y cambiar mi teléfono" }).click();
  await expect(phone.getByText("El código no es correcto o ya venció.")).toBeVisible();
  await codeField.fill(code);
  await phone.getByRole("button", { name: "Confirmar y cambiar mi teléfono" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText("Tu teléfono cambió.")).toBeVisible();
  await expect(page.getByText(spaced(newPhone), { exact: true })).toBeVisible(); // as the edit page writes it

  // The email: the current password, a link to the new address; the profile shows it pending until followed.
  await page.goto("/edit-profile");
  const mailForm = page.getByRole("region", { name: "Correo electrónico" });
  await mailForm.getByLabel("Nuevo correo").fill(newEmail);
  await mailForm.getByLabel("Tu contraseña actual").fill(PASSWORD);
  await mailForm.getByRole("button", { name: "Enviar enlace de confirmación" }).click();
  await expect(page.getByText(`Te enviamos un enlace a ${newEmail} para confirmar tu nuevo correo.`)).toBeVisible();
  await expect(page.getByText(`Pendiente de confirmar: ${newEmail}.`, { exact: false })).toBeVisible();
  const mail = await mailTo(newEmail, /Confirma tu nuevo correo/);
  await page.goto(linkIn(mail, /https?:\/\/\S+\/email-change\/[A-Za-z0-9_-]{43}/));
  await page.getByRole("button", { name: "Confirmar mi nuevo correo" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText("Tu nuevo correo quedó confirmado.")).toBeVisible();
  await expect(page.getByText(newEmail)).toBeVisible();
  await mailTo(email, new RegExp(`cambi=C3=B3 a ${newEmail.replace(/\./g, "\\.")}|cambió a ${newEmail.replace(/\./g, "\\.")}`));

  // Deleting: a wrong password is refused beside the field; the right one deletes and signs out.
  await page.goto("/account/delete");
  await page.getByLabel("Tu contraseña, para confirmar").fill("Horno*Lento8");
  await page.getByRole("button", { name: "Borrar mi cuenta para siempre" }).click();
  await expect(page.getByText("La contraseña no es correcta.")).toBeVisible();
  await page.getByLabel("Tu contraseña, para confirmar").fill(PASSWORD);
  await page.getByRole("button", { name: "Borrar mi cuenta para siempre" }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText("Borramos tu cuenta y tus datos personales.")).toBeVisible();
  await page.goto("/edit-profile");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fedit-profile$/);
});
