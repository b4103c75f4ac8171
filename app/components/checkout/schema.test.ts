import { parseWithZod } from "@conform-to/zod";
import { checkoutFormSchema, type CheckoutFormContext } from "./schema";

/** The checkout form as the browser posts it (every value a string; an unchecked box absent), through conform. */
const formData = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

const contact = {
  name: "Ana",
  surname: "López",
  email: "ana@correo.mx",
  mobile: "55 1234 5678",
  comment: "",
  paymentMethod: "cash",
  idempotencyKey: "3b241101-e2bb-4255-8caf-4136c566a962",
};
const address = {
  st: "Av. Álvaro Obregón",
  houseNo: "130",
  interiorNo: "",
  villeageName: "Roma Norte",
  cityName: "Ciudad de México",
  prefectureName: "Ciudad de México",
  landmark: "Portón verde",
};
const delivery: CheckoutFormContext = {
  orderType: "D",
  payment: { orderType: "D", totalCents: 35_200, settings: { methods: ["cash", "eftpos"], cashCapCents: null } },
};
const carryout: CheckoutFormContext = {
  orderType: "C",
  payment: { orderType: "C", totalCents: 27_400, settings: { methods: ["cash"], cashCapCents: null } },
};

function parse(context: CheckoutFormContext, fields: Record<string, string>) {
  return parseWithZod(formData(fields), { schema: checkoutFormSchema(context) });
}

describe("the checkout form through conform", () => {
  it("a delivery: address, property type, receipt and invoice checkboxes, cash amount", () => {
    const submission = parse(delivery, {
      ...contact,
      ...address,
      company: "",
      propertyType: "office-apartment-hotel",
      receipt: "on",
      cashTendered: "500",
      invoiceWanted: "on",
      rfc: "gode561231gr8",
      legalName: "Eduardo Gómez",
      taxRegime: "612",
      fiscalPostalCode: "06700",
      cfdiUse: "G03",
    });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({
      ...address,
      interiorNo: undefined,
      mobile: "5512345678",
      company: "",
      propertyType: "office-apartment-hotel",
      receipt: true,
      paymentMethod: "cash",
      cashTenderedCents: 50_000,
      invoice: { rfc: "GODE561231GR8", personType: "fisica", legalName: "EDUARDO GÓMEZ", taxRegime: "612", fiscalPostalCode: "06700", cfdiUse: "G03" },
    });
  });

  it("a delivery reports the address with the home page's rules, each beside its field", () => {
    const submission = parse(delivery, { ...contact, ...address, st: "", houseNo: "12345678901", landmark: "Portón <verde>", propertyType: "house" });
    expect(submission.status === "error" && submission.error).toEqual({ st: ["required"], houseNo: ["tooLong"], landmark: ["addressCharacters"] });
  });

  it("unchecked boxes are no; the invoice's fields are then ignored", () => {
    const submission = parse(delivery, { ...contact, ...address, propertyType: "house", rfc: "nada", taxRegime: "999" });
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value).toMatchObject({ receipt: false, invoice: null });
  });

  it("carry-out needs no address nor property type, and drops an address posted anyway", () => {
    const submission = parse(carryout, { ...contact, st: "Calle <b>", propertyType: "castle" });
    expect(submission.status).toBe("success");
    if (submission.status === "success") {
      expect(submission.value).not.toHaveProperty("st");
      expect(submission.value.propertyType).toBeUndefined();
    }
  });

  it("an empty form lists every required field, the payment's amount checked against the total too", () => {
    const submission = parse(carryout, { paymentMethod: "cash", cashTendered: "100", invoiceWanted: "on", idempotencyKey: contact.idempotencyKey });
    expect(submission.status === "error" && submission.error).toEqual({
      name: ["required"],
      surname: ["required"],
      email: ["required"],
      mobile: ["required"],
      cashTendered: ["cashShort"],
      rfc: ["required"],
      legalName: ["required"],
      taxRegime: ["taxRegime"],
      fiscalPostalCode: ["required"],
      cfdiUse: ["cfdiUse"],
    });
    // What was typed comes back with the errors (a 400 re-renders the form with it).
    expect(submission.reply().initialValue).toMatchObject({ cashTendered: "100", invoiceWanted: "on" });
  });

  it("a method the outlet does not take is refused beside the choice", () => {
    const submission = parse(carryout, { ...contact, paymentMethod: "eftpos" });
    expect(submission.status === "error" && submission.error).toEqual({ paymentMethod: ["paymentUnavailable"] });
  });
});
