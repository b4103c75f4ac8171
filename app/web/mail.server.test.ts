import type { TrackedOrder } from "#server/orders/tracker";
import { formatMoney, formatPhone } from "~/format";
import { mailTexts, renderOrderCancellation, renderOrderConfirmation, renderOrderLinks } from "~/web/mail.server";

const order: TrackedOrder = {
  uuid: "6f1c1f7e-9a3b-4c55-8d2e-0a1b2c3d4e5f",
  number: "100007",
  status: 3,
  stage: "received",
  version: "3.1",
  needsCall: false,
  surveyed: false,
  cancelReason: null,
  orderType: "D",
  outletName: "Roma Norte",
  outletPhone: "5552648130",
  outletAddress: "Álvaro Obregón 100, Roma Norte, Ciudad de México",
  createdAt: "2026-11-20T19:00:00.000Z",
  collectionTime: "2026-11-20T20:30:00.000Z",
  collectionFrom: "2026-11-20T20:15:00.000Z",
  asapBy: null,
  timeZone: "America/Mexico_City",
  paymentMethod: "cash",
  cash: null,
  customerName: "Ana López",
  emailHint: "a•••@correo.mx",
  confirmationSent: true,
  invoice: { rfc: "GODE561231GR8", legalName: "DANIEL GÓMEZ", cfdiUse: "G03" },
  deliveryAddress: { st: "Av. Álvaro Obregón", houseNo: "130", postalCode: "06700", cityName: "Ciudad de México", prefectureName: "CDMX", landmark: "Portón <verde>" },
  comment: "",
  subtotalCents: 27_400,
  discountCents: 0,
  deliveryFeeCents: 3_900,
  taxPercent: 6,
  taxCents: 1_772,
  totalCents: 31_300,
  coupons: [],
  items: [
    {
      name: "Pepperoni",
      size: "Grande",
      crust: "Orilla rellena de queso",
      halves: [],
      comboItems: [],
      removedToppings: ["Queso"],
      addedToppings: [{ name: "Jamón", count: 1 }, { name: "Champiñones", count: 2 }],
      couponCode: null,
      quantity: 1,
      totalCents: 27_400,
    },
    { name: "Combo pareja", size: null, crust: null, halves: [], comboItems: ["Pepperoni", "Refresco"], removedToppings: [], addedToppings: [], couponCode: null, quantity: 1, totalCents: 0 },
    { name: "Pizza mitad y mitad", size: "Grande", crust: null, halves: ["Pepperoni", "Cuatro quesos"], comboItems: [], removedToppings: [], addedToppings: [], couponCode: null, quantity: 1, totalCents: 0 },
  ],
  history: [{ status: 3, stage: "received", at: "2026-11-20T19:00:00.000Z" }],
  onlinePayment: null,
};
const BASE = "https://pizza.example.mx";

