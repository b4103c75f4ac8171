import { parseWithZod } from "~/web/forms.server";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmPlaceDelete, PlacesList } from "~/components/account/PlacesList";
import { NoticeBanner } from "~/components/ui/Notice";
import { translator } from "~/i18n/translator.server";
import { pageTitle } from "~/meta";
import { lazyForm, withFormPreload } from "~/lazy-form";
import { requireCustomer } from "~/web/customer.server";
import { redirectWith, refused, safeBackPath } from "~/web/storefront.server";
import { applyPlaceIntent, placeIdOf, placeIntentSchema, placesOf, placeToEdit } from "./location.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /add-location/:id? (spec section 2): add a saved place, or edit one of the customer's (login required: back here
 * after sign-in). The place's rules are server/customers/location-rules.ts; every form is a plain POST (400 with
 * the errors and the values as typed; 404 for a place that is not the customer's, CUS-100011; 422 for the cap)
 * answered by a 303 to `redirectTo` (a safe path of this site) or /profile, with a notice. Below the form, the
 * customer's places with their make-default and delete buttons.
 */
// Personal data (addresses): never kept by any cache.
export const handle = { layout: "main", i18n: ["places", "validation"], noStore: true };

// The form (conform, its inline validation) arrives after the page's first load (app/lazy-form.tsx).
const PlaceForm = lazyForm(() => import("~/components/account/PlaceForm").then((m) => m.PlaceForm));
export const clientLoader = withFormPreload(PlaceForm);

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

const DEFAULT_BACK = "/profile";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const store = await requireCustomer(request);
  const id = placeIdOf(params.id);
  const place = id === undefined ? null : await placeToEdit(store, id);
  const t = translator(store.lng, "places");
  const url = new URL(request.url);
  const back = url.searchParams.get("redirectTo");
  const places = await placesOf(store);
  return json({
    title: t(place ? "edit.title" : "add.title"),
    place,
    /** `?confirm=delete`: the page opens on the question before this place is deleted */
    confirmDelete: url.searchParams.get("confirm") === "delete" ? (places.find((p) => p.id === id) ?? null) : null,
    places,
    redirectTo: back === null ? null : safeBackPath(back, DEFAULT_BACK),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const store = await requireCustomer(request);
  const id = placeIdOf(params.id);
  const submission = parseWithZod(await request.formData(), { schema: placeIntentSchema });
  if (submission.status !== "success") return json({ result: submission.reply(), notice: null }, { status: 400 });
  try {
    const notice = await applyPlaceIntent(store, id, submission.value);
    return redirectWith(store.session, safeBackPath(submission.value.redirectTo ?? null, DEFAULT_BACK), notice);
  } catch (error) {
    return refused(store, error, (notice) => json({ result: submission.reply(), notice }, { status: 422 }));
  }
}

export default function AddLocation() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="add-location">
      <h1>{data.title}</h1>
      {actionData?.notice ? <NoticeBanner notice={actionData.notice} /> : null}
      {data.confirmDelete ? <ConfirmPlaceDelete place={data.confirmDelete} back={data.redirectTo ?? DEFAULT_BACK} /> : null}
      <PlaceForm place={data.place} redirectTo={data.redirectTo} lastResult={actionData?.result} />
      <PlacesList places={data.places} back="/add-location" />
    </div>
  );
}
