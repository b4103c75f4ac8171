import { expect, test, type Page } from "@playwright/test";
import { formReady } from "./accounts";
import { mailsTo, mailTo } from "./inbox";
import { csrfOf, pickUpInStore, placeCarryoutOrder } from "./support";

/**
 * Contact and the satisfaction survey (issue 14 point 4), with JavaScript on and off: /contact mails customer care
 * (the e2e server's SMTP stand-in keeps the mail, Reply-To the customer); bad input is answered with the translated
 * messages (a 400 from the server), the honeypot with a success that sends nothing, a flood with a 429; once the
 * store marks an order picked up, its tracker links to the survey, which takes one answer.
 */

/** Each test is a visitor of its own (the e2e server trusts X-Forwarded-For from loopback): the limits count per address. */
let visitors = 0;
async function ownAddress(page: Page) {
  visitors += 1;
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": `10.214.${process.pid & 255}.${(visitors + 10 * test.info().retry) % 250}` });
}

/** An address and words of this test, project and try alone. */
const tag = (name: string) => `${name}-${test.info().project.name}-${test.info().retry}`;

async function fillContact(page: Page, fields: { email: string; message: string; orderNumber?: string }) {
  await page.getByLabel("Nombre").fill("Luis Pérez");
  await page.getByLabel("Correo electrónico").fill(fields.email);
  await page.getByLabel("Teléfono").fill("55 8765 4321");
  await page.getByLabel("Sucursal").selectOption({ label: "Roma Norte" });
  if (fields.orderNumber) await page.getByLabel("Número de pedido (opcional)").fill(fields.orderNumber);
  await page.getByLabel("Mensaje").fill(fields.message);
}

