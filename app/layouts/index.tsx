import type { UIMatch } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { Footer } from "~/components/Footer";
import { Header } from "~/components/Header";
import { NoticeBanner } from "~/components/ui/Notice";
import type { RootData } from "~/root";

export const layouts = ["main", "home", "simple", "combo", "bare"] as const;
export type LayoutName = (typeof layouts)[number];

/** The deepest route that names a layout in its `handle` chooses it; main is the default. */
export function layoutOf(matches: UIMatch[]): LayoutName {
  for (let i = matches.length - 1; i >= 0; i--) {
    const name = (matches[i]?.handle as { layout?: LayoutName } | undefined)?.layout;
    if (name && (layouts as readonly string[]).includes(name)) return name;
  }
  return "main";
}

function SkipLink() {
  const { t } = useTranslation("common");
  return (
    <a className="skip-link" href="#main">
      {t("skipToContent")}
    </a>
  );
}

export function Layout({ name, root, children }: { name: LayoutName; root: RootData; children: ReactNode }) {
  if (name === "bare") return <>{children}</>;
  const notice = root.notice ? <NoticeBanner notice={root.notice} /> : null;
  return (
    <div className={`layout layout-${name}`}>
      <SkipLink />
      <Header
        root={root}
        showCart={name === "main" || name === "combo"}
        showDisposition={name !== "home"}
      />
      <main id="main" tabIndex={-1}>
        {notice}
        {children}
      </main>
      <Footer root={root} />
    </div>
  );
}
