import { Form, useNavigation } from "@remix-run/react";
import { Link } from "~/components/link";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useTranslation } from "~/i18n/react";
import type { PlaceSummary } from "~/web/places.server";

/**
 * /home for a signed-in customer with saved places: one button per place (the default first) that chooses delivery
 * to it. Each posts only the place's id to the page's own action, where the address form's path takes over (the
 * same refusals, confirmation and menu); the server reads the address from the place.
 */
export function DeliverToPlace({ places }: { places: PlaceSummary[] }) {
  const { t } = useTranslation("places");
  const navigation = useNavigation();
  if (places.length === 0) return null;
  const choosing = (id: number) => navigation.state !== "idle" && navigation.formData?.get("placeId") === String(id);
  return (
    <section aria-labelledby="saved-places-title" className="panel saved-places">
      <h2 id="saved-places-title">{t("home.title")}</h2>
      <ul className="saved-places-list">
        {places.map((place) => (
          <li key={place.id}>
            <Form method="post">
              <AuthenticityTokenInput />
              <input type="hidden" name="placeId" value={place.id} />
              <button type="submit" className="button" disabled={choosing(place.id)}>
                {choosing(place.id) ? t("working") : t("home.deliverTo", { name: place.name })}
              </button>{" "}
              <span className="muted">
                {place.line}
                {place.isDefault ? ` · ${t("list.default")}` : ""}
              </span>
            </Form>
          </li>
        ))}
      </ul>
      <p>
        <Link to="/add-location?redirectTo=/home">{t("home.manage")}</Link>
      </p>
    </section>
  );
}
