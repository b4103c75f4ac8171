import { describe, expect, it } from "vitest";
import { z } from "zod";
import { loadValidation, serverSideValidation, validateLazily, validationLoaded } from "./lazy-validation";

// conform's hidden intent field: a blur dispatches { type: "validate", payload: { name } } under this name.
const validateIntent = (name: string) => JSON.stringify({ type: "validate", payload: { name } });
const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.set(key, value);
  return data;
};

describe("serverSideValidation (before the schema has arrived)", () => {
  it("lets a submit through as a success, so the form posts and the server validates", () => {
    const submission = serverSideValidation(form({ email: "not an email" }));
    expect(submission.status).toBe("success");
    // conform's submit(): success -> reply() reports no error and the form is not prevented from posting
    expect(submission.reply().error).toBeUndefined();
  });

  it("answers a validate intent (a blur) with no status and an empty error: nothing shown, nothing posted", () => {
    const submission = serverSideValidation(form({ email: "x", __intent__: validateIntent("email") }));
    expect(submission.status).toBeUndefined();
    // conform's react submit() posts only when error === null; {} makes it prevent the intent's submit
    expect(submission.status === "success" ? null : submission.error).toEqual({});
    expect(submission.reply().error).toBeUndefined();
  });
});

describe("validateLazily", () => {
  const schema = z.object({ email: z.string({ required_error: "required" }).email("email") });

  it("validates on the server's side until the loader has resolved, then with the schema", async () => {
    const load = () => Promise.resolve(schema);
    expect(validateLazily(load, [], form({ email: "x" })).submission.status).toBe("success");
    expect(validationLoaded(load)).toBe(false);
    await loadValidation(load);
    expect(validationLoaded(load)).toBe(true);
    const invalid = validateLazily(load, [], form({ email: "x" })).submission;
    expect(invalid.status).toBe("error");
    expect(invalid.status === "success" ? null : invalid.error).toEqual({ email: ["email"] });
    const blurred = validateLazily(load, [], form({ email: "x", __intent__: validateIntent("email") })).submission;
    expect(blurred.status === "success" ? null : blurred.error).toEqual({ email: ["email"] });
    expect(validateLazily(load, [], form({ email: "a@b.mx" })).submission.status).toBe("success");
  });

  it("loads once per loader and builds a factory's schema once per arguments", async () => {
    let loads = 0;
    let built = 0;
    const factory = (max: number) => {
      built += 1;
      return z.object({ n: z.coerce.number().max(max, "tooBig") });
    };
    const load = () => {
      loads += 1;
      return Promise.resolve(factory);
    };
    await Promise.all([loadValidation(load), loadValidation(load)]);
    await loadValidation(load);
    expect(loads).toBe(1);
    const first = validateLazily(load, [5], form({ n: "6" }));
    expect(first.submission.status).toBe("error");
    const second = validateLazily(load, [5], form({ n: "4" }), first.memo);
    expect(second.submission.status).toBe("success");
    expect(built).toBe(1);
    const wider = validateLazily(load, [10], form({ n: "6" }), second.memo);
    expect(wider.submission.status).toBe("success");
    expect(built).toBe(2);
  });

  it("stays with the server's validation when the chunk fails, and tries again next time", async () => {
    let attempts = 0;
    const load = () => {
      attempts += 1;
      return attempts === 1 ? Promise.reject(new Error("chunk")) : Promise.resolve(schema);
    };
    await loadValidation(load);
    expect(validationLoaded(load)).toBe(false);
    expect(validateLazily(load, [], form({ email: "x" })).submission.status).toBe("success");
    await loadValidation(load);
    expect(validationLoaded(load)).toBe(true);
  });
});
