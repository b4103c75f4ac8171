import type { Migration } from "kysely";
import * as m0001 from "./0001_initial";
import * as m0002 from "./0002_combos";
import * as m0003 from "./0003_hours_slots";
import * as m0004 from "./0004_checkout";
import * as m0005 from "./0005_staff";
import * as m0006 from "./0006_mail_outbox";
import * as m0007 from "./0007_order_coupons";
import * as m0008 from "./0008_hardening";
import * as m0009 from "./0009_customers";
import * as m0010 from "./0010_coupons";
import * as m0011 from "./0011_coupon_lines";
import * as m0012 from "./0012_staff_roles";
import * as m0014 from "./0014_coupon_listed";
import * as m0015 from "./0015_payments";
import * as m0016 from "./0016_site_settings";
import * as m0017 from "./0017_content_pages";
import * as m0020 from "./0020_nutrition_tenant";
import * as m0021 from "./0021_contact_survey";
import * as m0022 from "./0022_topics_careers";
import * as m0023 from "./0023_campaigns_banners";
import * as m0024 from "./0024_order_slot_start";
import * as m0025 from "./0025_indexes";
import * as m0026 from "./0026_catalog_version";
import * as m0027 from "./0027_messages";
import * as m0028 from "./0028_editors";
import * as m0029 from "./0029_content_version";
import * as m0030 from "./0030_versions_notify";
import * as m0031 from "./0031_cart_last_add";
import * as m0032 from "./0032_versions_notify_schema";
import * as m0033 from "./0033_product_pizzas";
import * as m0034 from "./0034_opening_updated_at";
import * as m0035 from "./0035_issued_loyalty_cards";

/**
 * Numbered migrations, imported statically so they travel inside the server build.
 * Add a file `NNNN_name.ts` and list it here; never edit a migration that has shipped.
 */
export const migrations: Record<string, Migration> = {
  "0001_initial": m0001,
  "0002_combos": m0002,
  "0003_hours_slots": m0003,
  "0004_checkout": m0004,
  "0005_staff": m0005,
  "0006_mail_outbox": m0006,
  "0007_order_coupons": m0007,
  "0008_hardening": m0008,
  "0009_customers": m0009,
  "0010_coupons": m0010,
  "0011_coupon_lines": m0011,
  "0012_staff_roles": m0012,
  "0014_coupon_listed": m0014,
  "0015_payments": m0015,
  "0016_site_settings": m0016,
  "0017_content_pages": m0017,
  "0020_nutrition_tenant": m0020,
  "0021_contact_survey": m0021,
  "0022_topics_careers": m0022,
  "0023_campaigns_banners": m0023,
  "0024_order_slot_start": m0024,
  "0025_indexes": m0025,
  "0026_catalog_version": m0026,
  "0027_messages": m0027,
  "0028_editors": m0028,
  "0029_content_version": m0029,
  "0030_versions_notify": m0030,
  "0031_cart_last_add": m0031,
  "0032_versions_notify_schema": m0032,
  "0033_product_pizzas": m0033,
  "0034_opening_updated_at": m0034,
  "0035_issued_loyalty_cards": m0035,
};
