import { z } from "zod";

/**
 * Tenant constants from the spec (section 9). Money is in integer centavos.
 * These are business facts, not deployment settings; env-tunable values live in `env()`.
 */
export const constants = {
  currency: "MXN",
  currencySymbol: "$",
  country: "MX",
  decimals: 2,
  maxCartCents: 200_000,
  openTime: "10:00:00",
  closeTime: "23:00:00",
  collectionQuoteMinutes: 30,
  halfAndHalfCents: 5_000,
  halfAndHalfLunchCents: 4_000,
  defaultMenu: "deals",
  defaultOrderType: "D" as const,
  defaultTier: 1,
  phoneMinDigits: 10,
  phoneMaxDigits: 12,
  earliestBirthYear: 1900,
  idleResetMinutes: 60,
  toppingLimits: { extra: 1, removal: 1, perTopping: 1 },
  driverChangeLimitCents: 20_000,
  defaultTimeZone: "America/Mexico_City",
  languages: ["es", "en", "ar"] as const,
  defaultLanguage: "es" as const,
  checkoutFieldMaxLength: 60,
  commentMaxLength: 250,
};

export type Language = (typeof constants.languages)[number];

/** An empty variable counts as unset (Docker and CI often pass VAR= ). */
const optional = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().positive().default(3000),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")),
  DATA_DIR: z.string().min(1).default("./data"),
  SESSION_SECRET: optional(z.string()),
  STORE_NOW: optional(z.string().datetime({ offset: true })),
  TAX_PERCENT: z.coerce.number().min(0).max(100).default(6),
  DELIVERY_FEE_CENTS: z.coerce.number().int().min(0).default(3_900),
  SEED_ON_START: z.enum(["true", "false"]).default("true"),
});

export type Env = z.infer<typeof EnvSchema>;

let cached: Env | undefined;

/** Deployment settings, parsed once with zod. A bad value stops the process with a clear message. */
export function env(): Env {
  if (cached) return cached;
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${problems}`);
  }
  cached = parsed.data;
  return cached;
}

/** For tests that change process.env between cases. */
export function resetEnvCache() {
  cached = undefined;
}
