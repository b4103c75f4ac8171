import { useRouteLoaderData } from "@remix-run/react";
import type { loader } from "~/root";

/** The root loader's data (language, disposition, cart count…) for any route or component (routes never import ~/root). */
export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}
