import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { ErrorPage } from "~/components/ErrorPage";

export const handle = { layout: "bare" };

export const loader = (_: LoaderFunctionArgs) => json(null, { status: 404 });

export default function NotFound() {
  return <ErrorPage status={404} />;
}
