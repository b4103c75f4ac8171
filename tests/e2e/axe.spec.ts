import { expect, test } from "@playwright/test";
import { violations } from "../support/axe";
import { addPizza, checkoutWithCardOnline, chooseCarryout, csrfOf, deliverTo, hydrated, payByCard, pickUpInStore, placeCarryoutOrder, placeFromCheckout, signInToStore, STAFF, VISA } from "./support";

test.describe("accessibility (axe-core, WCAG 2.1 AA)", () => {
  // Each test scans up to a dozen pages, each scan seconds of work in the page: three times the usual upper bound for
  // a hang, so a loaded 2-core machine (CI beside a benchmark) passes as an idle one does. Nothing here times speed.
  test.slow();
  test("the scan itself reports what WCAG forbids: a picture without a text, grey on grey, an unnamed button", async ({ page }) => {
    // The scans below must be able to fail: the same helper on a page made to break three serious rules.
    await page.setContent(
      `<html lang="es"><head><title>Prueba</title></head><body><main><h1>Prueba</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">` +
        `<p style="color:#999;background:#aaa">Texto gris sobre gris</p><button></button></main></body></html>`,
    );
    const found = await violations(page);
    expect(found.map((line) => line.split(":")[0])).toEqual(expect.arrayContaining(["image-alt", "color-contrast", "button-name"]));
  });
  test("the account pages (register with its errors, sign-in, profile, edit profile, places, loyalty card, history, the coupon game, coupons, a campaign's coupon) have no serious violations", async ({ page }) => {
    await page.goto("/register");
    await page.getByRole("button", { name: "Crear cuenta" }).click(); // empty form: errors shown
    await expect(page.getByLabel("Apellidos")).toHaveAccessibleDescription("Este campo es obligatorio.");
    expect(await violations(page)).toEqual([]);

    await page.goto("/login?redirectTo=%2Fprofile");
    expect(await violations(page)).toEqual([]);
    await page.getByLabel("Correo electrónico").fill("cliente@pizzademo.mx");
    await page.getByLabel("Contraseña", { exact: true }).fill("Pizza*2026");
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    expect(await violations(page)).toEqual([]);
    for (const [path, heading] of [
      ["/edit-profile", /perfil/i],
      ["/add-location", "Nueva dirección"],
      ["/loyalty-card", /tarjeta/i],
      ["/history", /pedidos/i],
      ["/getmypassword", "Recuperar contraseña"],
      ["/game/ruleta", "Ruleta de cupones"],
      ["/order/coupons", "Cupones"],
      ["/crm/coupon/BIENVENIDA", "Agregar un cupón"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      expect(await violations(page), path).toEqual([]);
    }
  });

  test("home, menu, builder, combo, checkout and tracker have no serious violations", async ({ page }) => {
    // Seven pages and seven full axe scans in one test: a loaded 2-core machine needs more than the default 30 s.
    await page.goto("/home");
    expect(await violations(page)).toEqual([]);

    await chooseCarryout(page);
    await addPizza(page, "Pepperoni", "Chica, Original (Pan): $129.00");
    expect(await violations(page)).toEqual([]);

    await page.getByRole("link", { name: "Personalizar Hawaiana" }).click();
    await expect(page.getByRole("article", { name: "Personalizar Hawaiana" })).toBeVisible();
    expect(await violations(page)).toEqual([]);

    await page.goto("/order/combos");
    await page.getByRole("link", { name: /^Elegir / }).first().click();
    await expect(page).toHaveURL(/\/combo-detail\//);
    expect(await violations(page)).toEqual([]);

    await page.goto("/checkout");
    await page.getByRole("button", { name: /Hacer pedido por/ }).click(); // empty form: errors shown
    await expect(page.getByLabel("Nombre")).toHaveAccessibleDescription("Este campo es obligatorio.");
    expect(await violations(page)).toEqual([]);

    await placeFromCheckout(page);
    expect(await violations(page)).toEqual([]);
  });

  test("the store finder (with a search), a store page and an unknown store's 404 have no serious violations", async ({ page }) => {
    await page.goto("/huts");
    expect(await violations(page)).toEqual([]);
    await page.goto("/huts?q=coyoacan");
    expect(await violations(page)).toEqual([]);
    await page.goto("/huts?q=Guadalajara");
    expect(await violations(page)).toEqual([]);
    await page.goto("/hut/Tijuana+Zona+Rio");
    expect(await violations(page)).toEqual([]);
    await page.goto("/hut/Guadalajara");
    expect(await violations(page)).toEqual([]);
    await page.goto("/hut/Coyoacan");
    await page.getByLabel("Idioma").selectOption("ar");
    await page.getByRole("button", { name: "Cambiar idioma" }).click();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    expect(await violations(page)).toEqual([]);
  });

  test("the allergen and nutrition table (filtered, and in Arabic) has no serious violations", async ({ page }) => {
    await page.goto("/nutritional-content");
    await expect(page.getByRole("heading", { name: "Alérgenos e información nutrimental", level: 1 })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.goto("/nutritional-content?hide=milk&hide=gluten");
    expect(await violations(page)).toEqual([]);
    await page.getByLabel("Idioma").selectOption("ar");
    await page.getByRole("button", { name: "Cambiar idioma" }).click();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    expect(await violations(page)).toEqual([]);
  });

  test("contact (with its errors, sent, in Arabic) and the satisfaction survey (with its errors, answered, /crs) have no serious violations", async ({ page, browser }) => {
    await page.goto("/contact");
    await page.getByRole("button", { name: "Enviar mensaje" }).click(); // empty form: errors shown
    await expect(page.getByLabel("Nombre")).toHaveAccessibleDescription("Este campo es obligatorio.");
    expect(await violations(page)).toEqual([]);
    await page.goto("/contact?sent=1");
    await expect(page.getByRole("heading", { level: 2, name: "¡Gracias por escribirnos!" })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.goto("/crs");
    expect(await violations(page)).toEqual([]);

    const number = await placeCarryoutOrder(page, "Roma Norte", "Axel");
    const survey = `/crs/order/${new URL(page.url()).pathname.split("/").at(-1)}`;
    await page.goto(survey); // not yet open
    expect(await violations(page)).toEqual([]);
    await pickUpInStore(browser, number);
    await page.goto(survey);
    await page.getByRole("button", { name: "Enviar respuestas" }).click(); // no rating: errors shown
    await expect(page.getByRole("group", { name: "La comida" }).getByText("Elige una calificación del 1 al 5.")).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.getByRole("group", { name: "La comida" }).getByRole("radio", { name: "3, regular" }).check();
    await page.getByRole("group", { name: "La atención en la sucursal" }).getByRole("radio", { name: "3, regular" }).check();
    await page.getByRole("button", { name: "Enviar respuestas" }).click();
    await expect(page).toHaveURL(/\?sent=1$/);
    expect(await violations(page)).toEqual([]);

    await page.goto("/contact");
    await page.getByLabel("Idioma").selectOption("ar");
    await page.getByRole("button", { name: "Cambiar idioma" }).click();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await page.getByRole("button", { name: "إرسال الرسالة" }).click();
    await expect(page.getByText("اختر فرعًا من القائمة.", { exact: true })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test("the order-time dialog (modal, with its message) and the order-time page have no serious violations", async ({ page }) => {
    await page.goto("/home");
    await page.getByRole("button", { name: "Recoger en Tijuana Zona Río" }).click();
    await expect(page.getByRole("dialog", { name: "¿Cuándo quieres tu pedido?" })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.goto("/order-time?back=/order");
    await expect(page.getByRole("heading", { name: "¿Cuándo quieres tu pedido?" })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test("the Arabic (right-to-left) menu and the bare 404 page have no serious violations", async ({ page }) => {
    await page.goto("/order/pizzas/clasicas");
    await page.getByLabel("Idioma").selectOption("ar");
    await page.getByRole("button", { name: "Cambiar idioma" }).click();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    expect(await violations(page)).toEqual([]);
    await page.goto("/404");
    expect(await violations(page)).toEqual([]);
  });

  test("the delivery address form (with errors) and the postal-code pages have no serious violations", async ({ page }) => {
    await page.goto("/home");
    await page.getByRole("button", { name: "Entregar en esta dirección" }).click(); // empty form: errors shown
    await expect(page.getByLabel("Calle", { exact: true })).toHaveAccessibleDescription("Este campo es obligatorio.");
    expect(await violations(page)).toEqual([]);
    for (const path of ["/localization/06700", "/localization/01000", "/result-localization/06700", "/result-localization/01000", "/result-localization/12a"]) {
      await page.goto(path);
      expect(await violations(page), path).toEqual([]);
    }
    await page.goto("/localization/06700");
    await page.getByLabel("Idioma").selectOption("ar");
    await page.getByRole("button", { name: "Cambiar idioma" }).click();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    expect(await violations(page)).toEqual([]);
  });

  test("the delivery checkout with the invoice open and every error shown, in Spanish and Arabic, has no serious violations", async ({ page }) => {
    await deliverTo(page, "06700");
    await addPizza(page, "Hawaiana", "Mediana, Delgada: $189.00");
    await page.goto("/checkout");
    await page.getByRole("checkbox", { name: "Necesito factura (CFDI)" }).check();
    await page.getByLabel("Pago con (opcional)").fill("1");
    await page.getByRole("button", { name: /Hacer pedido por/ }).click();
    await expect(page.getByLabel("RFC", { exact: true })).toHaveAccessibleDescription("Este campo es obligatorio.");
    expect(await violations(page)).toEqual([]);
    await page.getByLabel("Idioma").selectOption("ar");
    await page.getByRole("button", { name: "Cambiar idioma" }).click();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await page.getByRole("checkbox", { name: "أحتاج إلى فاتورة (CFDI)" }).check();
    expect(await violations(page)).toEqual([]);
  });

  test("the store console: sign-in (with its error), today's orders with a cancel form's error, and in Arabic", async ({ page, browser }) => {
    const customer = await browser.newContext();
    const number = await placeCarryoutOrder(await customer.newPage(), "Roma Norte", "Axe");
    await customer.close();
    await page.goto("/store/login");
    expect(await violations(page)).toEqual([]);
    await page.getByLabel("Correo electrónico").fill(STAFF.roma.email);
    await page.getByLabel("Contraseña").fill("not-the-password");
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByRole("alert")).toHaveText("Correo o contraseña incorrectos.");
    expect(await violations(page)).toEqual([]);

    await signInToStore(page, STAFF.roma);
    const card = page.getByRole("article", { name: `Pedido ${number}` });
    await card.locator("summary", { hasText: "Cancelar pedido…" }).click(); // the disclosure (JS on; axe runs on js-on only)
    await card.getByRole("button", { name: `Cancelar el pedido ${number}` }).click();
    await expect(card.getByLabel(`Motivo de la cancelación del pedido ${number}`)).toHaveAccessibleDescription(/Escribe el motivo/);
    expect(await violations(page)).toEqual([]);

    await page.getByLabel("Idioma").selectOption("ar");
    await page.getByRole("button", { name: "Cambiar idioma" }).click();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1, name: "طلبات اليوم" })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test("the card payment page (Adyen Web's card form) and a refused attempt's status page with its door form, and its error, have no serious violations", async ({ page }) => {
    await checkoutWithCardOnline(page, "Axe");
    // The card form is there: the provider's secured fields (its iframes, scanned too) and the pay button.
    await expect(page.locator('[data-cse="encryptedCardNumber"] iframe')).toBeVisible();
    await expect(page.getByRole("button", { name: "Pagar $274.00" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Pagar al recibir" })).toBeVisible();
    // Scanned as the customer can use it: Adyen Web configured its fields (the pay button is no longer
    // aria-disabled) and they have faded in (Adyen Web shows them from opacity 0 over 0.25 s: part-way, their text
    // fails the contrast rule).
    await expect(page.locator('.adyen-card__pay[aria-disabled="false"]')).toBeVisible();
    await expect
      .poll(() =>
        page.locator(".adyen-card__form").evaluate((form) =>
          [...form.querySelectorAll("[data-cse]")].every((field) => {
            for (let at: Element | null = field; at && at !== form.parentElement; at = at.parentElement) if (getComputedStyle(at).opacity !== "1") return false;
            return true;
          }),
        ),
      )
      .toBe(true);
    expect(await violations(page)).toEqual([]);

    // A listed test card with a wrong security code: refused, on to the status page with retry and the door form.
    await payByCard(page, { number: VISA, cvc: "000" });
    await expect(page).toHaveURL(/\/payment-status\//);
    await expect(page.getByRole("alert").filter({ hasText: "Tu banco rechazó el pago. No se hizo ningún cargo." })).toBeVisible();
    await expect(page.getByRole("button", { name: "Intentar de nuevo" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Pagar al recibir" })).toBeVisible();
    expect(await violations(page)).toEqual([]);

    // The door form's refusal, beside the amount.
    await page.getByRole("radio", { name: "Efectivo al recibir" }).check();
    await page.getByLabel("Pago con (opcional)").fill("abc");
    await page.getByRole("button", { name: "Pagar al recibir" }).click();
    await expect(page.getByLabel("Pago con (opcional)")).toHaveAccessibleDescription(/Escribe un monto en pesos/);
    expect(await violations(page)).toEqual([]);
  });

  test("the managers' coupons: the list, the form with its errors, and in Arabic", async ({ page }) => {
    await signInToStore(page, STAFF.gerencia);
    await page.goto("/store/coupons");
    await expect(page.getByRole("heading", { level: 1, name: "Cupones" })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.goto("/store/coupons/new");
    await page.getByRole("button", { name: "Crear cupón" }).click();
    await expect(page.getByLabel("Código", { exact: true })).toHaveAccessibleDescription(/Escribe el código\./);
    expect(await violations(page)).toEqual([]);
    await page.getByLabel("Idioma").selectOption("ar");
    await page.getByRole("button", { name: "Cambiar idioma" }).click();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1, name: "قسيمة جديدة" })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.goto("/store/coupons");
    await expect(page.getByRole("heading", { level: 1, name: "القسائم" })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test("the managers' banners: the list, the form with an error and its preview, and in Arabic", async ({ page }) => {
    await signInToStore(page, STAFF.gerencia);
    await page.goto("/store/banners");
    await expect(page.getByRole("heading", { level: 1, name: "Banners" })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.goto("/store/banners/new");
    // With scripts, the form is filled and posted once the page has hydrated: in one CI run a post made while it
    // hydrated came back with no error shown (the form without scripts is the js-off project's).
    await hydrated(page);
    const spanish = page.getByRole("group", { name: "Español" });
    await spanish.getByLabel("Enlace (opcional)").fill("//elsewhere.example");
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(spanish.getByLabel("Enlace (opcional)")).toHaveAccessibleDescription(/Escribe una ruta de este sitio/);
    expect(await violations(page)).toEqual([]);
    await page.getByLabel("Imagen").fill("/images/banners/verano.svg");
    await spanish.getByLabel("Texto alternativo").fill("Una playa");
    await spanish.getByLabel("Enlace (opcional)").fill("/faq");
    await page.getByRole("button", { name: "Vista previa" }).click();
    await expect(page.getByRole("region", { name: "Vista previa: así lo verán los clientes" }).first()).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.getByLabel("Idioma").selectOption("ar");
    await page.getByRole("button", { name: "Cambiar idioma" }).click();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await page.goto("/store/banners");
    expect(await violations(page)).toEqual([]);
  });

  test("the managers' topics, openings and favourites: the lists, the forms with their errors, the checklist", async ({ page }) => {
    await signInToStore(page, STAFF.gerencia);
    for (const [path, heading] of [
      ["/store/topics", "Artículos"],
      ["/store/openings", "Vacantes"],
      ["/store/favourites", "Productos favoritos"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      expect(await violations(page), path).toEqual([]);
    }
    for (const [path, field, message] of [
      ["/store/topics/new", "Dirección", /Escribe una dirección/],
      ["/store/openings/new", "Código", /Escribe un código/],
    ] as const) {
      await page.goto(path);
      await page.getByRole("button", { name: "Guardar" }).click();
      await expect(page.getByLabel(field)).toHaveAccessibleDescription(message);
      expect(await violations(page), path).toEqual([]);
    }
  });

  test("the managers' campaigns: the list, the form with its errors and its preview, and in Arabic", async ({ page }) => {
    await signInToStore(page, STAFF.gerencia);
    await page.goto("/store/campaigns");
    await expect(page.getByRole("heading", { level: 1, name: "Campañas" })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.goto("/store/campaigns/new");
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(page.getByLabel("Nombre corto")).toHaveAccessibleDescription(/Escribe un nombre corto/);
    expect(await violations(page)).toEqual([]);
    await page.goto("/store/campaigns");
    await page.getByRole("link", { name: "Editar la campaña Noche de pizza" }).click();
    await page.getByRole("button", { name: "Vista previa" }).click();
    await expect(page.getByRole("region", { name: "Vista previa: así lo verán los clientes" })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.getByLabel("Idioma").selectOption("ar");
    await page.getByRole("button", { name: "Cambiar idioma" }).click();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await page.goto("/store/campaigns/new");
    await expect(page.getByRole("heading", { level: 1, name: "حملة جديدة" })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test("the managers' inbox: the list filtered, a message's page before and after it is handled, and in Arabic", async ({ page }) => {
    await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": `10.216.${process.pid & 255}.1` });
    await page.goto("/contact");
    const sent = await page.request.post("/contact", {
      form: { csrf: await csrfOf(page), name: "Rosa Axe", email: "rosa.axe@correo.mx", phone: "5587654321", outlet: "MX-ROM-01", orderNumber: "100045", message: "Una pregunta sobre mi pedido de ayer.", website: "" },
      maxRedirects: 0,
    });
    expect(sent.status()).toBe(303);
    await signInToStore(page, STAFF.gerencia);
    await page.goto("/store/messages?kind=contact&outlet=MX-ROM-01");
    await expect(page.getByRole("heading", { level: 1, name: "Mensajes de clientes" })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.getByRole("link", { name: /Abrir: Contacto de Rosa Axe/ }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: /^Mensaje de contacto \d+$/ })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.getByRole("button", { name: "Marcar como atendido" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Mensaje marcado como atendido." })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.getByLabel("Idioma").selectOption("ar");
    await page.getByRole("button", { name: "Cambiar idioma" }).click();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    expect(await violations(page)).toEqual([]);
    await page.goto("/store/messages");
    await expect(page.getByRole("heading", { level: 1, name: "رسائل العملاء" })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test("the content pages (a list, a table, in Arabic) and the managers' content editor with its preview and an error", async ({ page }) => {
    await signInToStore(page, STAFF.gerencia);
    await page.goto("/store/content");
    expect(await violations(page)).toEqual([]);
    await page.goto("/store/content/faq/en");
    await page.getByRole("button", { name: "Vista previa" }).click();
    await expect(page.getByRole("region", { name: "Vista previa: así lo verán los clientes" })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.getByLabel("Título").fill("");
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(page.getByLabel("Título")).toHaveAccessibleDescription(/Escribe el título/);
    expect(await violations(page)).toEqual([]);

    for (const path of ["/faq", "/indication-based", "/error-404"]) {
      await page.goto(path);
      expect(await violations(page), path).toEqual([]);
    }
    await page.goto("/faq");
    await page.getByLabel("Idioma").selectOption("ar");
    await page.getByRole("button", { name: "Cambiar idioma" }).click();
    await expect(page.getByRole("heading", { name: "الأسئلة الشائعة", level: 1 })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test("topics and careers: the list, an article (in Arabic too), the openings, an application form with its errors", async ({ page }) => {
    for (const path of ["/topic", "/topic/salsa-de-tomate-en-casa", "/topic/como-hacemos-la-masa/en", "/careers"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await violations(page), path).toEqual([]);
    }
    await page.getByRole("link", { name: "Cocinero/a de pizza" }).first().click();
    await expect(page.getByRole("heading", { name: "Cocinero/a de pizza", level: 1 })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.getByRole("button", { name: "Enviar solicitud" }).click(); // empty form: errors shown
    await expect(page.getByLabel("Nombre completo")).toHaveAccessibleDescription("Este campo es obligatorio.");
    await expect(page.getByLabel("Tu CV (PDF)")).toHaveAccessibleDescription(/Adjunta tu CV en PDF\./);
    expect(await violations(page)).toEqual([]);
    await page.getByLabel("Idioma").selectOption("ar");
    await page.getByRole("button", { name: "Cambiar idioma" }).click();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { name: "طاهي بيتزا", level: 1 })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.goto("/topic/como-hacemos-la-masa");
    await expect(page.getByRole("heading", { name: "كيف نحضّر عجينتنا", level: 1 })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test("the campaigns' pages (a campaign, /order/campaigns, the menu with its banner) have no serious violations, in Spanish and Arabic", async ({ page }) => {
    for (const [path, heading] of [
      ["/campaign/noche-de-pizza", "Noche de pizza"],
      ["/order/campaigns", "Campañas"],
      ["/order/pizzas/clasicas", "Pizzas"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      expect(await violations(page), path).toEqual([]);
    }
    await page.getByLabel("Idioma").selectOption("ar");
    await page.getByRole("button", { name: "Cambiar idioma" }).click();
    await page.goto("/campaign/martes-hut");
    await expect(page.getByRole("heading", { level: 1, name: "ثلاثاء هت" })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
});
