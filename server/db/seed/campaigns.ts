import type { Kysely } from "kysely";
import { instantAt } from "../../clock";
import { constants } from "../../constants";
import type { DB, I18nText } from "../types";

/**
 * The demo chain's banners, campaigns and favourite products (issue 14 points 3 and 9), in es, en and ar. Pictures
 * are the SVGs of public/images/banners. Two campaigns run around the pinned demo clock (November 2026 to early
 * 2027) and one has ended (summer 2026: its page is a 404). Written once: campaigns by name, banners only into an
 * empty table, so a manager's edits and pauses stay; the favourites only while no product is one.
 */
const text = (es: string, en: string, ar: string): I18nText => ({ es, en, ar });
const at = (date: string) => instantAt(date, "00:00:00", constants.defaultTimeZone);

/** The home page's favourite products, in order (`products.featured`). */
export const FEATURED_SKUS = ["PZ-PEPPERONI", "PZ-HAWAIANA", "PZ-CUATRO-QUESOS", "SD-ALITAS-BBQ"];

export const demoCampaigns = [
  {
    name: "noche-de-pizza",
    title: text("Noche de pizza", "Pizza night", "ليلة البيتزا"),
    summary: text(
      "Tus favoritas para compartir esta temporada, con 15 % de descuento y envío gratis.",
      "Your favorites to share this season, with 15% off and free delivery.",
      "مفضّلاتك للمشاركة هذا الموسم، مع خصم 15٪ وتوصيل مجاني.",
    ),
    terms: text(
      "Válida del 1 de noviembre de 2026 al 31 de enero de 2027 en sucursales participantes. **PIZZA15**: 15 % en pedidos desde $250, hasta $150 de descuento. **ENVIOGRATIS**: envío gratis en pedidos a domicilio, hasta agotar 500 usos. Los dos cupones se pueden usar en el mismo pedido.",
      "Valid from 1 November 2026 to 31 January 2027 in participating stores. **PIZZA15**: 15% off orders from $250, up to $150 off. **ENVIOGRATIS**: free delivery on delivery orders, while its 500 uses last. Both coupons can be used on the same order.",
      "صالحة من 1 نوفمبر 2026 إلى 31 يناير 2027 في الفروع المشاركة. **PIZZA15**: خصم 15٪ على الطلبات من ‎$250، حتى ‎$150. **ENVIOGRATIS**: توصيل مجاني لطلبات التوصيل حتى نفاد 500 استخدام. يمكن استخدام القسيمتين في الطلب نفسه.",
    ),
    image: "/images/banners/noche-de-pizza.svg",
    alt: text("Una pizza de pepperoni bajo un cielo estrellado", "A pepperoni pizza under a starry sky", "بيتزا بالببروني تحت سماء مرصّعة بالنجوم"),
    product_skus: ["PZ-PEPPERONI", "PZ-SUPREMA", "CB-FAMILIAR"],
    coupon_codes: ["PIZZA15", "ENVIOGRATIS"],
    sort_order: 1,
    starts_at: at("2026-11-01"),
    ends_at: at("2027-02-01"),
  },
  {
    name: "martes-hut",
    title: text("Martes Hut", "Hut Tuesday", "ثلاثاء هت"),
    summary: text(
      "Cada martes, pizzas grandes a precio especial y $40 menos con MARTESHUT.",
      "Every Tuesday, large pizzas at a special price and $40 off with MARTESHUT.",
      "كل ثلاثاء، بيتزا كبيرة بسعر خاص وخصم ‎$40 مع MARTESHUT.",
    ),
    terms: text(
      "Solo los martes, de noviembre de 2026 a marzo de 2027. **MARTESHUT**: $40 de descuento en pedidos desde $250.",
      "Tuesdays only, from November 2026 to March 2027. **MARTESHUT**: $40 off orders from $250.",
      "أيام الثلاثاء فقط، من نوفمبر 2026 إلى مارس 2027. **MARTESHUT**: خصم ‎$40 على الطلبات من ‎$250.",
    ),
    image: "/images/banners/martes-hut.svg",
    alt: text("Dos pizzas grandes con confeti", "Two large pizzas with confetti", "بيتزا كبيرتان مع قصاصات ملوّنة"),
    product_skus: ["HD-PEPPERONI-GRANDE", "HD-HAWAIANA-GRANDE"],
    coupon_codes: ["MARTESHUT"],
    sort_order: 2,
    starts_at: at("2026-11-01"),
    ends_at: at("2027-04-01"),
  },
  {
    name: "verano-2026",
    title: text("Verano 2026", "Summer 2026", "صيف 2026"),
    summary: text("Hawaiana y refresco de regalo para el calor.", "Hawaiian pizza and a free soft drink for the heat.", "بيتزا هاواي ومشروب غازي مجاني للحر."),
    terms: text("Terminó el 31 de agosto de 2026.", "Ended on 31 August 2026.", "انتهت في 31 أغسطس 2026."),
    image: "/images/banners/verano.svg",
    alt: text("Una pizza y un refresco en la playa", "A pizza and a soft drink on the beach", "بيتزا ومشروب غازي على الشاطئ"),
    product_skus: ["PZ-HAWAIANA", "DR-COLA-2L"],
    coupon_codes: ["REFRESCO"],
    sort_order: 3,
    starts_at: at("2026-06-01"),
    ends_at: at("2026-09-01"),
  },
];

