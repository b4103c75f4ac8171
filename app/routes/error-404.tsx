import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { ErrorPage } from "~/components/ErrorPage";

/** Where the spec's forbidden redirect lands (section 2): the translated not-found page, with its 404. */
export const handle = { layout: "bare" };

export const loader = (_: LoaderFunctionArgs) => json(null, { status: 404 });

export default function ErrorNotFound() {
  return <ErrorPage status={404} />;
}
