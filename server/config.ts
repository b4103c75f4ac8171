import { z } from "zod";
import { tenant } from "#server/tenant";

export { constants, type Language } from "./constants";

/** An empty variable counts as unset (Docker and CI often pass VAR= ). */
const optional = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const unsetIfEmpty = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((value) => (value === "" ? undefined : value), schema);

const httpUrl = z.string().url().regex(/^https?:\/\//, "must be an http(s) URL");

/** The social sign-in providers of the spec (Facebook 1, Google 2, Yahoo 3), as their env variables name them. */
export const SOCIAL_PROVIDERS = ["FACEBOOK", "GOOGLE", "YAHOO"] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/**
 * One social provider's settings (app/web/social.server.ts): it is offered only when its CLIENT_ID and CLIENT_SECRET
 * are both set. Its endpoints are the provider's well-known ones unless ISSUER is set (OpenID discovery at
 * ISSUER/.well-known/openid-configuration) or the three URLs are (AUTHORIZATION_URL, TOKEN_URL, USERINFO_URL); SCOPES
 * replaces the usual scopes.
 */
const socialShape = {
  CLIENT_ID: optional(z.string().min(1)),
  CLIENT_SECRET: optional(z.string().min(1)),
  ISSUER: optional(httpUrl),
  AUTHORIZATION_URL: optional(httpUrl),
  TOKEN_URL: optional(httpUrl),
  USERINFO_URL: optional(httpUrl),
  /** The scopes asked for, space-separated, instead of the provider's usual ones. */
  SCOPES: optional(z.string().regex(/^[\w:./-]+( [\w:./-]+)*$/, "space-separated scopes")),
};
type SocialShape = typeof socialShape;
export type SocialSetting = keyof SocialShape;
const socialSettings = <P extends SocialProvider>(provider: P) =>
  Object.fromEntries(Object.entries(socialShape).map(([key, schema]) => [`SOCIAL_${provider}_${key}`, schema])) as {
    [K in SocialSetting as `SOCIAL_${P}_${K}`]: SocialShape[K];
  };

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().positive().default(3000),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")),
  DATA_DIR: z.string().min(1).default("./data"),
  /** "false": every statement unnamed (a pooler in transaction mode that cannot keep prepared statements). */
  DATABASE_PREPARED_STATEMENTS: z.enum(["true", "false"]).default("true"),
  SESSION_SECRET: optional(z.string()),
  STORE_NOW: optional(z.string().datetime({ offset: true })),
  DELIVERY_FEE_CENTS: z.coerce.number().int().min(0).default(3_900),
  SEED_ON_START: z.enum(["true", "false"]).default("true"),
  /** The demo staff: "true" always, "false" never, unset outside production only. */
  SEED_DEMO_STAFF: optional(z.enum(["true", "false"])),
  /** The demo customer (server/db/seed/customers.ts): "true" always (`npm start` sets it), "false" never, unset outside production only. */
  SEED_DEMO_CUSTOMER: optional(z.enum(["true", "false"])),
  /** "false": cookies over plain http even in production (a demo on localhost). */
  COOKIE_SECURE: optional(z.enum(["true", "false"])),
  /** Map tiles for the store pages: an http(s) URL template with {z}, {x} and {y}. Unset: no map. */
  MAP_TILE_URL: optional(
    z
      .string()
      .url()
      .regex(/^https?:\/\/[^/{}]+\//, "must be an http(s) URL on a fixed host")
      .refine((url) => ["{z}", "{x}", "{y}"].every((p) => url.includes(p)), "must contain {z}, {x} and {y}"),
  ),
  /** A Nominatim-compatible geocoding search endpoint (https://…/search). Unset: no geocoder (the default). */
  GEOCODER_URL: optional(z.string().url().regex(/^https?:\/\//, "must be an http(s) URL")),
  /**
   * The storefront's public address, for links in mails (tracker links) and the way back from Adyen's hosted page.
   * Unset: http://localhost:PORT (below), so a demo on another port links to itself.
   */
  PUBLIC_URL: z.preprocess((value) => (value === "" ? undefined : value), z.string().url().regex(/^https?:\/\//, "must be an http(s) URL").optional()),
  /** smtp(s)://user:pass@host:port: the outbox's mails are sent through it (nodemailer). Unset: they stay in the outbox. */
  SMTP_URL: optional(z.string().url().regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")),
  /**
   * The SMS provider's webhook (server/sms): texts of the SMS outbox are POSTed to it as JSON {to, text} with
   * `Authorization: Bearer SMS_TOKEN`; a 2xx is "sent". Unset: texts stay in the outbox (see DEMO_OUTBOX).
   */
  SMS_URL: optional(z.string().url().regex(/^https?:\/\//, "must be an http(s) URL")),
  SMS_TOKEN: optional(z.string().min(1)),
  /**
   * "true": the /outbox page lists the latest mails and texts of the outboxes (the demo's way to read a
   * confirmation link or a phone code without a mail server or an SMS provider). `npm start` sets it; never on
   * by default, never for a deployment (it shows every customer's messages).
   */
  DEMO_OUTBOX: unsetIfEmpty(z.enum(["true", "false"]).default("false")),
  /** argon2id's cost for new password hashes (OWASP's minimum by default); the tests set it low. */
  ARGON2_MEMORY_KIB: unsetIfEmpty(z.coerce.number().int().min(64).max(4_194_304).default(19_456)),
  ARGON2_TIME_COST: unsetIfEmpty(z.coerce.number().int().min(1).max(20).default(2)),
  /**
   * Tests only: the random integer every play of the coupon game draws (server/coupons/game.ts), taken modulo the
   * game's total weight (0: the first prize), so an end-to-end run knows what is won. Refused unless the database is
   * a throwaway one in memory (DATA_DIR=memory:// and no DATABASE_URL, as the e2e server's): a deployment, whose
   * database keeps its rows, cannot start with a fixed draw.
   */
  COUPON_GAME_TEST_DRAW: optional(z.coerce.number().int().min(0)),
  /**
   * Online card payment through Adyen (server/payments/adyen). Offered only when the API key, merchant account,
   * client key and HMAC key are all set (none: no online payment; some: the start is refused). ENVIRONMENT "live"
   * needs LIVE_URL_PREFIX (the merchant's [prefix]-checkout-live.adyenpayments.com). The webhook's basic auth, when
   * set, is required of every notification besides its HMAC signature.
   */
  ADYEN_API_KEY: optional(z.string().min(1)),
  ADYEN_MERCHANT_ACCOUNT: optional(z.string().regex(/^[\w.-]{1,80}$/, "a merchant account name")),
  ADYEN_CLIENT_KEY: optional(z.string().regex(/^(test|live)_[A-Za-z0-9]{8,64}$/, "a client key (test_… or live_…)")),
  ADYEN_HMAC_KEY: optional(z.string().regex(/^([0-9A-Fa-f]{2}){16,64}$/, "a hex HMAC key")),
  ADYEN_ENVIRONMENT: unsetIfEmpty(z.enum(["test", "live"]).default("test")),
  ADYEN_LIVE_URL_PREFIX: optional(z.string().regex(/^[a-z0-9]{4,40}-[A-Za-z0-9]{2,40}$/, "the live URL prefix ([random]-[company name])")),
  ADYEN_WEBHOOK_USERNAME: optional(z.string().min(1)),
  ADYEN_WEBHOOK_PASSWORD: optional(z.string().min(8)),
  /**
   * Test environment only: the local stand-in (tests/support/adyen; `npm start` without credentials). ENDPOINT
   * replaces https://checkout-test.adyen.com (an https origin), ENDPOINT_CA is the PEM its certificate is signed by,
   * SHOPPER_URL replaces Adyen's checkoutshopper base for the browser (Adyen Web's iframes, the hosted page).
   */
  ADYEN_ENDPOINT: optional(z.string().url().regex(/^https:\/\/[^/]+$/, "an https origin without a path")),
  ADYEN_ENDPOINT_CA: optional(z.string().min(1)),
  ADYEN_SHOPPER_URL: optional(z.string().url().regex(/^https?:\/\/[^/]+\/.*\/$/, "an http(s) URL ending in /")),
  /** The From of the storefront's mails. */
  MAIL_FROM: z.preprocess((value) => (value === "" ? undefined : value), z.string().min(3).default(tenant.mailFrom)),
  /** Where the contact form's messages go (/contact); each mail's Reply-To is the customer who wrote. */
  CUSTOMER_CARE_EMAIL: z.preprocess((value) => (value === "" ? undefined : value), z.string().email().max(254).default("atencion@pizzademo.mx")),
  /** Where job applications (/careers/:id) are mailed, with the CV attached (a demo address by default). */
  CAREERS_EMAIL: z.preprocess((value) => (value === "" ? undefined : value), z.string().email().max(254).default("empleos@pizzademo.mx")),
  ...socialSettings("FACEBOOK"),
  ...socialSettings("GOOGLE"),
  ...socialSettings("YAHOO"),
}).superRefine((settings, ctx) => {
  if (settings.COUPON_GAME_TEST_DRAW !== undefined && (settings.DATABASE_URL || !settings.DATA_DIR.startsWith("memory://"))) {
    ctx.addIssue({ code: "custom", path: ["COUPON_GAME_TEST_DRAW"], message: "a fixed draw is for tests: only with an in-memory database (DATA_DIR=memory://, no DATABASE_URL)" });
  }
  const adyenKeys = (["ADYEN_API_KEY", "ADYEN_MERCHANT_ACCOUNT", "ADYEN_CLIENT_KEY", "ADYEN_HMAC_KEY"] as const).filter((key) => settings[key]);
  if (adyenKeys.length > 0 && adyenKeys.length < 4) {
    ctx.addIssue({ code: "custom", path: ["ADYEN_API_KEY"], message: "set ADYEN_API_KEY, ADYEN_MERCHANT_ACCOUNT, ADYEN_CLIENT_KEY and ADYEN_HMAC_KEY together, or none" });
  }
  if (settings.ADYEN_ENVIRONMENT === "live") {
    if (!settings.ADYEN_LIVE_URL_PREFIX) ctx.addIssue({ code: "custom", path: ["ADYEN_LIVE_URL_PREFIX"], message: "required when ADYEN_ENVIRONMENT is live" });
    for (const key of ["ADYEN_ENDPOINT", "ADYEN_ENDPOINT_CA", "ADYEN_SHOPPER_URL"] as const) {
      if (settings[key]) ctx.addIssue({ code: "custom", path: [key], message: "the stand-in is for the test environment only" });
    }
    if (settings.ADYEN_CLIENT_KEY && !settings.ADYEN_CLIENT_KEY.startsWith("live_")) ctx.addIssue({ code: "custom", path: ["ADYEN_CLIENT_KEY"], message: "a live client key starts with live_" });
  } else if (settings.ADYEN_CLIENT_KEY && !settings.ADYEN_CLIENT_KEY.startsWith("test_")) {
    ctx.addIssue({ code: "custom", path: ["ADYEN_CLIENT_KEY"], message: "a test client key starts with test_" });
  }
  if (Boolean(settings.ADYEN_WEBHOOK_USERNAME) !== Boolean(settings.ADYEN_WEBHOOK_PASSWORD)) {
    ctx.addIssue({ code: "custom", path: ["ADYEN_WEBHOOK_PASSWORD"], message: "set ADYEN_WEBHOOK_USERNAME and ADYEN_WEBHOOK_PASSWORD together, or neither" });
  }
  for (const provider of SOCIAL_PROVIDERS) {
    const setting = (key: SocialSetting) => settings[`SOCIAL_${provider}_${key}`];
    const complain = (key: SocialSetting, message: string) => ctx.addIssue({ code: "custom", path: [`SOCIAL_${provider}_${key}`], message });
    if (Boolean(setting("CLIENT_ID")) !== Boolean(setting("CLIENT_SECRET"))) complain("CLIENT_SECRET", "set both CLIENT_ID and CLIENT_SECRET, or neither");
    const urls = (["AUTHORIZATION_URL", "TOKEN_URL", "USERINFO_URL"] as const).filter((key) => setting(key));
    if (urls.length > 0 && urls.length < 3) complain("AUTHORIZATION_URL", "set AUTHORIZATION_URL, TOKEN_URL and USERINFO_URL together");
    if (urls.length > 0 && setting("ISSUER")) complain("ISSUER", "set ISSUER or the three URLs, not both");
  }
});

const Settings = EnvSchema.transform((settings) => ({ ...settings, PUBLIC_URL: settings.PUBLIC_URL ?? `http://localhost:${settings.PORT}` }));

export type Env = z.infer<typeof Settings>;

let cached: Env | undefined;

/** Deployment settings, parsed once with zod. A bad value stops the process with a clear message. */
export function env(): Env {
  if (cached) return cached;
  const parsed = Settings.safeParse(process.env);
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
