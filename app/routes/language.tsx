import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { LanguageForm } from "~/components/LanguageForm";
import { FieldError } from "~/components/ui/FieldError";
import { languageSchema, parseWithZod } from "~/web/forms.server";
import { useTranslation } from "~/i18n/react";
import { translator } from "~/i18n/translator.server";
import { pageTitle } from "~/meta";
import { useRootData } from "~/root-data";
import { redirectWith, safeBackPath, storefront, type Storefront } from "~/web/storefront.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /language: the language form of every page's footer posts here (a plain post that reloads the document: a page
 * carries one language's translations). Valid: the session keeps the language and the visitor goes back to the
 * page (303). Not one of the shop's languages (only a crafted post): 400, and this page shows the form with the
 * message beside the drop-down. GET shows the same form on a page of its own.
 */
export const handle = { layout: "simple", i18n: ["validation"] };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

async function page(store: Storefront, back: string) {
  const t = translator(store.lng, "common");
  return { title: t("language.label"), back };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const store = await storefront(request);
  return json({ ...(await page(store, safeBackPath(new URL(request.url).searchParams.get("back"), "/home"))), result: null });
}

export async function action({ request }: ActionFunctionArgs) {
  const store = await storefront(request);
  const form = await request.formData();
  const back = safeBackPath(form.get("back"), "/home");
  const submission = parseWithZod(form, { schema: languageSchema });
  if (submission.status !== "success") return json({ ...(await page(store, back)), result: submission.reply() }, { status: 400 });
  store.session.set("lng", submission.value.lng);
  return redirectWith(store.session, back);
}

export default function LanguagePage() {
  const loaded = useLoaderData<typeof loader>();
  const { back, result } = useActionData<typeof action>() ?? loaded;
  const root = useRootData();
  const { t } = useTranslation("common");
  return (
    <section className="panel" aria-labelledby="language-title">
      <h1 id="language-title">{t("language.label")}</h1>
      <LanguageForm
        lng={root?.lng ?? "es"}
        back={back}
        errorId="language-error"
        error={result?.error?.lng ? <FieldError field={{ errorId: "language-error", errors: result.error.lng }} /> : null}
      />
    </section>
  );
}
