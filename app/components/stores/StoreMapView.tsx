import { Link } from "~/components/link";
import { Map as PigeonMap, type PigeonProps, type Point } from "pigeon-maps";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import type { MapStore, StoreMapProps } from "./StoreMap";

const HEIGHT = 320;
const PIN = { width: 28, height: 36 };
const SINGLE_ZOOM = 15;
const MIN_ZOOM = 3;

/** Web Mercator at zoom 0, in 256-pixel tiles. */
const project = ([lat, lng]: Point): Point => {
  const sin = Math.sin((lat * Math.PI) / 180);
  return [((lng + 180) / 360) * 256, (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * 256];
};
const unproject = ([x, y]: Point): Point => {
  const n = Math.PI - (2 * Math.PI * y) / 256;
  return [(180 / Math.PI) * Math.atan(Math.sinh(n)), (x / 256) * 360 - 180];
};

/** The centre and the largest whole zoom that show every point inside a box of this size, with a margin for pins. */
export function fitPoints(points: readonly Point[], width: number, height: number): { center: Point; zoom: number } {
  const xy = points.map(project);
  const xs = xy.map((p) => p[0]);
  const ys = xy.map((p) => p[1]);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const center = unproject([(minX + maxX) / 2, (minY + maxY) / 2]);
  const spanX = maxX - minX;
  const spanY = maxY - minY;
  if (spanX === 0 && spanY === 0) return { center, zoom: SINGLE_ZOOM };
  const room = (px: number, span: number) => (span === 0 ? Infinity : Math.log2(Math.max(px - 2 * PIN.height, 1) / span));
  const zoom = Math.floor(Math.min(room(width, spanX), room(height, spanY), SINGLE_ZOOM));
  return { center, zoom: Math.max(zoom, MIN_ZOOM) };
}

function Pin({ left = 0, top = 0, store }: PigeonProps & { store: MapStore }) {
  const style = { transform: `translate(${left - PIN.width / 2}px, ${top - PIN.height}px)` };
  const icon = (
    <svg viewBox="0 0 28 36" width={PIN.width} height={PIN.height} aria-hidden="true" focusable="false">
      <path d="M14 0C6.3 0 0 6.1 0 13.7 0 24 14 36 14 36s14-12 14-22.3C28 6.1 21.7 0 14 0z" fill="currentColor" />
      <circle cx="14" cy="13.5" r="5" fill="#fff" />
    </svg>
  );
  const className = "map-pin pigeon-click-block pigeon-drag-block";
  return store.href ? (
    <Link to={store.href} className={className} style={style} aria-label={store.name} title={store.name}>
      {icon}
    </Link>
  ) : (
    <span className={className} style={style} role="img" aria-label={store.name} title={store.name}>
      {icon}
    </span>
  );
}

/**
 * The stores on a tiled map. Markers are links named by the store (or, for one store, an image with its name);
 * the map takes no keyboard input, so Tab moves through the markers and on. The wheel zooms only with Ctrl/⌘
 * and touch needs two fingers, so scrolling the page over the map scrolls the page.
 */
export default function StoreMapView({ tileUrl, stores, label }: StoreMapProps) {
  const { t } = useTranslation("stores");
  const box = useRef<HTMLElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => setWidth(box.current?.clientWidth ?? 0), []);
  const provider = useCallback(
    (x: number, y: number, z: number) =>
      (tileUrl ?? "").replace("{z}", String(z)).replace("{x}", String(x)).replace("{y}", String(y)),
    [tileUrl],
  );
  const view = width ? fitPoints(stores.map((s) => [s.lat, s.lng]), width, HEIGHT) : null;
  return (
    <section ref={box} className="store-map" aria-label={label} style={{ blockSize: HEIGHT }}>
      {view ? (
        <PigeonMap
          provider={provider}
          height={HEIGHT}
          defaultCenter={view.center}
          defaultZoom={view.zoom}
          metaWheelZoom
          metaWheelZoomWarning={t("map.wheel")}
          twoFingerDrag
          twoFingerDragWarning={t("map.fingers")}
          attributionPrefix={false}
          attribution={
            <a href="https://www.openstreetmap.org/copyright" rel="noreferrer noopener" target="_blank" dir="auto">
              {t("map.attribution")}
            </a>
          }
        >
          {stores.map((store) => (
            <Pin key={store.id} anchor={[store.lat, store.lng]} store={store} />
          ))}
        </PigeonMap>
      ) : null}
    </section>
  );
}
