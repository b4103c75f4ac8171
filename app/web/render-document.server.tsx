import { Writable } from "node:stream";
import type { ReactNode } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";

/**
 * Collects the rendered document and hands it over once whole, without the NUL bytes of React 18.3.1's streaming
 * renderer (facebook/react#31134): it sends its whole 2 KB buffer when a multi-byte character does not fit in the
 * rest of it, zero bytes included, and writes the character again at the start of the next one: the zeros are
 * padding, never text. A zero byte is never part of a multi-byte UTF-8 sequence (every byte of one is 0x80 or
 * above), so dropping each 0x00 byte is exact in any chunk, whatever the boundaries; a document has no other NUL
 * (U+0000 is not allowed in HTML text). It emits no 'close': React's pipe aborts its finished render on the
 * destination's close (creating an error each time).
 */
function documentCollector(done: (body: Buffer<ArrayBuffer>) => void, failed: (error: Error) => void): Writable {
  const chunks: Buffer[] = [];
  return new Writable({
    emitClose: false,
    write(chunk: Buffer, _encoding, next) {
      if (!chunk.includes(0)) chunks.push(chunk);
      else {
        const kept = Buffer.allocUnsafe(chunk.length);
        let length = 0;
        for (const byte of chunk) if (byte !== 0) kept[length++] = byte;
        chunks.push(kept.subarray(0, length));
      }
      next();
    },
    final(next) {
      next();
      done(Buffer.concat(chunks));
    },
  }).on("error", failed);
}

export interface RenderOptions {
  nonce: string;
  /** Milliseconds after which a render still waiting (a boundary that never resolves) is aborted. */
  abortAfter: number;
  /**
   * An error of the render: `shellRendered` false for the shell's own (the promise then rejects with it), true for
   * one inside a Suspense boundary (the document is rendered around it, its fallback in its place).
   */
  onError(error: unknown, shellRendered: boolean): void;
}

/**
 * The document, whole, answered as one buffer. Streamed, each of React's chunks was flushed through gzip on its own
 * (13 deflate blocks for the menu page, 23 % more bytes, and a socket write each); one buffer is compressed once.
 *
 * Most pages suspend nowhere on the server (no route defers data), and for them React's string renderer is the same
 * markup for less work: the streaming one encodes each of its thousands of small strings into 2 KB byte buffers as
 * it goes (a tenth of a menu page's CPU), the string renderer joins them. A page where something did suspend (a lazy
 * component's first render in this process) or failed inside a Suspense boundary comes out of the string renderer
 * with that boundary left to the browser (`<!--$!`); that page, and one whose shell failed, is rendered again by
 * the streaming renderer, which waits for it and reports the error as before (`streamDocument`).
 */
export async function renderDocument(element: ReactNode, options: RenderOptions): Promise<Buffer<ArrayBuffer>> {
  const whole = renderedAtOnce(element);
  return whole === undefined ? streamDocument(element, options) : Buffer.from(whole);
}

/** `<!--$!` (a boundary left to the browser) or `<!--$?` (one left to a later chunk), in React's markup. */
const LEFT_BOUNDARY = /<!--\$[!?]/;

/** The document from React's string renderer, or undefined when a boundary suspended or failed, or the shell did. */
function renderedAtOnce(element: ReactNode): string | undefined {
  let html: string;
  try {
    html = renderToString(element);
  } catch {
    return undefined;
  }
  // React's markers of a boundary it left to the browser (client-rendered) or to a later chunk (pending): one scan.
  if (LEFT_BOUNDARY.test(html)) return undefined;
  // The streaming renderer writes the doctype before a root <html>; the string renderer does not.
  return html.startsWith("<html") ? `<!DOCTYPE html>${html}` : html;
}

/**
 * The document from React's streaming renderer, to the end (onAllReady). The abort timer is cleared once the
 * document is whole: pending, it would keep the render (its tree and data) for seconds.
 */
export function streamDocument(element: ReactNode, { nonce, abortAfter, onError }: RenderOptions): Promise<Buffer<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    // React reports every error to onError, and the shell's again to onShellError, which comes after: the errors are
    // told to the caller once the outcome is known, each marked as the shell's or not (one inside a boundary that
    // failed before the shell was done is not the shell's).
    const errors: unknown[] = [];
    const report = (shellError?: unknown) => {
      for (const error of errors) onError(error, error !== shellError);
    };
    let deadline: NodeJS.Timeout | undefined;
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce,
      onAllReady() {
        pipe(
          documentCollector((document) => {
            clearTimeout(deadline);
            report();
            resolve(document);
          }, reject),
        );
      },
      onShellError(error: unknown) {
        clearTimeout(deadline);
        report(error);
        reject(error);
      },
      onError(error: unknown) {
        errors.push(error);
      },
    });
    deadline = setTimeout(abort, abortAfter).unref();
  });
}
