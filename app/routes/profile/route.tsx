import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/link";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useTranslation } from "~/i18n/react";
import { translator } from "~/i18n/translator.server";
import { pageTitle } from "~/meta";
import { formatPhone } from "~/format";
import { PlacesList } from "~/components/account/PlacesList";
import { CouponHistory } from "~/components/coupons/CouponHistory";
import { couponVisitor } from "~/web/coupons.server";
import { requireCustomer } from "~/web/customer.server";
import { gameLinks } from "~/web/games.server";
import { placesOf } from "~/web/places.server";
import { couponHistoryOf, maskCardNumber, pendingEmailOf } from "./profile.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /profile (spec: requires login): the customer's details, saved places, loyalty card, and the ways to change
 * them, see the orders, take the data out or delete the account. An unconfirmed email says what waits on it and
 * offers a new link. The coupon history (issue 12: the coupons waiting in the account and those used in orders)
 * has its own section; when it cannot be read it says so (CPH-01) and the rest of the page stands.
 */
export const handle = { layout: "simple", i18n: ["account", "profile", "places", "coupons"] };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request }: LoaderFunctionArgs) {
  const store = await requireCustomer(request);
  const c = store.customer;
  const t = translator(store.lng, "account");
  return json({
    title: t("profile.title"),
    lng: store.lng,
    places: await placesOf(store),
    games: await gameLinks(store),
    coupons: { ...(await couponHistoryOf(store, c, request)), timeZone: couponVisitor(store).timeZone },
    customer: {
      name: `${c.firstName} ${c.lastName}`,
      email: c.email,
      pendingEmail: await pendingEmailOf(store.db, c.id),
      // written as the edit page writes it ("55 1234 5678")
      phone: c.phone ? formatPhone(c.phone) : "",
      birthdate: c.birthdate,
      gender: c.gender,
      news: c.news,
      htmlMail: c.htmlMail,
      emailConfirmed: c.emailConfirmed,
      loyaltyCard: c.loyaltyCard ? maskCardNumber(c.loyaltyCard) : null,
    },
  });
}

/** A 'YYYY-MM-DD' birthday in the customer's language (a calendar date: formatted in UTC, no zone shift). */
const birthdayText = (date: string, lng: string) =>
  new Intl.DateTimeFormat(lng, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));

export default function Profile() {
  const { title, customer: c, lng, places, games, coupons } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const { t } = useTranslation("account");
  const yesNo = (value: boolean) => (value ? t("profile.yes") : t("profile.no"));
  return (
    <div className="account-page profile">
      <h1>{title}</h1>
      {c.emailConfirmed ? null : (
        <div className="notice notice-info" role="status">
          <p>{t("profile.unconfirmed")}</p>
          <Form method="post" action="/confirmation/resend">
            <AuthenticityTokenInput />
            <button type="submit" className="button button-secondary" disabled={navigation.state !== "idle"}>
              {navigation.state !== "idle" && navigation.formAction === "/confirmation/resend" ? t("confirm.resendBusy") : t("confirm.resend")}
            </button>
          </Form>
        </div>
      )}
      <section aria-labelledby="profile-details" className="panel">
        <h2 id="profile-details">{t("profile.details")}</h2>
        <dl className="details">
          <dt>{t("profile.name")}</dt>
          <dd>{c.name}</dd>
          <dt>{t("profile.email")}</dt>
          <dd>
            {c.email}
            {c.pendingEmail ? <span className="muted"> · {t("profile:email.pendingShort", { email: c.pendingEmail })}</span> : null}
          </dd>
          <dt>{t("profile.phone")}</dt>
          {/* The number reads left to right inside an Arabic page, and stays beside its label (a dd set to ltr went to the far left). */}
          <dd>{c.phone ? <bdi dir="ltr">{c.phone}</bdi> : t("profile.none")}</dd>
          <dt>{t("profile.birthday")}</dt>
          <dd>{c.birthdate ? birthdayText(c.birthdate, lng) : t("profile.none")}</dd>
          <dt>{t("profile.gender")}</dt>
          <dd>{c.gender ? t(`fields.gender${c.gender}`) : t("profile.none")}</dd>
          <dt>{t("profile.news")}</dt>
          <dd>{yesNo(c.news)}</dd>
          <dt>{t("profile.htmlMail")}</dt>
          <dd>{yesNo(c.htmlMail)}</dd>
        </dl>
        <p>
          <Link to="/edit-profile">{t("profile.edit")}</Link>
        </p>
      </section>
      <section aria-labelledby="profile-places" className="panel">
        <h2 id="profile-places">{t("profile.places")}</h2>
        <PlacesList places={places} back="/profile" titled={false} />
      </section>
      <section aria-labelledby="profile-loyalty" className="panel">
        <h2 id="profile-loyalty">{t("profile.loyalty")}</h2>
        {c.loyaltyCard ? (
          <p>
            <bdi dir="ltr">{c.loyaltyCard}</bdi>
          </p>
        ) : (
          <p>
            {t("profile.loyaltyNone")} <Link to="/loyalty-card">{t("profile.loyaltyAttach")}</Link>
          </p>
        )}
      </section>
      {games.length > 0 ? (
        <section aria-labelledby="profile-games" className="panel">
          <h2 id="profile-games">{t("profile.games")}</h2>
          <ul>
            {games.map((game) => (
              <li key={game.href}>
                <Link to={game.href}>{t("profile.playGame", { name: game.name })}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <CouponHistory history={coupons.history} notice={coupons.notice} lng={lng} timeZone={coupons.timeZone} />
      <section aria-labelledby="profile-more" className="panel">
        <h2 id="profile-more">{t("profile.privacy")}</h2>
        <ul>
          <li>
            <Link to="/history">{t("profile.history")}</Link>
          </li>
          <li>
            <a href="/account/data" download>
              {t("profile.download")}
            </a>
          </li>
          <li>
            <Link to="/account/delete">{t("profile.delete")}</Link>
          </li>
        </ul>
      </section>
    </div>
  );
}
