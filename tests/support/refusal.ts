import { expect } from "vitest";
import { DomainError } from "#server/errors";

/** Awaits a promise that must be refused with a DomainError, and returns that error. */
export async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}
