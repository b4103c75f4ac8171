/** Distances between places on the map. Pure. */
export interface Point {
  lat: number;
  lng: number;
}

const EARTH_RADIUS_KM = 6_371;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance (haversine), in kilometres. */
export function distanceKm(a: Point, b: Point): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The items nearest to `from` first; equal distances keep their given order. */
export function nearestFirst<T extends Point>(from: Point, items: readonly T[]): T[] {
  return items
    .map((item, index) => ({ item, index, km: distanceKm(from, item) }))
    .sort((x, y) => x.km - y.km || x.index - y.index)
    .map((x) => x.item);
}
