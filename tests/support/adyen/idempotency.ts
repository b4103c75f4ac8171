import { createHash } from "node:crypto";

/**
 * Adyen's API idempotency (docs.adyen.com/development-resources/api-idempotency), for POST requests that carry an
 * `Idempotency-Key` header:
 *
 * - keys are scoped to the account (here: the API key) and kept for the stand-in's lifetime (Adyen: weeks);
 * - the same key with the same request (method, path, body) is answered with the first response, without acting
 *   again, and the response echoes the `Idempotency-Key` header;
 * - while the first request is still being processed, a second one with the key is refused at once with Adyen's
 *   documented transient error: HTTP 409, errorCode 704 "request already processed or in progress", and the header
 *   `transient-error: true` (retry later with the same key). Adyen does not make the second request wait;
 * - the same key with a different request is refused with errorCode 704 too, as HTTP 422 and without the
 *   transient-error header: retrying it can never succeed. (Adyen's docs do not describe this case; 704 is the only
 *   idempotency error they document, so the stand-in uses it, non-transient.)
 *
 * Only answers of requests that were carried out are kept (2xx, and the refusals of a payment itself); requests
 * refused before acting (validation, authentication) release the key, so a corrected request may reuse it.
 */

export interface StoredResponse {
  status: number;
  body: string;
}

type Entry = { fingerprint: string; state: "in-progress" } | { fingerprint: string; state: "done"; response: StoredResponse };

export type Claim =
  | { kind: "new"; finish: (response: StoredResponse, keep: boolean) => void }
  | { kind: "replay"; response: StoredResponse }
  | { kind: "in-progress" }
  | { kind: "mismatch" };

export class IdempotencyStore {
  private readonly entries = new Map<string, Entry>();

  claim(apiKey: string, key: string, method: string, path: string, body: string): Claim {
    const scoped = `${createHash("sha256").update(apiKey).digest("hex")}:${key}`;
    const fingerprint = createHash("sha256").update(`${method} ${path}\n${body}`).digest("hex");
    const entry = this.entries.get(scoped);
    if (entry) {
      if (entry.fingerprint !== fingerprint) return { kind: "mismatch" };
      return entry.state === "done" ? { kind: "replay", response: entry.response } : { kind: "in-progress" };
    }
    this.entries.set(scoped, { fingerprint, state: "in-progress" });
    return {
      kind: "new",
      finish: (response, keep) => {
        if (keep) this.entries.set(scoped, { fingerprint, state: "done", response });
        else this.entries.delete(scoped);
      },
    };
  }
}
