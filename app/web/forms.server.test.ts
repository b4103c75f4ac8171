import { parseWithZod as conformParseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkoutFormSchema } from "~/components/checkout/schema";
import { cartIntentSchema } from "~/forms";
import { parseWithZod, withFormCoercion } from "./forms.server";

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [key, value] of entries) data.append(key, value);
  return data;
};

/** What a submission answers: its status, value and errors (its reply() closes over the payload). */
const answer = (submission: { status?: string; value?: unknown; error?: unknown; payload: unknown }) => ({
  status: submission.status,
  value: submission.status === "success" ? submission.value : undefined,
  error: submission.error,
  payload: submission.payload,
});

describe("parseWithZod of the actions", () => {
  const schema = z.object({ name: z.string().min(2, "short"), count: z.number().int().max(9, "many"), note: z.string().optional(), agree: z.boolean().optional() });
  const forms: [string, string][][] = [
    [["name", "Ana"], ["count", "3"], ["note", ""], ["agree", "on"]],
    [["name", ""], ["count", "x"]],
    [["name", "A"], ["count", "10"], ["note", "  "]],
    [],
  ];

  it("answers exactly as conform's own, coercion included (empty strings, numbers, booleans)", () => {
    for (const entries of forms) {
      expect(answer(parseWithZod(form(entries), { schema }))).toEqual(answer(conformParseWithZod(form(entries), { schema })));
    }
    const cart = form([["intent", "quantity"], ["lineId", "7"], ["quantity", "2"]]);
    expect(answer(parseWithZod(cart, { schema: cartIntentSchema }))).toEqual(answer(conformParseWithZod(cart, { schema: cartIntentSchema })));
    expect(parseWithZod(cart, { schema: cartIntentSchema }).status).toBe("success");
    // A schema chosen by the intent is coerced too.
    const byIntent = parseWithZod(form([["count", "4"], ["name", "Bo"]]), { schema: () => schema });
    expect(byIntent.status === "success" && byIntent.value.count).toBe(4);
  });

  it("builds a schema's coercion once, however many posts it parses", () => {
    expect(withFormCoercion(schema)).toBe(withFormCoercion(schema));
    expect(withFormCoercion(schema)).not.toBe(schema);
    // The checkout's formats-only schema is one object per order type, so it is coerced once too.
    expect(checkoutFormSchema({ orderType: "C" })).toBe(checkoutFormSchema({ orderType: "C" }));
    expect(checkoutFormSchema({ orderType: "D" })).not.toBe(checkoutFormSchema({ orderType: "C" }));
  });

  it("leaves a caller that turns coercion off to conform's own parse", () => {
    const raw = parseWithZod(form([["name", "Ana"], ["count", "3"]]), { schema, disableAutoCoercion: true });
    expect(raw.status).toBe("error");
    expect(raw.status === "error" && raw.error?.count).toBeTruthy();
  });
});
