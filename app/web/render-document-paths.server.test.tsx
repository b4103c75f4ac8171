import { Suspense, lazy, useId } from "react";
import * as server from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { renderDocument, streamDocument } from "./render-document.server";

// The streaming renderer, watched: a page that suspends nowhere must not need it (renderDocument's string path).
vi.mock("react-dom/server", async (original) => {
  const actual = await original<typeof server>();
  return { ...actual, renderToPipeableStream: vi.fn(actual.renderToPipeableStream) };
});
const streamed = vi.mocked(server.renderToPipeableStream);

const options = (onError = vi.fn()) => ({ nonce: "n0nce", abortAfter: 6_000, onError });

function Field({ label }: { label: string }) {
  const id = useId();
  return (
    <p>
      <label htmlFor={id}>{label}</label>
      <input id={id} name="q" defaultValue={`"${label}" & <más>`} />
    </p>
  );
}

/** A whole document as the root renders one: the doctype, text beside text, ids, a resolved boundary, an inline script. */
function Page() {
  return (
    <html lang="es" dir="ltr">
      <head>
        <title>Menú — Horno Rojo</title>
      </head>
      <body>
        <h1>
          Pizza {"«Hut»"} {3} ميني
        </h1>
        <Field label="Dirección" />
        <Field label="Código" />
        <Suspense fallback={<i>…</i>}>
          <em>ya</em>
        </Suspense>
        <script nonce="n0nce">{"window.x = 1;"}</script>
      </body>
    </html>
  );
}

describe("renderDocument's two renderers", () => {
  it("answers a page that suspends nowhere from the string renderer, byte for byte the streaming renderer's document", async () => {
    streamed.mockClear();
    const fast = await renderDocument(<Page />, options());
    expect(streamed).not.toHaveBeenCalled();
    const slow = await streamDocument(<Page />, options());
    expect(streamed).toHaveBeenCalledTimes(1);
    expect(fast.toString()).toBe(slow.toString());
    expect(fast.toString()).toMatch(/^<!DOCTYPE html><html lang="es" dir="ltr">/);
  });

  it("renders a page again with the streaming renderer when a part suspends, and not once the part is loaded", async () => {
    const Late = lazy(async () => ({ default: () => <em>tarde</em> }));
    const page = (
      <main>
        <Suspense fallback={<i>…</i>}>
          <Late />
        </Suspense>
      </main>
    );
    streamed.mockClear();
    const first = await renderDocument(page, options());
    expect(streamed).toHaveBeenCalledTimes(1);
    expect(first.toString()).toBe("<main><!--$--><em>tarde</em><!--/$--></main>");
    const again = await renderDocument(page, options());
    expect(streamed).toHaveBeenCalledTimes(1);
    expect(again.toString()).toBe(first.toString());
  });

  it("reports an error inside a boundary as the streaming renderer does (rendered, status 500 by the caller)", async () => {
    const Broken = () => {
      throw new Error("card broke");
    };
    const onError = vi.fn();
    streamed.mockClear();
    const body = await renderDocument(
      <main>
        <Suspense fallback={<i>cargando</i>}>
          <Broken />
        </Suspense>
      </main>,
      options(onError),
    );
    expect(streamed).toHaveBeenCalledTimes(1);
    expect(body.toString()).toContain("cargando");
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: "card broke" }), true);
  });
});
