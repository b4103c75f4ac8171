import { renderToString } from "react-dom/server";
import store from "~/locales/es/store.json";
import { TranslationProvider } from "~/i18n/react";
import { RevisionInput } from "./Revision";

const html = (loaded: string | null, actionData: unknown) =>
  renderToString(
    <TranslationProvider lng="es" resources={{ store }} hashes={{}}>
      <RevisionInput loaded={loaded} actionData={actionData} />
    </TranslationProvider>,
  );

const LOADED = "2026-11-20T19:00:00.000Z";
const POSTED = "2026-11-20T18:00:00.000Z";
const CURRENT = "2026-11-20T19:05:00.000Z";

describe("an editor's revision field", () => {
  it("posts the revision the page loaded, and 'new' for an item not written yet", () => {
    expect(html(LOADED, undefined)).toBe(`<input type="hidden" name="revision" value="${LOADED}"/>`);
    expect(html(null, undefined)).toBe(`<input type="hidden" name="revision" value="new"/>`);
    // after a preview of a new item, still "new" (its post carried it)
    expect(html(null, { result: { initialValue: { revision: "new" } }, preview: {} })).toContain('value="new"');
  });

  it("after a preview or a refusal keeps the revision the form posted, not the one the loader reads again", () => {
    // The loader runs again after every post and reads the current revision, which the typed values may not be
    // built on: a preview must not turn another manager's save into the form's base.
    expect(html(LOADED, { result: { initialValue: { revision: POSTED, titleEs: "Hola" } }, preview: {} })).toContain(`value="${POSTED}"`);
  });

  it("after a save refused for another's change, says so and carries the current revision", () => {
    const out = html(LOADED, { result: { initialValue: { revision: POSTED } }, conflict: true, revision: CURRENT });
    expect(out).toContain(`value="${CURRENT}"`);
    expect(out).toContain('role="alert"');
    expect(out).toContain(store.editConflict);
  });
});
