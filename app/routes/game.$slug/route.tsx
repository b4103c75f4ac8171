import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { GameBoard } from "~/components/game/GameBoard";
import { parseWithZod, playSchema } from "~/web/forms.server";
import { NoticeBanner } from "~/components/ui/Notice";
import { useTranslation } from "~/i18n/react";
import { translator } from "~/i18n/translator.server";
import { pageTitle } from "~/meta";
import { requireCustomer } from "~/web/customer.server";
import { isDataRequest } from "~/web/edge.server";
import { redirectWith, refused } from "~/web/storefront.server";
import { gamePage, play, refusalStatus } from "./game.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /game/:slug (the spec's game-info and play-game; login required): the coupon game. The page shows the game, the
 * plays left in this period and a play button; `?play=<id>` also reveals that play of the customer's.
 * The play's post: a fetcher's (JavaScript) gets the result as data (200) and the board turns to it; a plain post
 * gets a 303 to `?play=<id>`. A refusal (GA-01 no such game or paused, GA-02 no plays left, GA-03 email not
 * confirmed) is the translated notice: beside the button with 404/409/403 for a fetcher, flashed over the page after
 * a 303 without JavaScript. A game that does not exist or is paused is a 404 page with GA-01's message.
 */
export const handle = { layout: "simple", i18n: ["game"], noStore: true };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const store = await requireCustomer(request);
  try {
    const view = await gamePage(store, params.slug ?? "", new URL(request.url).searchParams.get("play"));
    return json({ title: view.game.name, view, missing: null });
  } catch (error) {
    return refused(store, error, (notice) => json({ title: translator(store.lng, "game")("missing"), view: null, missing: notice }, { status: 404 }));
  }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const store = await requireCustomer(request);
  const slug = params.slug ?? "";
  const page = `/game/${encodeURIComponent(slug)}`;
  const submission = parseWithZod(await request.formData(), { schema: playSchema });
  if (submission.status !== "success") return json({ notice: { tone: "error" as const, key: "game:badForm" } }, { status: 400 });
  try {
    const result = await play(store, slug);
    if (isDataRequest(context)) return json({ result });
    return redirectWith(store.session, `${page}?play=${result.playId}`);
  } catch (error) {
    return refused(store, error, (notice) =>
      isDataRequest(context) ? json({ notice }, { status: refusalStatus(error) }) : redirectWith(store.session, page, notice),
    );
  }
}

export default function GamePage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("game");
  if (!data.view) {
    return (
      <div className="game-page">
        <h1>{data.title}</h1>
        {data.missing ? <NoticeBanner notice={data.missing} /> : null}
        <p>
          <Link to="/profile">{t("backToProfile")}</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="game-page">
      <h1>{data.view.game.name}</h1>
      <GameBoard key={data.view.result?.playId ?? "board"} {...data.view} />
      <p>
        <Link to="/profile">{t("backToProfile")}</Link>
      </p>
    </div>
  );
}
