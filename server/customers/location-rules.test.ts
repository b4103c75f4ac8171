import { deliveryAddressSchema } from "~/forms";
import {
  byDefaultThenAge,
  CHECKOUT_COMMENT_MAX,
  deliveryAddressOf,
  deliveryCommentOf,
  PLACE_COMMENT_MAX,
  placeLimits,
  placeLine,
  placeSchema,
  type PlaceForm,
} from "./location-rules";
import { checkoutSchema } from "../orders/checkout-schema";

/** The demo customer's place (server/db/seed/customers.ts), as the form posts it. */
const PLACE = {
  name: "Casa",
  street: "Calle Orizaba",
  exteriorNumber: "101",
  interiorNumber: "4",
  houseNumber: "",
  reference: "Entre Álvaro Obregón y Colima",
  landmark: "Frente al parque",
  instructions: "Tocar el timbre 4",
  postalCode: "06700",
  city: "Ciudad de México",
  state: "CDMX",
};

const errorsOf = (fields: Record<string, unknown>) => {
  const result = placeSchema.safeParse(fields);
  return result.success ? {} : result.error.flatten().fieldErrors;
};

describe("a saved place's rules (spec section 5, Location)", () => {
  it("a complete place is valid, trimmed, optional parts empty strings", () => {
    const result = placeSchema.parse({ ...PLACE, name: "  Casa ", interiorNumber: undefined, reference: "  " });
    expect(result).toEqual({ ...PLACE, interiorNumber: "", reference: "" });
  });

  it.each(["name", "street", "exteriorNumber", "landmark", "city", "state", "postalCode"])("%s is required (missing or blank)", (field) => {
    expect(errorsOf({ ...PLACE, [field]: undefined })[field as keyof PlaceForm]).toEqual(["required"]);
    // A blank postal code also fails its format (the home form's postalCodeSchema says both).
    expect(errorsOf({ ...PLACE, [field]: "   " })[field as keyof PlaceForm]?.[0]).toBe("required");
  });

  it.each(["interiorNumber", "houseNumber", "reference", "instructions"])("%s is optional", (field) => {
    expect(errorsOf({ ...PLACE, [field]: undefined })).toEqual({});
  });

  it.each(["1234", "123456", "0670a", "06 700"])("postal code %s is refused (5 digits)", (postalCode) => {
    expect(errorsOf({ ...PLACE, postalCode })).toEqual({ postalCode: ["postalCode"] });
  });

  it.each(Object.entries(placeLimits))("%s accepts %i characters and refuses one more", (field, max) => {
    expect(errorsOf({ ...PLACE, [field]: "a".repeat(max) })).toEqual({});
    expect(errorsOf({ ...PLACE, [field]: "a".repeat(max + 1) })).toEqual({ [field]: ["tooLong"] });
  });

  it("address fields take the address characters (# and / too); the comment parts the checkout comment's", () => {
    expect(errorsOf({ ...PLACE, street: "Av. Juárez #12", exteriorNumber: "S/N" })).toEqual({});
    expect(errorsOf({ ...PLACE, street: "<script>" })).toEqual({ street: ["addressCharacters"] });
    expect(errorsOf({ ...PLACE, name: "Casa; drop" })).toEqual({ name: ["addressCharacters"] });
    expect(errorsOf({ ...PLACE, instructions: "Timbre #4" })).toEqual({ instructions: ["characters"] });
    expect(errorsOf({ ...PLACE, reference: "A/B" })).toEqual({ reference: ["characters"] });
    expect(errorsOf({ ...PLACE, houseNumber: "#3" })).toEqual({ houseNumber: ["characters"] });
  });

  it("a non-string value is refused, never thrown", () => {
    expect(errorsOf({ ...PLACE, street: 12 })).toEqual({ street: ["required"] });
    expect(errorsOf({ ...PLACE, reference: ["a", "b"] })).toEqual({ reference: ["characters"] });
  });
});

describe("a place as a delivery", () => {
  it("is the home form's delivery address, which the home form's schema accepts", () => {
    const address = deliveryAddressOf(placeSchema.parse(PLACE));
    expect(address).toEqual({
      st: "Calle Orizaba",
      houseNo: "101",
      interiorNo: "4",
      cityName: "Ciudad de México",
      prefectureName: "CDMX",
      postalCode: "06700",
      landmark: "Frente al parque",
    });
    expect(deliveryAddressSchema.parse(address)).toEqual(address);
  });

  it("the longest valid place is still a valid delivery address", () => {
    const longest = Object.fromEntries(Object.entries(placeLimits).map(([field, max]) => [field, "a".repeat(max)]));
    const place = placeSchema.parse({ ...longest, postalCode: "06700" });
    expect(deliveryAddressSchema.safeParse(deliveryAddressOf(place)).success).toBe(true);
  });

  it("without an interior number the address has none", () => {
    expect(deliveryAddressOf(placeSchema.parse({ ...PLACE, interiorNumber: "" }))).not.toHaveProperty("interiorNo");
  });

  it("the checkout comment: house number, reference and instructions, the empty ones left out", () => {
    expect(deliveryCommentOf(PLACE)).toBe("Entre Álvaro Obregón y Colima. Tocar el timbre 4");
    expect(deliveryCommentOf({ houseNumber: "Casa 3", reference: "", instructions: "Sin timbre" })).toBe("Casa 3. Sin timbre");
    expect(deliveryCommentOf({ houseNumber: "", reference: "", instructions: "" })).toBe("");
  });

  it("the longest comment a place makes is a valid checkout comment", () => {
    expect(PLACE_COMMENT_MAX).toBeLessThanOrEqual(CHECKOUT_COMMENT_MAX);
    const comment = deliveryCommentOf({
      houseNumber: "é".repeat(placeLimits.houseNumber),
      reference: "(".repeat(placeLimits.reference),
      instructions: "-".repeat(placeLimits.instructions),
    });
    const checked = checkoutSchema.safeParse({ comment });
    expect(checked.success ? [] : checked.error.issues.filter((issue) => issue.path[0] === "comment")).toEqual([]);
  });

  it("one line names the address", () => {
    expect(placeLine(PLACE)).toBe("Calle Orizaba 101 – 4, 06700 Ciudad de México");
    expect(placeLine({ ...PLACE, interiorNumber: "" })).toBe("Calle Orizaba 101, 06700 Ciudad de México");
  });

  it("lists put the default first, then the oldest", () => {
    const places = [
      { id: 3, isDefault: false },
      { id: 5, isDefault: true },
      { id: 1, isDefault: false },
    ];
    expect(places.sort(byDefaultThenAge).map((p) => p.id)).toEqual([5, 1, 3]);
  });
});
