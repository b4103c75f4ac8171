import { expect, test, type Page } from "@playwright/test";
import { demoIssuedCards } from "../../server/db/seed/demo-cards";
import { formReady, register as registerAt } from "./accounts";
import { linkIn, mailTo } from "./inbox";
import { addPizza, MENU_LANDING } from "./support";

/**
 * Customer accounts, with JavaScript on and off (issue 11): register, confirm the email through the mail that
 * real SMTP delivered, sign out, sign in again (back to the page asked for), save a place, order delivery to it,
 * find the order in the history and reorder it; and reset a forgotten password.
 * Each run registers its own address, so the projects and retries never share an account.
 */
const PASSWORD = "Horno*Lento7";

function uniqueEmail(project: string, what: string) {
  return `${what}.${project}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@correo.mx`;
}

const register = (page: Page, email: string) => registerAt(page, email, PASSWORD);


async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
}

test("register refused: without JavaScript the answer opens at (and focuses) a summary of what to correct, each linked to its field", async ({ page }, testInfo) => {
  await page.goto("/register?redirectTo=%2Fcheckout");
  await formReady(page, testInfo.project.use.javaScriptEnabled !== false);
  await page.getByLabel("Correo electrónico").fill("no-es-correo");
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "Revisa los campos marcados:" });
  if (testInfo.project.use.javaScriptEnabled === false) {
    await expect(page).toHaveURL(/\/register\?redirectTo=%2Fcheckout$/);
    await expect(summary).toBeFocused();
    await expect(summary).toBeInViewport();
    await summary.getByRole("link", { name: /^Correo electrónico: / }).click();
    await expect(page.getByLabel("Correo electrónico")).toBeInViewport();
    await expect(page.getByLabel("Correo electrónico")).toHaveValue("no-es-correo");
  } else {
    // With JavaScript the form checks itself before it posts, and focuses its first field in error.
    await expect(page.getByLabel("Nombre")).toBeFocused();
    await expect(summary).toHaveCount(0);
  }
});

