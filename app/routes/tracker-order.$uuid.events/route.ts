import type { LoaderFunctionArgs } from "@remix-run/node";
import { orderEvents } from "./events.server";
import { clientAddress } from "~/web/edge.server";

/**
 * /tracker-order/:uuid/events: the live tracker's server-sent events (text/event-stream). The tracker page opens
 * it with EventSource and re-reads its data on each `status` event; see orderEventStream.
 */
export function loader({ request, params, context }: LoaderFunctionArgs) {
  return orderEvents(request, params.uuid, clientAddress(context));
}
