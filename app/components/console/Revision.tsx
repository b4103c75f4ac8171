import { NoticeBanner } from "~/components/ui/Notice";

/** What an editor's action answered about its revision: refused because another save came first, and the current one. */
export interface RevisionAnswer {
  conflict: true;
  revision: string;
}

const answered = (data: unknown): RevisionAnswer | undefined =>
  data && typeof data === "object" && "conflict" in data && "revision" in data ? (data as RevisionAnswer) : undefined;

/** The revision the last post carried (its form's values come back in conform's `result.initialValue`). */
const posted = (data: unknown): string | undefined => {
  const value = (data as { result?: { initialValue?: Record<string, unknown> } } | undefined)?.result?.initialValue?.revision;
  return typeof value === "string" ? value : undefined;
};

/**
 * An editor's revision (server/content/revision.ts): the revision of the item it loaded, posted hidden with the form,
 * and, after a save refused because another manager saved first, the message with the form's values kept and the
 * current revision in their place, so that saving again replaces the other change knowingly. After any other answer
 * (a preview, a refusal) the form keeps the revision it posted: the page's loader, run again after the post, reads
 * the current one, which the values in the form may not be built on.
 */
export function RevisionInput({ loaded, actionData }: { loaded: string | null; actionData: unknown }) {
  const conflict = answered(actionData);
  // Nothing loaded (a new item, a content page's language not written yet): "new", saved only while there is none.
  const revision = conflict?.revision ?? posted(actionData) ?? loaded ?? "new";
  return (
    <>
      {conflict ? <NoticeBanner notice={{ tone: "error", key: "store:editConflict" }} /> : null}
      <input type="hidden" name="revision" value={revision} />
    </>
  );
}