test("register, confirm through the mail, sign out, sign in, save a place, order delivery to it, see it in the history, reorder", async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo.project.name, "rosa");
  await register(page, email);
  // Signed in at once, on the profile, with the email waiting for its confirmation.
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("status").filter({ hasText: `Te enviamos un enlace a ${email}` })).toBeVisible();
  await expect(page.getByText(/Tu correo aún no está confirmado/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Hola, Rosa" })).toBeVisible();

  const mail = await mailTo(email, /Confirma tu correo/);
  await page.goto(linkIn(mail, /https?:\/\/\S+\/confirmation\/[A-Za-z0-9_-]{43}/));
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText("Tu correo quedó confirmado.")).toBeVisible();
  await expect(page.getByText(/Tu correo aún no está confirmado/)).toHaveCount(0);

  await page.getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText("Cerraste sesión.")).toBeVisible();

  // A page that needs the account sends to sign-in and comes back to it.
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
  // Someone without an account yet registers from there and comes back to the same page.
  await expect(page.getByRole("link", { name: "Crea una" })).toHaveAttribute("href", "/register?redirectTo=%2Fprofile");
  // A click before the page's script ran posts the form as a page load, and focus is then the page's own.
  await formReady(page, testInfo.project.use.javaScriptEnabled !== false);
  await signIn(page, email, "Horno*Lento8");
  await expect(page.getByRole("alert")).toHaveText("El correo o la contraseña no son correctos.");
  // With JavaScript the pressed button was disabled while the post went, and focus fell to the body: it goes to
  // the answer (app/components/ui/focus-after-submit.ts). Without, the answer is a new page, read from its top.
  if (testInfo.project.use.javaScriptEnabled !== false) await expect(page.getByRole("alert")).toBeFocused();
  // A try with the password left out is refused at its field, and the last try's message goes (it was not this one's).
  await signIn(page, email, "");
  await expect(page.getByLabel("Contraseña", { exact: true })).toHaveAccessibleDescription(/Este campo es obligatorio/);
  await expect(page.getByText("El correo o la contraseña no son correctos.")).toHaveCount(0);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("heading", { name: "Mi perfil" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  // One way to add a place (the profile's section had its own link beside the list's).
  await expect(page.getByRole("link", { name: /^Agregar (una )?dirección$/ })).toHaveCount(1);

  // A saved place, chosen on /home for delivery; the checkout starts from the profile and the place.
  await page.goto("/add-location");
  await expect(page.getByRole("heading", { name: "Nueva dirección" })).toBeVisible();
  await formReady(page, testInfo.project.use.javaScriptEnabled !== false);
  for (const [label, value] of Object.entries({
    "Nombre de la dirección": "Depa",
    Calle: "Calle Colima",
    "Número exterior": "220",
    "Código postal": "06700",
    "Ciudad o alcaldía": "Ciudad de México",
    Estado: "CDMX",
    "Punto de referencia": "Frente a la panadería",
  })) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
  await page.getByRole("button", { name: "Guardar dirección" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText("Guardamos la dirección.")).toBeVisible();
  await page.goto("/home");
  await page.getByRole("region", { name: "Entregar en una dirección guardada" }).getByRole("button", { name: "Entregar en Depa" }).click();
  await expect(page).toHaveURL(MENU_LANDING);
  await addPizza(page, "Hawaiana", "Mediana, Delgada: $189.00");
  await page.goto("/checkout");
  await expect(page.getByLabel("Nombre", { exact: true })).toHaveValue("Rosa");
  await expect(page.getByLabel("Correo electrónico")).toHaveValue(email);
  await expect(page.getByLabel("Calle", { exact: true })).toHaveValue("Calle Colima");
  await page.getByRole("button", { name: /Hacer pedido por/ }).click();
  await expect(page).toHaveURL(/\/tracker-order\//);
  const number = (await page.getByRole("heading", { level: 1, name: /^Pedido \d+$/ }).textContent())!.replace(/\D/g, "");

  // The order is in the history; reordering puts its pizza back in the cart, priced now.
  await page.getByRole("link", { name: "Mis pedidos" }).click();
  const order = page.getByRole("article").filter({ has: page.getByRole("heading", { name: `Pedido ${number}` }) });
  await expect(order).toContainText("Roma Norte · Entrega a domicilio");
  await expect(order).toContainText("1 × Hawaiana");
  await order.getByRole("button", { name: `Repetir pedido ${number}` }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText("Pusimos tu pedido anterior en el carrito con los precios de hoy.")).toBeVisible();
  await expect(page.getByRole("spinbutton", { name: "Cantidad de Hawaiana" })).toHaveValue("1");
});

test("a forgotten password is reset through the mailed link, once", async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo.project.name, "olvido");
  await register(page, email);
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL(/\/home$/);

  await page.goto("/login");
  await page.getByRole("link", { name: "¿Olvidaste tu contraseña?" }).click();
  await expect(page.getByRole("heading", { name: "Recuperar contraseña" })).toBeVisible();
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByRole("button", { name: "Enviar enlace" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(/Si hay una cuenta con ese correo/)).toBeVisible();

  const link = linkIn(await mailTo(email, /nueva contraseña/), /https?:\/\/\S+\/setnewpassword\/[A-Za-z0-9_-]{43}/);
  await page.goto(link);
  // The old password is refused, and the link stays usable.
  await page.getByLabel("Nueva contraseña").fill(PASSWORD);
  await page.getByLabel("Confirma la contraseña").fill(PASSWORD);
  await page.getByRole("button", { name: "Guardar contraseña" }).click();
  await expect(page.getByText("La nueva contraseña debe ser distinta de la anterior.")).toBeVisible();
  await page.getByLabel("Nueva contraseña").fill("Masa*Madre42");
  await page.getByLabel("Confirma la contraseña").fill("Masa*Madre42");
  await page.getByRole("button", { name: "Guardar contraseña" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText(/Tu contraseña cambió/)).toBeVisible();

  // Spent: the same link now says so.
  await page.goto(link);
  await expect(page.getByRole("alert")).toHaveText(/no es válido, ya se usó o venció/);
});

/**
 * A card the chain issued to the holder `register` types (the demo's tour cards, server/db/seed/customers.ts), this
 * project's own (a card links to one account only).
 */
const loyaltyCardNumber = (project: string) => demoIssuedCards.numbers[project === "js-on" ? 0 : 1]!;

test("the profile's own forms: a new confirmation link waits a minute, a confirmed account links its loyalty card, a place is deleted", async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo.project.name, "tarjeta");
  await register(page, email);
  await expect(page).toHaveURL(/\/profile$/);

  // The link went a moment ago: a second one has to wait (CUS-100007), said on the profile.
  await page.getByRole("button", { name: "Enviar un nuevo enlace de confirmación" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText("Ya te enviamos un código o un enlace hace menos de un minuto. Espera un momento para pedir otro.")).toBeVisible();

  // An unconfirmed account cannot link a card; once confirmed it can, with the account's mobile and birthday.
  await page.goto(linkIn(await mailTo(email, /Confirma tu correo/), /https?:\/\/\S+\/confirmation\/[A-Za-z0-9_-]{43}/));
  await expect(page.getByText("Tu correo quedó confirmado.")).toBeVisible();
  const card = loyaltyCardNumber(testInfo.project.name);
  await page.goto("/loyalty-card");
  await formReady(page, testInfo.project.use.javaScriptEnabled !== false);
  await page.getByLabel("Número de tarjeta (15 dígitos)").fill(card);
  await page.getByLabel("Celular de tu cuenta (10 dígitos)").fill("5512349876");
  await page.getByLabel("Día").selectOption("10");
  await page.getByLabel("Mes").selectOption("3");
  await page.getByLabel("Año").selectOption("1994");
  await page.getByRole("button", { name: "Ligar tarjeta" }).click();
  await expect(page.getByText(/Los datos no coinciden/)).toBeVisible();
  await expect(page.getByLabel("Número de tarjeta (15 dígitos)")).toHaveValue(card); // what was typed stays
  await page.getByLabel("Día").selectOption("9");
  await page.getByRole("button", { name: "Ligar tarjeta" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText("Tu tarjeta de lealtad quedó ligada a tu cuenta.")).toBeVisible();
  await expect(page.getByText(`•••• ${card.slice(-4)}`)).toBeVisible();

  // A saved place, then deleted from the profile's list.
  await page.goto("/add-location");
  await formReady(page, testInfo.project.use.javaScriptEnabled !== false);
  for (const [label, value] of Object.entries({
    "Nombre de la dirección": "Oficina",
    Calle: "Calle Durango",
    "Número exterior": "15",
    "Código postal": "06700",
    "Ciudad o alcaldía": "Ciudad de México",
    Estado: "CDMX",
    "Punto de referencia": "Junto al café",
  })) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
  await page.getByRole("button", { name: "Guardar dirección" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  // Deleting asks first, focused on the question; keeping it changes nothing, deleting deletes
  await page.getByRole("link", { name: "Borrar Oficina" }).click();
  const question = page.getByRole("alertdialog", { name: "¿Borrar «Oficina»?" });
  await expect(question).toBeFocused();
  await expect(question).toContainText("Calle Durango 15");
  await question.getByRole("link", { name: "No borrar" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole("link", { name: "Borrar Oficina" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Borrar Oficina" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText("Borramos la dirección.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Borrar Oficina" })).toHaveCount(0);
});
