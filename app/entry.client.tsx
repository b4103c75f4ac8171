import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { LiveTranslationProvider, startTranslations } from "~/i18n/client";

// The server inlined the page's translations into it; hydrate with exactly the same ones.
startTranslations();

startTransition(() => {
  hydrateRoot(
    document,
    <LiveTranslationProvider>
      <StrictMode>
        <RemixBrowser />
      </StrictMode>
    </LiveTranslationProvider>,
  );
});
