import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { fallbackLng, isLng } from "./i18n/config";
import { RESOURCES_ELEMENT_ID, TranslationProvider } from "./i18n/react";

// The server inlined this language's translations into the page; hydrate with exactly the same ones.
const lang = document.documentElement.lang;
const lng = isLng(lang) ? lang : fallbackLng;
const resources = JSON.parse(document.getElementById(RESOURCES_ELEMENT_ID)?.textContent || "{}");

startTransition(() => {
  hydrateRoot(
    document,
    <TranslationProvider lng={lng} resources={resources}>
      <StrictMode>
        <RemixBrowser />
      </StrictMode>
    </TranslationProvider>,
  );
});