export const demoBanners = [
  {
    position: "home_hero",
    image: "/images/banners/noche-de-pizza.svg",
    alt: demoCampaigns[0]!.alt,
    title: text("Noche de pizza: 15 % en tu pedido", "Pizza night: 15% off your order", "ليلة البيتزا: خصم 15٪ على طلبك"),
    link: text("/campaign/noche-de-pizza", "/campaign/noche-de-pizza", "/campaign/noche-de-pizza"),
    sort_order: 1,
    starts_at: at("2026-11-01"),
    ends_at: at("2027-02-01"),
  },
  {
    position: "home_hero",
    image: "/images/banners/martes-hut.svg",
    alt: demoCampaigns[1]!.alt,
    title: text("Martes Hut: grandes a precio especial", "Hut Tuesday: large pizzas for less", "ثلاثاء هت: بيتزا كبيرة بسعر أقل"),
    link: text("/campaign/martes-hut", "/campaign/martes-hut", "/campaign/martes-hut"),
    sort_order: 2,
    starts_at: at("2026-11-01"),
    ends_at: at("2027-04-01"),
  },
  {
    position: "home_hero",
    image: "/images/banners/verano.svg",
    alt: demoCampaigns[2]!.alt,
    title: text("Verano 2026", "Summer 2026", "صيف 2026"),
    link: text("/campaign/verano-2026", "/campaign/verano-2026", "/campaign/verano-2026"),
    sort_order: 3,
    starts_at: at("2026-06-01"),
    ends_at: at("2026-09-01"),
  },
  {
    position: "menu_top",
    image: "/images/banners/envio-gratis.svg",
    alt: text("Una caja de pizza sobre ruedas", "A pizza box on wheels", "علبة بيتزا على عجلات"),
    title: text("Envío gratis con el cupón ENVIOGRATIS", "Free delivery with the coupon ENVIOGRATIS", "توصيل مجاني مع القسيمة ENVIOGRATIS"),
    link: text("/order/coupons", "/order/coupons", "/order/coupons"),
    sort_order: 1,
    starts_at: null,
    ends_at: null,
  },
];

export async function seedPromotions(db: Kysely<DB>): Promise<void> {
  await db
    .insertInto("campaigns")
    .values(
      demoCampaigns.map((c) => ({
        ...c,
        title: JSON.stringify(c.title),
        summary: JSON.stringify(c.summary),
        terms: JSON.stringify(c.terms),
        alt: JSON.stringify(c.alt),
      })),
    )
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const banner = await db.selectFrom("banners").select("id").limit(1).executeTakeFirst();
  if (!banner) {
    await db
      .insertInto("banners")
      .values(demoBanners.map((b) => ({ ...b, alt: JSON.stringify(b.alt), title: JSON.stringify(b.title), link: JSON.stringify(b.link) })))
      .execute();
  }
  const featured = await db.selectFrom("products").select("id").where("featured", "is not", null).limit(1).executeTakeFirst();
  if (!featured) {
    for (const [index, sku] of FEATURED_SKUS.entries()) await db.updateTable("products").set({ featured: index + 1 }).where("sku", "=", sku).execute();
  }
}
