import { Form, useNavigation } from "@remix-run/react";
import { Link } from "~/components/link";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useTranslation } from "~/i18n/react";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import type { PlaceSummary } from "~/web/places.server";

/**
 * The signed-in customer's saved places (the profile page, /add-location): each with its address, the default
 * marked, a link to edit it and two buttons, make-default and delete, that post to /add-location/:id (plain forms:
 * they work without JavaScript; with it the pressed button says it is working). `back` is where the posts return;
 * `titled={false}` leaves out its heading (for a page section that has one). The page names "places" in handle.i18n.
 */
export function PlacesList({ places, back, titled = true }: { places: PlaceSummary[]; back: string; titled?: boolean }) {
  const { t } = useTranslation("places");
  return (
    <section aria-labelledby={titled ? "places-title" : undefined} className="places">
      {titled ? <h2 id="places-title">{t("list.title")}</h2> : null}
      {places.length === 0 ? <p className="muted">{t("list.empty")}</p> : null}
      <ul className="places-list">
        {places.map((place) => (
          <li key={place.id} className="panel place">
            <p>
              <strong>{place.name}</strong> {place.isDefault ? <span className="badge">{t("list.default")}</span> : null}
            </p>
            <p className="muted">{place.line}</p>
            <div className="place-actions">
              <Link to={`/add-location/${place.id}`} aria-label={t("list.editNamed", { name: place.name })}>
                {t("list.edit")}
              </Link>
              {place.isDefault ? null : (
                <PlaceButton place={place} intent="make-default" back={back} label={t("list.makeDefault")} named={t("list.makeDefaultNamed", { name: place.name })} />
              )}
              {/* Deleting asks first (a page that confirms, without JavaScript too): a saved address is not typed again in a second. */}
              <Link to={`/add-location/${place.id}?${new URLSearchParams({ confirm: "delete", redirectTo: back })}`} aria-label={t("list.deleteNamed", { name: place.name })}>
                {t("list.delete")}
              </Link>
            </div>
          </li>
        ))}
      </ul>
      <p>
        <Link to="/add-location">{t("list.add")}</Link>
      </p>
    </section>
  );
}

/** The question before a place is deleted (/add-location/:id?confirm=delete): delete it, or keep it and go back. */
export function ConfirmPlaceDelete({ place, back }: { place: PlaceSummary; back: string }) {
  const { t } = useTranslation("places");
  return (
    <ConfirmDialog id="confirm-place-delete" title={t("list.confirmTitle", { name: place.name })} body={t("list.confirmBody", { line: place.line })}>
      <PlaceButton place={place} intent="delete" back={back} label={t("list.deleteNamed", { name: place.name })} named={t("list.deleteNamed", { name: place.name })} />
      <Link to={back}>{t("list.keep")}</Link>
    </ConfirmDialog>
  );
}

/** One place's button (make-default, delete): a form of its own posting to /add-location/:id; says it works while pending. */
function PlaceButton({ place, intent, back, label, named, quiet }: { place: PlaceSummary; intent: string; back: string; label: string; named: string; quiet?: boolean }) {
  const { t } = useTranslation("places");
  const navigation = useNavigation();
  const action = `/add-location/${place.id}`;
  const pending = navigation.state !== "idle" && navigation.formAction === action && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" action={action}>
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={back} />
      <button type="submit" className={quiet ? "button button-quiet" : "button button-secondary"} disabled={pending} aria-label={named === label ? undefined : named}>
        {pending ? t("working") : label}
      </button>
    </Form>
  );
}
