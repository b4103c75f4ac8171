import { json } from "@remix-run/node";
import { FAVOURITES_MAX, favouriteChoices, saveFavourites } from "#server/catalog/favourites";
import { translator } from "~/i18n/translator.server";
import { backToConsole, requireManager, staffSessionStorage } from "~/web/auth.server";
import { FAVOURITES } from "~/web/promotions.server";
import type { Notice } from "~/web/session.server";

/**
 * The glue of /store/favourites (issue 14 point 8, beyond the spec): a manager ticks the home page's favourite
 * products and may number them (1 first; unnumbered ones follow in the list's order). One plain post, so it works
 * without JavaScript; the home page shows the first FAVOURITES of them that are on sale, at once.
 */
export const FAVOURITES_HOME = "/store/favourites";

export async function favouritesPage(request: Request) {
  const { db, session, lng } = await requireManager(request);
  const notice: Notice | null = session.get("notice") ?? null;
  return json(
    {
      title: translator(lng, "store")("favourites.title"),
      products: await favouriteChoices(db, lng),
      shown: FAVOURITES,
      max: FAVOURITES_MAX,
      notice,
    },
    notice ? { headers: { "Set-Cookie": await staffSessionStorage.commitSession(session) } } : undefined,
  );
}

export type FavouriteErrors = { form?: string; order?: Record<string, string> };
type Pick = { sku: string; order: number | null; index: number };

/** The ticked skus in their order, or the translated messages' keys: the form's, and per product its number's. */
export function readFavourites(form: FormData): { ok: true; skus: string[] } | { ok: false; errors: FavouriteErrors; picked: string[]; orders: Record<string, string> } {
  const picked = [...new Set(form.getAll("sku").filter((v): v is string => typeof v === "string"))];
  const errors: FavouriteErrors = {};
  const picks: Pick[] = [];
  const orders: Record<string, string> = {};
  for (const [index, sku] of picked.entries()) {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(sku)) {
      errors.form = "store:favourites.v.unknown";
      continue;
    }
    const text = String(form.get(`order-${sku}`) ?? "").trim().slice(0, 8);
    orders[sku] = text;
    const order = text === "" ? null : /^\d{1,2}$/.test(text) && Number(text) >= 1 ? Number(text) : Number.NaN;
    if (Number.isNaN(order)) errors.order = { ...errors.order, [sku]: "store:favourites.v.order" };
    picks.push({ sku, order, index });
  }
  if (picked.length > FAVOURITES_MAX) errors.form = "store:favourites.v.tooMany";
  if (errors.form || errors.order) return { ok: false, errors, picked, orders };
  const rank = (p: Pick) => p.order ?? Number.POSITIVE_INFINITY;
  picks.sort((a, b) => rank(a) - rank(b) || a.index - b.index);
  return { ok: true, skus: picks.map((p) => p.sku) };
}

export async function favouritesAction(request: Request) {
  const { db, session } = await requireManager(request);
  const read = readFavourites(await request.formData());
  if (!read.ok) return json({ errors: read.errors, picked: read.picked, orders: read.orders }, { status: 400 });
  const unknown = await saveFavourites(db, read.skus);
  if (unknown.length) return json({ errors: { form: "store:favourites.v.unknown" } satisfies FavouriteErrors as FavouriteErrors, picked: read.skus, orders: {} }, { status: 400 });
  return backToConsole(session, FAVOURITES_HOME, { tone: "success", key: "store:favourites.saved", values: { count: read.skus.length } });
}
