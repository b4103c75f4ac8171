import { z } from "zod";
import { optionalText } from "./banner-schema";

/**
 * The forms of the managers' topic, opening and favourite editors (issue 14 point 8, beyond the spec), shared by the
 * browser (conform's inline errors) and the server. Messages are keys of the "store" namespace.
 */
const required = (max: number, key: string) => z.string({ required_error: key }).trim().min(1, key).max(max, "store:banners.v.tooLong");
const position = z.coerce
  .number({ invalid_type_error: "store:banners.v.sortOrder" })
  .int("store:banners.v.sortOrder")
  .min(0, "store:banners.v.sortOrder")
  .max(9999, "store:banners.v.sortOrder")
  .default(0);

/** The table's limits (migration 0022). */
export const TOPIC_BODY_MAX = 50_000;
export const topicFormSchema = z.object({
  intent: z.enum(["save", "preview"]),
  slug: z
    .string({ required_error: "store:topics.v.slug" })
    .trim()
    .max(80, "store:topics.v.slug")
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "store:topics.v.slug"),
  publishedAt: z
    .string({ required_error: "store:topics.v.publishedAt" })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "store:topics.v.publishedAt"),
  titleEs: required(160, "store:topics.v.titleRequired"),
  titleEn: optionalText(160),
  titleAr: optionalText(160),
  summaryEs: optionalText(400),
  summaryEn: optionalText(400),
  summaryAr: optionalText(400),
  bodyEs: required(TOPIC_BODY_MAX, "store:topics.v.bodyRequired"),
  bodyEn: optionalText(TOPIC_BODY_MAX),
  bodyAr: optionalText(TOPIC_BODY_MAX),
});
export type TopicForm = z.infer<typeof topicFormSchema>;

export const OPENING_DESCRIPTION_MAX = 10_000;
export const openingFormSchema = z.object({
  intent: z.enum(["save", "preview"]),
  code: z
    .string({ required_error: "store:openings.v.code" })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9][A-Z0-9-]{0,39}$/, "store:openings.v.code"),
  outletId: z.coerce.number({ required_error: "store:openings.v.outlet", invalid_type_error: "store:openings.v.outlet" }).int("store:openings.v.outlet").min(1, "store:openings.v.outlet").max(2_147_483_647, "store:openings.v.outlet"),
  titleEs: required(120, "store:openings.v.titleRequired"),
  titleEn: optionalText(120),
  titleAr: optionalText(120),
  descriptionEs: required(OPENING_DESCRIPTION_MAX, "store:openings.v.descriptionRequired"),
  descriptionEn: optionalText(OPENING_DESCRIPTION_MAX),
  descriptionAr: optionalText(OPENING_DESCRIPTION_MAX),
  position,
});
export type OpeningForm = z.infer<typeof openingFormSchema>;
