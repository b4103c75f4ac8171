import { matchRoutes } from "@remix-run/react";
import { useSyncExternalStore, type ReactNode } from "react";
import { fallbackLng, isLng, localePath, namespacesOf, type Namespace } from "./config";
import { RESOURCES_ELEMENT_ID, TranslationProvider, type Translations } from "./react";

/**
 * The browser's translations: those the server inlined into the page, then whatever namespaces client-side
 * navigations need (their routes' `handle.i18n`), fetched from the hashed /locales URLs before the new page
 * renders (the root's clientLoader awaits `loadRouteTranslations`). One language per document: the language form
 * reloads it.
 */
let state: Translations = { lng: fallbackLng, resources: {}, hashes: {} };
const listeners = new Set<() => void>();

/** Reads the translations the server inlined (entry.client, before hydrating with exactly them). */
export function startTranslations(): void {
  const lang = document.documentElement.lang;
  const inline = JSON.parse(document.getElementById(RESOURCES_ELEMENT_ID)?.textContent || "{}") as Partial<Translations>;
  state = { lng: isLng(lang) ? lang : fallbackLng, resources: inline.resources ?? {}, hashes: inline.hashes ?? {} };
}

const snapshot = () => state;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The TranslationProvider of the browser: it re-renders when a navigation brings namespaces. */
export function LiveTranslationProvider({ children }: { children: ReactNode }) {
  const translations = useSyncExternalStore(subscribe, snapshot, snapshot);
  return <TranslationProvider {...translations}>{children}</TranslationProvider>;
}

const loading = new Map<string, Promise<void>>();

/** What Remix keeps on `window`: its router (the routes, patched as they are discovered) and the route modules. */
interface RemixGlobals {
  __remixRouter?: { routes: Parameters<typeof matchRoutes>[0] };
  __remixRouteModules?: Record<string, { handle?: unknown } | undefined>;
  __remixManifest?: { routes: Record<string, { module: string } | undefined> };
}

function load(ns: Namespace): Promise<void> {
  let pending = loading.get(ns);
  if (!pending) {
    const hash = state.hashes[ns];
    pending = (hash ? fetch(localePath(state.lng, ns, hash)) : Promise.reject(new Error(`no hash for ${ns}`)))
      .then((response) => {
        if (!response.ok) throw new Error(`${response.status} ${response.url}`);
        return response.json();
      })
      .then((dictionary) => {
        state = { ...state, resources: { ...state.resources, [ns]: dictionary } };
        for (const listener of listeners) listener();
      });
    // A failed load is forgotten, so that a later navigation tries again.
    pending.catch(() => loading.delete(ns));
    loading.set(ns, pending);
  }
  return pending;
}

/**
 * Loads the namespaces that the routes matching `href` name and the page lacks. Should that fail (a stale hash
 * after a deploy, the network), the page is loaded as a document instead, which carries its own translations; the
 * navigation then never settles, as Remix does when a route module cannot load.
 */
export async function loadRouteTranslations(href: string): Promise<void> {
  const remix = window as unknown as RemixGlobals;
  const url = new URL(href, window.location.href);
  try {
    const matches = matchRoutes(remix.__remixRouter?.routes ?? [], url.pathname) ?? [];
    const modules = await Promise.all(
      matches.map(({ route }) => {
        const id = route.id ?? "";
        const loaded = remix.__remixRouteModules?.[id];
        const module = remix.__remixManifest?.routes[id]?.module;
        return loaded ?? (module ? (import(module) as Promise<{ handle?: unknown }>) : undefined);
      }),
    );
    const missing = namespacesOf(modules.map((module) => module?.handle)).filter((ns) => !(ns in state.resources));
    await Promise.all(missing.map(load));
  } catch (error) {
    console.error(`[i18n] translations for ${url.pathname} could not be loaded; loading the page as a document`, error);
    window.location.assign(url.href);
    await new Promise(() => {});
  }
}