describe("the order confirmation mail", () => {
  it("in Spanish: subject, greeting, items, totals, address, slot time, payment, tracker link and the store's phone", () => {
    const mail = renderOrderConfirmation(order, "Ana", "es", BASE);
    expect(mail.subject).toBe("Recibimos tu pedido 100007 · Horno Rojo Pizza");
    const lines = mail.text.split("\n");
    expect(lines[0]).toBe("Hola, Ana:");
    // What the kitchen makes beyond size and crust, as the cart said it: toppings off and added, both halves.
    expect(lines).toContain("1 × Pepperoni (Grande · Orilla rellena de queso — Sin Queso — Extra Jamón, Champiñones ×2)  $274.00");
    expect(lines).toContain("1 × Pizza mitad y mitad (Grande — Mitad Pepperoni / mitad Cuatro quesos)  $0.00");
    expect(lines).toContain("1 × Combo pareja (Incluye: Pepperoni, Refresco)  $0.00");
    expect(lines).toContain("Subtotal: $274.00");
    expect(lines).toContain("Envío: $39.00");
    expect(lines).toContain("Total: $313.00");
    expect(lines).toContain("IVA incluido (6 %): $17.72");
    expect(lines).toContain("Entrega a domicilio en: Av. Álvaro Obregón 130, 06700 Ciudad de México, CDMX. Referencia: Portón <verde>");
    expect(lines.find((l) => l.startsWith("Hora: "))).toBe("Hora: viernes, 20 de noviembre, 14:15 – 14:30");
    expect(lines).toContain("Pago: Efectivo al recibir");
    // the CFDI asked for, so the customer sees what the store will invoice
    expect(lines).toContain("Factura (CFDI): GODE561231GR8 · DANIEL GÓMEZ · G03 · Gastos en general");
    expect(lines).toContain(`${BASE}/tracker-order/${order.uuid}`);
    expect(lines).toContain("¿Alguna duda? Llama a Roma Norte al 55 5264 8130.");
    expect(lines.some((l) => l.includes("{{"))).toBe(false);
  });

  it("names each coupon with what it gave, and a delivery whose fee a coupon waived says it is free", () => {
    const withCoupons: TrackedOrder = {
      ...order,
      discountCents: 4_110,
      deliveryFeeCents: 0,
      totalCents: 23_290,
      coupons: [
        { code: "PIZZA15", name: "15 % desde $250", discountCents: 4_110 },
        { code: "ENVIOGRATIS", name: "Envío gratis", discountCents: 3_900 },
      ],
    };
    const mail = renderOrderConfirmation(withCoupons, "Ana", "es", BASE);
    const lines = mail.text.split("\n");
    expect(lines).toContain("Descuento: \u2212$41.10");
    expect(lines).toContain("Envío: Gratis");
    expect(lines).toContain("15 % desde $250 (PIZZA15): Ahorraste $41.10");
    expect(lines).toContain("Envío gratis (ENVIOGRATIS): Ahorraste $39.00");
    expect(mail.html).toContain("<li>Envío gratis (ENVIOGRATIS): Ahorraste $39.00</li>");
    // A carry-out has no delivery line at all.
    const carryout = renderOrderConfirmation({ ...withCoupons, orderType: "C", deliveryAddress: null, coupons: [] }, "Ana", "es", BASE);
    expect(carryout.text.split("\n").filter((l) => l.startsWith("Envío:"))).toEqual([]);
  });

  it("the html says the same, escaped, with the link, in the language's direction", () => {
    const mail = renderOrderConfirmation(order, "Ana <b>", "es", BASE);
    expect(mail.html).toMatch(/^<!doctype html><html lang="es" dir="ltr">/);
    expect(mail.html).toContain("Hola, Ana &lt;b&gt;:");
    expect(mail.html).toContain("Portón &lt;verde&gt;");
    expect(mail.html).not.toContain("<verde>");
    expect(mail.html).toContain(`<a href="${BASE}/tracker-order/${order.uuid}">`);
    expect(mail.html).toContain("$313.00");
    expect(mail.html).not.toContain("{{");
  });

  it("in English and in Arabic (right to left); an ASAP carry-out order says where and 'as soon as possible'", () => {
    const carryout = { ...order, orderType: "C" as const, deliveryAddress: null, collectionTime: null, collectionFrom: null, asapBy: "2026-11-20T19:15:00.000Z" };
    const en = renderOrderConfirmation(carryout, "Ana", "en", BASE);
    expect(en.subject).toBe("We received your order 100007 · Horno Rojo Pizza");
    expect(en.text).toContain("Carry-out at Roma Norte: Álvaro Obregón 100, Roma Norte, Ciudad de México");
    // with its estimate, the time the store's console shows beside it (placed 13:00, a 15-minute carry-out quote)
    expect(en.text).toContain("Time: as soon as possible (about 13:15)");
    // a carry-out's words too: nothing about a delivery
    expect(en.text).toContain("Payment: Cash when you get your order");
    const ar = renderOrderConfirmation(carryout, "Ana", "ar", BASE);
    expect(ar.subject).toBe("استلمنا طلبك 100007 · بيتزا هورنو روخو");
    expect(ar.html).toMatch(/^<!doctype html><html lang="ar" dir="rtl">/);
    expect(ar.text).toContain("الوقت: في أقرب وقت ممكن (حوالي 13:15)");
    expect(ar.text).toContain(formatMoney(27_400, "ar"));
    // Lists in Arabic take Arabic's comma ("Jamón، Champiñones").
    const arItems = renderOrderConfirmation(order, "Ana", "ar", BASE).text;
    expect(arItems).toContain("Jamón، Champiñones ×2");
    expect(arItems).toContain("Pepperoni، Refresco");
    // The outlet's phone reads left to right in the Arabic sentence ("55 5264 8130", not "8130 5264 55").
    expect(ar.text).toContain(`\u2066${formatPhone(carryout.outletPhone)}\u2069`);
    expect(ar.html).toContain(`\u2066${formatPhone(carryout.outletPhone)}\u2069`);
  });

  it("cash with an amount to pay with says it and the change to expect, as the checkout did", () => {
    const mail = renderOrderConfirmation({ ...order, cash: { tenderedCents: 50_000, changeCents: 18_700 } }, "Ana", "es", BASE);
    expect(mail.text.split("\n")).toContain("Pago: Efectivo al recibir · pagas con $500.00; tu cambio: $187.00");
  });

  it("a discount shows as a negative line; a delivery without a fee says it is free", () => {
    const mail = renderOrderConfirmation({ ...order, discountCents: 5_000, deliveryFeeCents: 0 }, "Ana", "es", BASE);
    expect(mail.text).toContain("Descuento: −$50.00");
    expect(mail.text.split("\n")).toContain("Envío: Gratis");
  });
});

