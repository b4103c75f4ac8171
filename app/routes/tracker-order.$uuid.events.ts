import type { LoaderFunctionArgs } from "@remix-run/node";
import { orderEvents } from "~/tracking.server";

/**
 * /tracker-order/:uuid/events: the live tracker's server-sent events (text/event-stream). The tracker page opens
 * it with EventSource and re-reads its data on each `status` event; see orderEventStream.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  return orderEvents(request, params.uuid);
}
