import { parseWithZod } from "@conform-to/zod";
import { addressLine } from "#server/outlets/address";
import { addressLimits, deliveryAddressSchema, dispositionSchema } from "~/forms";

/** The delivery address of spec section 5 ("Location"), as the home form posts it. */
const ADDRESS = {
  st: "Av. Álvaro Obregón",
  houseNo: "130",
  interiorNo: "4-B",
  villeageName: "Roma Norte",
  cityName: "Ciudad de México",
  prefectureName: "Ciudad de México",
  postalCode: "06700",
  landmark: "Frente al parque, portón verde",
};

function post(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return parseWithZod(form, { schema: dispositionSchema });
}

/** The error keys per field of a posted delivery address (conform's empty strings count as missing). */
function errorsOf(fields: Record<string, string>) {
  const submission = post({ orderType: "D", ...fields });
  return (submission.status === "error" ? submission.error : null) ?? {};
}

describe("the delivery address", () => {
  it("a complete address is valid and keeps the disposition's field names", () => {
    const submission = post({ orderType: "D", ...ADDRESS });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({ orderType: "D", ...ADDRESS });
  });

  it("interior number and neighbourhood are optional; blanks become undefined; text is trimmed", () => {
    const submission = post({ orderType: "D", ...ADDRESS, interiorNo: "", villeageName: "  ", st: "  Calle 5  " });
    expect(submission.status).toBe("success");
    if (submission.status !== "success" || submission.value.orderType !== "D") throw new Error("expected delivery");
    expect(submission.value.interiorNo).toBeUndefined();
    expect(submission.value.villeageName).toBeUndefined();
    expect(submission.value.st).toBe("Calle 5");
  });

  it.each(["st", "houseNo", "cityName", "prefectureName", "landmark", "postalCode"] as const)("%s is required", (name) => {
    expect(errorsOf({ ...ADDRESS, [name]: "" })).toEqual({ [name]: ["required"] });
    expect(errorsOf({ ...ADDRESS, [name]: "   " })[name]).toEqual(expect.arrayContaining([expect.any(String)]));
    const { [name]: _left, ...without } = ADDRESS;
    expect(errorsOf(without)).toEqual({ [name]: ["required"] });
  });

  it("an empty form names every required field, and only those", () => {
    expect(Object.keys(errorsOf({})).sort()).toEqual(["cityName", "houseNo", "landmark", "postalCode", "prefectureName", "st"]);
  });

  it.each(["0670", "067000", "06 70", "abcde", "O6700", "٠٦٧٠", "٠٦٧٠٠٠"])("postal code %j is not a valid Mexican postal code", (postalCode) => {
    expect(errorsOf({ ...ADDRESS, postalCode })).toEqual({ postalCode: ["postalCode"] });
  });

  it("Arabic-Indic digits (an Arabic keyboard's) are the digits they read as: the postal code and the numbers reach the store as Mexican digits", () => {
    const parsed = deliveryAddressSchema.parse({ ...ADDRESS, postalCode: "٠٦٧٠٠", houseNo: "٢٠٠", interiorNo: "۳ب" });
    expect(parsed).toMatchObject({ postalCode: "06700", houseNo: "200", interiorNo: "3ب" });
  });

  it("a postal code with spaces around it is trimmed", () => {
    const submission = post({ orderType: "D", ...ADDRESS, postalCode: " 06700 " });
    expect(submission.status === "success" && submission.value.orderType === "D" && submission.value.postalCode).toBe("06700");
  });

  it.each([
    ["accents and ñ", "Calzada de la Viga, Peñón de los Baños"],
    ["a number sign", "Av. Juárez #12"],
    ["no number (S/N)", "S/N"],
    ["parentheses, commas, dots and hyphens", "Calle 5 (entre 3 y 4), Mz. 2 - Lt. 7"],
    ["Arabic letters", "شارع النصر"],
  ])("accepts %s", (_name, value) => {
    const submission = deliveryAddressSchema.safeParse({ ...ADDRESS, st: value.slice(0, addressLimits.st), houseNo: "S/N", landmark: value });
    expect(submission.success).toBe(true);
  });

  it.each([
    ["<script>", "st"],
    ["Calle 5; DROP TABLE", "st"],
    ["130 @ 2", "houseNo"],
    ["Casa \"azul\"", "landmark"],
    ["Depto_4", "interiorNo"],
    ["Roma\nNorte", "villeageName"],
    ["CDMX*", "cityName"],
    ["Estado & más", "prefectureName"],
  ])("refuses the characters of %j in %s", (value, name) => {
    expect(errorsOf({ ...ADDRESS, [name]: value })).toEqual({ [name]: ["addressCharacters"] });
  });

  it.each(Object.entries(addressLimits))("%s accepts %i characters and refuses one more", (name, max) => {
    expect(errorsOf({ ...ADDRESS, [name]: "a".repeat(max) })).toEqual({});
    expect(errorsOf({ ...ADDRESS, [name]: "a".repeat(max + 1) })).toEqual({ [name]: ["tooLong"] });
  });

  it("a field both too long and with bad characters gets both messages (both are translation keys)", () => {
    expect(errorsOf({ ...ADDRESS, landmark: "<".repeat(addressLimits.landmark + 1) })).toEqual({
      landmark: ["tooLong", "addressCharacters"],
    });
  });

  it("a field sent twice is refused with a message, not a crash", () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ orderType: "D", ...ADDRESS })) form.append(name, value);
    form.append("st", "Otra calle");
    const submission = parseWithZod(form, { schema: dispositionSchema });
    expect(submission.status === "error" && submission.error).toEqual({ st: ["required"] });
  });

  it("carry-out needs only the outlet; the address fields are not asked for", () => {
    expect(post({ orderType: "C", outletId: "3" })).toMatchObject({ status: "success", value: { orderType: "C", outletId: 3 } });
    expect(post({ orderType: "C", outletId: "" }).status).toBe("error");
  });
});

describe("addressLine (the maps query)", () => {
  it("joins street and number, neighbourhood, postal code and city, state and country; no interior or reference", () => {
    expect(addressLine(ADDRESS)).toBe("Av. Álvaro Obregón 130, Roma Norte, 06700 Ciudad de México, Ciudad de México, México");
  });

  it("skips what is missing: a postal code alone", () => {
    expect(addressLine({ postalCode: "06700" })).toBe("06700, México");
    expect(addressLine({ ...ADDRESS, villeageName: undefined, houseNo: " " })).toBe(
      "Av. Álvaro Obregón, 06700 Ciudad de México, Ciudad de México, México",
    );
  });
});

describe("rowId (a form's id, a Postgres int4)", () => {
  it("takes 1 … 2,147,483,647 and refuses what the database would fail on", async () => {
    const { rowId } = await import("~/forms");
    expect(rowId().safeParse("2147483647").success).toBe(true);
    expect(rowId().safeParse("1").success).toBe(true);
    for (const bad of ["2147483648", "1e20", "0", "-3", "1.5", "abc", ""]) expect(rowId().safeParse(bad).success, bad).toBe(false);
  });
});
