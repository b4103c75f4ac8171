import { parse, type Submission } from "@conform-to/react";
import { useEffect, useRef } from "react";
import type { ZodTypeAny, input, output } from "zod";

/**
 * Conform's inline validation without zod on the page's first load (issue 15): a form says
 * `onValidate: useLazyValidation(loadFooSchema)`, where `loadFooSchema` is a module-scope
 * `() => import("…").then((m) => m.fooSchema)` (or resolves to a factory, `registerSchema`, whose arguments follow:
 * `useLazyValidation(loadRegisterSchema, today)`). After hydration the schema's module, zod and @conform-to/zod
 * arrive as chunks of their own (once per loader for the whole page: a second form or a remount reuses them).
 *
 * Until they have arrived, validation is the server's, as with JavaScript off: a submit is let through as it is
 * (conform reads a submission with no intent and no error as a success) and the action answers its 400 with the
 * errors beside the fields; a validate intent (a blur) yields no status and no error, so conform neither shows an
 * error nor posts the intent to the server. Every action validates with the same schema, so nothing is skipped.
 */

type ParseWithZod = typeof import("@conform-to/zod").parseWithZod;

/** What conform's `onValidate` receives, reduced to what validation reads. */
export type ValidationContext = { formData: FormData };

/** A form's `onValidate`, typed by its schema as `parseWithZod` types it. */
export type LazyValidate<S extends ZodTypeAny> = (context: ValidationContext) => Submission<input<S>, string[], output<S>>;

type Loader = () => Promise<unknown>;

/** The loaded schema (or schema factory) and parser, per loader, for the page's lifetime. */
const loaded = new WeakMap<Loader, { schemaOrFactory: unknown; parseWithZod: ParseWithZod }>();
const loading = new WeakMap<Loader, Promise<void>>();

/**
 * Starts loading a schema and @conform-to/zod once per loader. A failed chunk (a deploy in between, the network)
 * leaves validation to the server and is tried again by the next form that mounts.
 */
export function loadValidation(load: Loader): Promise<void> {
  const started = loading.get(load);
  if (started) return started;
  inFlight += 1;
  markSettled();
  const promise = Promise.all([load(), import("@conform-to/zod")])
    .then(
      ([schemaOrFactory, { parseWithZod }]) => {
        loaded.set(load, { schemaOrFactory, parseWithZod });
      },
      () => {
        loading.delete(load);
      },
    )
    .finally(() => {
      inFlight -= 1;
      markSettled();
    });
  loading.set(load, promise);
  return promise;
}

/**
 * `<html data-inline-validation>` while no schema is loading: every form on the page then validates inline (the
 * end-to-end tests wait on it before they blur a field, since a blur before it shows nothing).
 */
let inFlight = 0;
function markSettled() {
  if (typeof document !== "undefined") document.documentElement.toggleAttribute("data-inline-validation", inFlight === 0);
}

/** Whether a loader's schema has arrived, so that validation is inline. */
export function validationLoaded(load: Loader): boolean {
  return loaded.has(load);
}

/**
 * The validation before the schema has arrived: a submit passes (the server validates it), a validate intent
 * shows nothing and stays in the browser. Conform's own `parse`, with every value accepted as it is.
 */
export function serverSideValidation(formData: FormData) {
  return parse(formData, { resolve: (value) => ({ value }) });
}

const sameArguments = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((value, i) => Object.is(value, b[i]));

/**
 * Validates with the loaded schema (built from `args` when the loader gives a factory), or as
 * `serverSideValidation` while it has not arrived. `memo` keeps the schema a factory built for the same arguments.
 */
export function validateLazily(load: Loader, args: readonly unknown[], formData: FormData, memo?: { args: readonly unknown[]; schema: ZodTypeAny }) {
  const found = loaded.get(load);
  if (!found) return { submission: serverSideValidation(formData), memo };
  let schema: ZodTypeAny;
  if (typeof found.schemaOrFactory !== "function") schema = found.schemaOrFactory as ZodTypeAny;
  else if (memo && sameArguments(memo.args, args)) schema = memo.schema;
  else {
    schema = (found.schemaOrFactory as (...args: unknown[]) => ZodTypeAny)(...args);
    memo = { args, schema };
  }
  return { submission: found.parseWithZod(formData, { schema }), memo };
}

export function useLazyValidation<S extends ZodTypeAny>(load: () => Promise<S>): LazyValidate<S>;
export function useLazyValidation<S extends ZodTypeAny, A extends unknown[]>(load: () => Promise<(...args: A) => S>, ...args: A): LazyValidate<S>;
export function useLazyValidation(load: Loader, ...args: unknown[]): LazyValidate<ZodTypeAny> {
  useEffect(() => {
    void loadValidation(load);
  }, [load]);
  const memo = useRef<{ args: readonly unknown[]; schema: ZodTypeAny }>();
  return ({ formData }) => {
    const result = validateLazily(load, args, formData, memo.current);
    memo.current = result.memo;
    return result.submission as ReturnType<LazyValidate<ZodTypeAny>>;
  };
}