test.describe("contact (/contact)", () => {
  test("the footer leads to the form; a message reaches customer care with the customer as Reply-To, and the page thanks", async ({ page }) => {
    await ownAddress(page);
    await page.goto("/home");
    await page.getByRole("contentinfo").getByRole("link", { name: "Contacto" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("heading", { level: 1, name: "Contacto" })).toBeVisible();
    await formReady(page, test.info().project.name === "js-on");
    const email = `${tag("luis")}@correo.mx`;
    const words = `Felicidades al repartidor ${tag("msg")}, muy amable.`;
    await fillContact(page, { email, message: words, orderNumber: "#100045" });
    await page.getByRole("button", { name: "Enviar mensaje" }).click();
    await expect(page).toHaveURL(/\/contact\?sent=1$/);
    await expect(page.getByRole("heading", { level: 2, name: "¡Gracias por escribirnos!" })).toBeVisible();
    const mail = await mailTo("atencion@pizzademo.mx", new RegExp(words));
    expect(mail).toMatch(new RegExp(`^Reply-To: ${email.replace(/[.]/g, "\\.")}\\s*$`, "mi"));
    expect(mail).toContain("Sucursal: Roma Norte (MX-ROM-01)");
    expect(mail).toContain("Pedido: 100045");
    await page.getByRole("link", { name: "Enviar otro mensaje" }).click();
    await expect(page.getByLabel("Mensaje")).toHaveValue("");
  });

  test("an empty or wrong form gets the translated messages; the server answers it 400", async ({ page }) => {
    await ownAddress(page);
    await page.goto("/contact");
    await formReady(page, test.info().project.name === "js-on");
    await page.getByLabel("Teléfono").fill("123");
    await page.getByLabel("Mensaje").fill("Hola");
    await page.getByRole("button", { name: "Enviar mensaje" }).click();
    await expect(page.getByLabel("Nombre")).toHaveAccessibleDescription("Este campo es obligatorio.");
    await expect(page.getByLabel("Teléfono")).toHaveAccessibleDescription("Escribe un teléfono de 10 a 12 dígitos.");
    await expect(page.getByText("Elige una sucursal de la lista.", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Mensaje")).toHaveAccessibleDescription(/Escribe al menos 10 caracteres\./);
    await expect(page).toHaveURL(/\/contact$/);
    // Without JavaScript the answer opens at a summary of what to correct, each a link to its field (customer review).
    const summary = page.getByRole("alert").filter({ hasText: "Revisa los campos marcados:" });
    if (test.info().project.name === "js-off") {
      await expect(summary).toBeFocused();
      await summary.getByRole("link", { name: /^Teléfono: / }).click();
      await expect(page.getByLabel("Teléfono")).toHaveValue("123");
    } else {
      await expect(page.getByLabel("Nombre")).toBeFocused();
    }
    // what the server says to a post that skips the browser's checks (and in English)
    const csrf = await csrfOf(page);
    const answer = await page.request.post("/contact", { form: { csrf, name: "", email: "x@", phone: "1", outlet: "MX-NOPE", message: "", website: "" } });
    expect(answer.status()).toBe(400);
    const html = await answer.text();
    for (const text of ["Este campo es obligatorio.", "Escribe un correo electrónico válido.", "Escribe un teléfono de 10 a 12 dígitos."]) expect(html).toContain(text);
  });

  test("a filled honeypot is thanked like a person, and nothing reaches customer care", async ({ page }) => {
    await ownAddress(page);
    await page.goto("/contact");
    await formReady(page, test.info().project.name === "js-on");
    const robot = `Compre seguidores baratos ${tag("robot")} ya`;
    await fillContact(page, { email: `${tag("robot")}@correo.mx`, message: robot });
    // People never see it (off screen, hidden from screen readers); a robot fills every input it finds.
    const honeypot = page.locator('input[name="website"]');
    await expect(honeypot).not.toBeInViewport();
    await honeypot.evaluate((input: HTMLInputElement) => {
      input.value = "http://spam.example";
    });
    await page.getByRole("button", { name: "Enviar mensaje" }).click();
    await expect(page).toHaveURL(/\/contact\?sent=1$/);
    await expect(page.getByRole("heading", { level: 2, name: "¡Gracias por escribirnos!" })).toBeVisible();
    // A person's message sent after it arrives; the sender ships the outbox oldest first, so the robot's would be there by now.
    await page.goto("/contact");
    await formReady(page, test.info().project.name === "js-on");
    const person = `Una sugerencia ${tag("person")} para el sitio.`;
    await fillContact(page, { email: `${tag("person")}@correo.mx`, message: person });
    await page.getByRole("button", { name: "Enviar mensaje" }).click();
    await expect(page).toHaveURL(/\/contact\?sent=1$/);
    await mailTo("atencion@pizzademo.mx", new RegExp(person));
    expect(mailsTo("atencion@pizzademo.mx", new RegExp(robot))).toEqual([]);
  });

  test("a fourth message within the hour for one email is refused with a translated 429", async ({ page }) => {
    await ownAddress(page);
    await page.goto("/contact");
    const email = `${tag("mucho")}@correo.mx`;
    const csrf = await csrfOf(page);
    for (let i = 0; i < 3; i++) {
      const sent = await page.request.post("/contact", {
        form: { csrf, name: "Eva", email, phone: "5512345678", outlet: "none", message: `Mensaje número ${i} de prueba.`, website: "" },
        maxRedirects: 0,
      });
      expect(sent.status()).toBe(303);
    }
    await formReady(page, test.info().project.name === "js-on");
    await fillContact(page, { email, message: "Otro mensaje más, el cuarto." });
    const answer = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/contact");
    await page.getByRole("button", { name: "Enviar mensaje" }).click();
    expect((await answer).status()).toBe(429);
    await expect(page.getByRole("alert").filter({ hasText: "Recibimos varios mensajes en poco tiempo. Inténtalo de nuevo en 60 minutos." })).toBeVisible();
    await expect(page.getByLabel("Mensaje")).toHaveValue("Otro mensaje más, el cuarto.");
  });

  test("a signed-in customer finds the name, email and phone filled in", async ({ page }) => {
    await page.goto("/login?redirectTo=%2Fcontact");
    await page.getByLabel("Correo electrónico").fill("cliente@pizzademo.mx");
    await page.getByLabel("Contraseña", { exact: true }).fill("Pizza*2026");
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByLabel("Nombre")).toHaveValue("Ana López");
    await expect(page.getByLabel("Correo electrónico")).toHaveValue("cliente@pizzademo.mx");
    await expect(page.getByLabel("Teléfono")).toHaveValue("5512345678");
    await expect(page.getByLabel("Mensaje")).toHaveValue("");
  });
});

test.describe("the satisfaction survey (/crs)", () => {
  test("a picked-up order's tracker links to its survey, which takes one answer", async ({ page, browser }) => {
    const number = await placeCarryoutOrder(page, "Roma Norte", "Sofía");
    const tracker = page.url();
    const survey = page.getByRole("link", { name: "¿Cómo estuvo tu pedido? Califícalo en una encuesta de un minuto." });
    await expect(survey).toHaveCount(0);
    await pickUpInStore(browser, number);
    await page.goto(tracker);
    await expect(page.getByRole("heading", { level: 2, name: "Recogido" })).toBeVisible();
    await survey.click();
    await expect(page).toHaveURL(/\/crs\/order\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: `¿Cómo estuvo tu pedido ${number}?` })).toBeVisible();
    await formReady(page, test.info().project.name === "js-on");

    await page.getByRole("button", { name: "Enviar respuestas" }).click();
    const food = page.getByRole("group", { name: "La comida" });
    const service = page.getByRole("group", { name: "La atención en la sucursal" });
    await expect(food.getByText("Elige una calificación del 1 al 5.")).toBeVisible();
    await expect(service.getByText("Elige una calificación del 1 al 5.")).toBeVisible();

    await food.getByRole("radio", { name: "5, excelente" }).check();
    await service.getByRole("radio", { name: "4, bien" }).check();
    await page.getByLabel("Comentario (opcional)").fill("La masa, muy rica.");
    await page.getByRole("button", { name: "Enviar respuestas" }).click();
    await expect(page).toHaveURL(/\/crs\/order\/[0-9a-f-]{36}\?sent=1$/);
    await expect(page.getByRole("status").filter({ hasText: "¡Gracias por tu opinión! Nos ayuda a mejorar." })).toBeVisible();
    await expect(page.getByRole("button", { name: "Enviar respuestas" })).toHaveCount(0);

    // A second answer (another tab's form, a replay): 409 and "already answered".
    const path = new URL(page.url()).pathname;
    const again = await page.request.post(path, { form: { csrf: await csrfOf(page), food: "1", service: "1" } });
    expect(again.status()).toBe(409);
    expect(await again.text()).toContain("Ya respondiste la encuesta de este pedido. ¡Gracias!");
    await page.goto(path);
    await expect(page.getByText("Ya respondiste la encuesta de este pedido. ¡Gracias!")).toBeVisible();
    await page.getByRole("link", { name: "Ver el rastreador del pedido" }).click();
    await expect(page).toHaveURL(tracker);
    // Answered: the tracker thanks instead of inviting again (customer review).
    await expect(page.getByText("Gracias por calificar este pedido.")).toBeVisible();
    await expect(survey).toHaveCount(0);
  });

  test("an order on its way says the survey opens later; /crs explains it; anything else is a 404", async ({ page }) => {
    await placeCarryoutOrder(page, "Roma Norte", "Iván");
    const uuid = new URL(page.url()).pathname.split("/").at(-1)!;
    await page.goto(`/crs/order/${uuid}`);
    await expect(page.getByText("La encuesta se abre cuando tu pedido se entrega o lo recoges.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Enviar respuestas" })).toHaveCount(0);
    await page.goto("/crs");
    await expect(page.getByRole("heading", { level: 1, name: "Encuesta de satisfacción" })).toBeVisible();
    await page.getByRole("link", { name: "Buscar mi pedido" }).click();
    await expect(page).toHaveURL(/\/tracking$/);
    for (const path of ["/crs/foo", "/crs/order", "/crs/order/00000000-0000-4000-8000-000000000000", "/crs/order/nope"]) {
      expect((await page.goto(path))!.status(), path).toBe(404);
    }
  });
});
