import type { UIMatch } from "@remix-run/react";
import { lazy, Suspense, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { Footer } from "~/components/Footer";
import { Header } from "~/components/Header";
import { NoticeBanner } from "~/components/ui/Notice";
import type { RootData } from "~/root";
import { lazyForm } from "~/lazy-form";
import { withoutOrderTimeDialog } from "~/components/order-time/paths";

// Open only when the URL says so (?dialog=order-time): its code comes after the page's first load (app/lazy-form.tsx;
// the root's clientLoader loads it before a client navigation opens it).
export const OrderTimeDialog = lazyForm(() => import("~/components/order-time/OrderTimeDialog").then((m) => m.OrderTimeDialog));

// Shown only while a manager has it on: its code is loaded then, never on a normal page's first load (the budget).
const EmergencyBanner = lazy(() => import("~/components/EmergencyBanner"));

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
  const dialog = root.orderTime;
  // With the order-time dialog open, its message belongs inside it (the page behind is inert); one that names its
  // element (`at`: a menu product's card or the menu's cart panel, after a document post) is shown there
  // (AnchoredNotice, app/components/ui/Notice.tsx).
  const notice = root.notice && !root.notice.at && !dialog ? <NoticeBanner notice={root.notice} /> : null;
  const page = withoutOrderTimeDialog(root.path);
  return (
    <div className={`layout layout-${name}`}>
      <SkipLink />
      {root.emergency ? (
        <Suspense fallback={null}>
          <EmergencyBanner phone={root.emergency.phone} back={root.path} />
        </Suspense>
      ) : null}
      <Header
        root={root}
        showCart={name === "main" || name === "combo"}
        showDisposition={name !== "home"}
      />
      <main id="main" tabIndex={-1}>
        {notice}
        {dialog ? (
          <OrderTimeDialog
            data={dialog}
            lng={root.lng}
            notice={root.notice?.at ? null : root.notice}
            closeHref={page}
            dayHref={new URL(page, "http://x").pathname}
            back={page}
            modal
          />
        ) : null}
        {children}
      </main>
      <Footer root={root} />
    </div>
  );
}
