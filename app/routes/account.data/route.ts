import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireCustomer } from "~/web/customer.server";
import { dataDownload } from "./export.server";

/** GET /account/data: the signed-in customer's data as a JSON download (a guest is sent to sign in first). */
export async function loader({ request }: LoaderFunctionArgs) {
  return dataDownload(await requireCustomer(request));
}
