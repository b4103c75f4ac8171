import { z } from "zod";
import { isImagePath, LINK_MAX } from "#server/content/links";

/**
 * A banner's form (/store/banners/:id, managers only), shared by the browser (conform's inline errors) and the server.
 * Messages are keys of the "store" namespace. The server reads the local date-times in the chain's time zone and
 * checks the links again against the chain's address (server/content/links.ts).
 */
export const optionalText = (max: number) => z.string().trim().max(max, "store:banners.v.tooLong").optional();
export const localDateTime = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "store:banners.v.dateTime")
  .optional();
// The shape only (a path, or an http(s) URL); whether it is this site's is the server's check.
const link = z
  .string()
  .trim()
  .max(LINK_MAX, "store:banners.v.link")
  .regex(/^(?:\/(?![/\\])|https?:\/\/)\S*$/, "store:banners.v.link")
  .optional();

/** The order and schedule fields of the console's banners and campaigns. */
export const orderAndSchedule = {
  sortOrder: z.coerce.number({ invalid_type_error: "store:banners.v.sortOrder" }).int("store:banners.v.sortOrder").min(0, "store:banners.v.sortOrder").max(9999, "store:banners.v.sortOrder").default(0),
  startsAt: localDateTime,
  endsAt: localDateTime,
};

export const bannerFormSchema = z.object({
  intent: z.enum(["save", "preview"]),
  position: z.enum(["home_hero", "menu_top"], { errorMap: () => ({ message: "store:banners.v.position" }) }),
  image: z.string({ required_error: "store:banners.v.image" }).trim().refine(isImagePath, "store:banners.v.image"),
  altEs: z.string({ required_error: "store:banners.v.altRequired" }).trim().min(1, "store:banners.v.altRequired").max(200, "store:banners.v.tooLong"),
  altEn: optionalText(200),
  altAr: optionalText(200),
  titleEs: optionalText(120),
  titleEn: optionalText(120),
  titleAr: optionalText(120),
  linkEs: link,
  linkEn: link,
  linkAr: link,
  ...orderAndSchedule,
});
export type BannerForm = z.infer<typeof bannerFormSchema>;
