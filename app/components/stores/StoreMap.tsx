import { lazy, Suspense, useEffect, useState, type ComponentType } from "react";

export interface MapStore {
  id: number;
  name: string;
  lat: number;
  lng: number;
  /** the store's page: the marker links there (on the finder); without it the marker only names the store */
  href?: string;
}

export interface StoreMapProps {
  /** MAP_TILE_URL's template; null: no map at all */
  tileUrl: string | null;
  stores: readonly MapStore[];
  /** the map region's accessible name */
  label: string;
}

/**
 * The map library (pigeon-maps) loads only in the browser, only after hydration and only on the pages that show a
 * map, so it is in none of the first-load bundles. A failed load leaves the page as the server rendered it: the
 * list and the addresses are the content, the map an enhancement.
 */
const noMap: ComponentType<StoreMapProps> = () => null;
const StoreMapView = lazy<ComponentType<StoreMapProps>>(() => import("./StoreMapView").catch(() => ({ default: noMap })));

export function StoreMap(props: StoreMapProps) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated || !props.tileUrl || props.stores.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <StoreMapView {...props} />
    </Suspense>
  );
}
