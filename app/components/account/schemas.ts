/**
 * The account forms' schemas, for the pages (conform in the browser) and their actions alike: the customer rules of
 * server/customers/rules.ts, pure and shared. (A route cannot take them from its `.server` glue: the browser's
 * bundle has none of it.)
 */
export { loginSchema, profileSchema, registerSchema, resetRequestSchema, setPasswordSchema } from "#server/customers/rules";
