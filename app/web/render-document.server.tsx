import { Writable } from "node:stream";
import type { ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";

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
  /** An error of the render: `shellRendered` false for the shell's own (the promise then rejects with it). */
  onError(error: unknown, shellRendered: boolean): void;
}

/**
 * The document, whole: React renders it to the end (onAllReady: no route streams deferred data), and the caller
 * answers it as one buffer. Streamed, each of React's chunks was flushed through gzip on its own (13 deflate blocks
 * for the menu page, 23 % more bytes, and a socket write each); one buffer is compressed once. The abort timer is
 * cleared once the document is whole: pending, it would keep the render (its tree and data) for seconds.
 */
export function renderDocument(element: ReactNode, { nonce, abortAfter, onError }: RenderOptions): Promise<Buffer<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let deadline: NodeJS.Timeout | undefined;
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce,
      onShellReady() {
        shellRendered = true;
      },
      onAllReady() {
        pipe(
          documentCollector((document) => {
            clearTimeout(deadline);
            resolve(document);
          }, reject),
        );
      },
      onShellError(error: unknown) {
        clearTimeout(deadline);
        reject(error);
      },
      onError(error: unknown) {
        onError(error, shellRendered);
      },
    });
    deadline = setTimeout(abort, abortAfter).unref();
  });
}