describe("the cancellation mail", () => {
  it("says which order the store canceled and why, escaped; a card payment is said to come back, a cash one is not", () => {
    const cash = renderOrderCancellation({ ...order, paymentMethod: "cash" }, "Ana", "Nos quedamos sin <masa>", "es", BASE);
    expect(cash.subject).toBe(`Tu pedido ${order.number} fue cancelado · Horno Rojo Pizza`);
    expect(cash.text).toContain(`${order.outletName} canceló tu pedido ${order.number}.`);
    expect(cash.text).toContain("Motivo: Nos quedamos sin <masa>");
    expect(cash.html).toContain("Motivo: Nos quedamos sin &lt;masa&gt;");
    expect(cash.text).not.toContain("pago con tarjeta");
    const card = renderOrderCancellation({ ...order, paymentMethod: "card" }, "Ana", "Out of dough", "en", BASE);
    expect(card.text).toContain("We are returning your card payment");
    expect(card.text).toContain(`${BASE}/home`);
  });
});

describe("the order links mail", () => {
  const links = [
    { uuid: order.uuid, number: "100007", createdAt: "2026-11-20T19:00:00.000Z", timeZone: "America/Mexico_City", stage: "cooking" as const, orderType: "D" as const, totalCents: 31_300 },
    { uuid: "0b1c1f7e-9a3b-4c55-8d2e-0a1b2c3d4e5f", number: "100002", createdAt: "2026-11-18T02:00:00.000Z", timeZone: "America/Tijuana", stage: "completed" as const, orderType: "D" as const, totalCents: 27_400 },
    { uuid: "5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b", number: "100001", createdAt: "2026-11-17T02:00:00.000Z", timeZone: "America/Mexico_City", stage: "completed" as const, orderType: "C" as const, totalCents: 19_900 },
  ];

  it("lists each order with its number, date in its outlet's zone, total, stage and tracker link", () => {
    const mail = renderOrderLinks(links, "es", BASE);
    expect(mail.subject).toBe("Tus pedidos en Horno Rojo Pizza");
    expect(mail.text).toMatch(/Pedido 100007 · 20 nov 2026, 13:00 · \$313\.00 · En el horno\n/);
    expect(mail.text).toMatch(/Pedido 100002 · 17 nov 2026, 18:00 · \$274\.00 · Entregado\n/);
    expect(mail.text).toMatch(/Pedido 100001 · .* · \$199\.00 · Recogido\n/);
    expect(renderOrderLinks(links, "en", BASE).text).toMatch(/Order 100001 · .* · Picked up\n/);
    expect(mail.text).toContain(`${BASE}/tracker-order/${links[1].uuid}`);
    expect(mail.html).toContain(`<a href="${BASE}/tracker-order/${links[0].uuid}">`);
    expect(renderOrderLinks(links, "en", BASE).text).toContain("Order 100007");
    expect(renderOrderLinks(links, "ar", BASE).html).toContain('dir="rtl"');
  });
});

describe("mail texts (app/locales/*/mail.json)", () => {
  const leaves = (tree: Record<string, unknown>, prefix = ""): [string, string][] =>
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value as Record<string, unknown>, `${prefix}${key}.`),
    );
  const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

  it("English and Arabic have Spanish's keys, each with the same placeholders and no empty text", () => {
    const reference = new Map(leaves(mailTexts.es));
    for (const lng of ["en", "ar"] as const) {
      const texts = new Map(leaves(mailTexts[lng]));
      expect([...texts.keys()].sort(), lng).toEqual([...reference.keys()].sort());
      for (const [key, text] of texts) {
        expect(text.trim(), `${lng}:${key}`).not.toBe("");
        expect(placeholders(text), `${lng}:${key}`).toEqual(placeholders(reference.get(key)!));
      }
    }
  });
});
