import { Suspense, lazy } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderDocument, streamDocument } from "./render-document.server";

afterEach(() => {
  vi.useRealTimers();
});

const options = (onError = vi.fn()) => ({ nonce: "n0nce", abortAfter: 6_000, onError });

describe("renderDocument", () => {
  it("resolves the whole document and leaves no abort timer behind it", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const onError = vi.fn();
    const body = await renderDocument(<p>Pizza «Hut» — ميني</p>, options(onError));
    expect(body.toString()).toBe("<p>Pizza «Hut» — ميني</p>");
    // The render's deadline is cleared with the document: a pending one would hold the render for seconds.
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(60_000);
    expect(onError).not.toHaveBeenCalled();
  });

  it("waits for every suspended part (the document is answered whole)", async () => {
    const Late = lazy(async () => ({ default: () => <em>tarde</em> }));
    const body = await renderDocument(
      <Suspense fallback={<i>…</i>}>
        <Late />
      </Suspense>,
      options(),
    );
    expect(body.toString()).toContain("<em>tarde</em>");
    expect(body.toString()).not.toContain("<i>");
  });

  it("drops the NUL padding of React's chunks and keeps every multi-byte character", async () => {
    // Many short texts of two- and three-byte characters: React 18.3.1 pads six of its 2 KB chunks here.
    const items = Array.from({ length: 3_000 }, (_, i) => `ñب${i}€`);
    const body = await streamDocument(
      <ul>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>,
      options(),
    );
    expect(body.includes(0)).toBe(false);
    expect(body.toString()).toBe(`<ul>${items.map((item) => `<li>${item}</li>`).join("")}</ul>`);
  });

  it("rejects with the shell's error and reports it as not rendered", async () => {
    const Broken = () => {
      throw new Error("shell broke");
    };
    const onError = vi.fn();
    await expect(renderDocument(<Broken />, options(onError))).rejects.toThrow("shell broke");
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: "shell broke" }), false);
  });

  it("aborts a part that never resolves at its deadline, and still answers the document", async () => {
    const Never = lazy(() => new Promise<never>(() => {}));
    const onError = vi.fn();
    // React's development build warns about the aborted task.
    const warned = vi.spyOn(console, "error").mockImplementation(() => {});
    const rendered = renderDocument(
      <main>
        <Suspense fallback={<i>cargando</i>}>
          <Never />
        </Suspense>
      </main>,
      { nonce: "n", abortAfter: 20, onError },
    );
    const body = (await rendered).toString();
    expect(body).toContain("cargando");
    expect(onError).toHaveBeenCalledWith(expect.anything(), true);
    warned.mockRestore();
  });
});
