import { parseWithZod } from "~/web/forms.server";
import {
  json,
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type UploadHandler,
} from "@remix-run/node";
import { submitApplication } from "#server/careers/applications";
import { closedOpeningTitle, findOpening, listOpenings, openingId } from "#server/careers/openings";
import { applicationSchema, CV_MAX_BYTES, isPdf, isPdfType } from "#server/careers/schema";
import { now } from "#server/clock";
import { env } from "#server/config";
import { consume } from "#server/security/rate-limits";
import { translator } from "~/i18n/translator.server";
import { clientAddress, refusal } from "~/web/edge.server";
import { deliverMail, renderApplicationReceived, renderJobApplication } from "~/web/mail.server";
import { redirectWith, storefront } from "~/web/storefront.server";

/**
 * The glue of /careers/:id? (issue 14 point 4): without an id, the open openings grouped by outlet; with one, the
 * opening and its application form (name, email, phone, a message and a CV as a PDF, posted as multipart/form-data).
 * An id that is no positive int4, unknown or closed: a 404 (never a database error).
 *
 * The form's body passes the edge first (app/web/edge.server.ts: same origin, the CSRF token of the multipart form,
 * at most CAREERS_FORM_LIMIT_BYTES (server/careers/schema.ts), else a 413 page). The action then reads it with Remix's multipart parser and a
 * memory upload handler whose parts stop at CV_MAX_BYTES (2 MiB): a CV over it is a 413 with the form again, the
 * other inputs kept and a translated message. A CV is a PDF when its declared type says so AND its bytes start with
 * "%PDF-"; otherwise a 400 with a translated message. Applications from one client address are limited in the
 * database (limits.careersApplyPerAddress: a 429). The stored application reaches the chain through the mail outbox,
 * its CV attached (server/careers/applications.ts), the applicant is sent a confirmation in their language (same
 * transaction), and gets a 303 to /careers with a notice.
 */
function opening(params: { id?: string }) {
  const id = openingId(params.id);
  if (id === null) throw json(null, { status: 404 });
  return id;
}

export async function careersPage(request: Request, params: { id?: string }) {
  const store = await storefront(request);
  const t = translator(store.lng, "careers");
  if (params.id === undefined) {
    return json({ kind: "list" as const, title: t("title"), groups: await listOpenings(store.db, store.lng), opening: null, cvMaxBytes: CV_MAX_BYTES });
  }
  const found = await findOpening(store.db, opening(params), store.lng);
  if (!found) throw json(null, { status: 404 });
  return json({ kind: "opening" as const, title: t("openingTitle", { title: found.title, outlet: found.outlet.name }), groups: null, opening: found, cvMaxBytes: CV_MAX_BYTES });
}

/**
 * The posted form, its CV part kept in memory up to CV_MAX_BYTES: a bigger one is left out (`oversized`), its bytes
 * read and dropped, and the other fields are still read. A form that is not multipart (no file can be in it) is read
 * as it is; one the parser cannot read is a 400.
 */
async function readForm(request: Request): Promise<{ form: FormData; oversized: boolean }> {
  if (!/^multipart\/form-data\s*;/i.test(request.headers.get("Content-Type") ?? "")) return { form: await request.formData(), oversized: false };
  const memory = unstable_createMemoryUploadHandler({ maxPartSize: CV_MAX_BYTES });
  let oversized = false;
  const handler: UploadHandler = async (part) => {
    try {
      return await memory(part);
    } catch (error) {
      if (!(error instanceof MaxPartSizeExceededError)) throw error;
      oversized = true;
      for await (const _chunk of part.data) {
        // the rest of the part, read and dropped, so the parser goes on to the next fields
      }
      return undefined;
    }
  };
  try {
    return { form: await unstable_parseMultipartFormData(request, handler), oversized };
  } catch {
    throw refusal(400, "malformed");
  }
}

/** A file that claims to be a PDF (its declared type, a size the form takes) but does not start as one. */
async function notPdf(value: FormDataEntryValue | null): Promise<boolean> {
  if (!(value instanceof File) || value.size === 0 || value.size > CV_MAX_BYTES || !isPdfType(value.type)) return false;
  return !isPdf(new Uint8Array(await value.slice(0, 5).arrayBuffer()));
}

export async function careersAction(request: Request, params: { id?: string }, context: unknown) {
  const store = await storefront(request);
  const id = opening(params);
  const found = await findOpening(store.db, id, store.lng);
  if (!found) {
    // Closed while the applicant filled the form in: the openings still open, with why (their CV cannot be kept).
    const closed = await closedOpeningTitle(store.db, id, store.lng);
    if (closed !== null) return redirectWith(store.session, "/careers", { tone: "error", key: "careers:closed", values: { title: closed } });
    throw json(null, { status: 404 });
  }
  const { form, oversized } = await readForm(request);
  const submission = parseWithZod(form, { schema: applicationSchema });
  const hideFields = ["cv"];
  // The CV's own refusal (too large, or not a PDF by its bytes) is answered with the other fields' errors, if any.
  const cvRefusal = oversized ? "careers:v.cvTooLarge" : (await notPdf(form.get("cv"))) ? "careers:v.cvNotPdf" : null;
  if (cvRefusal) {
    const result = submission.reply({ hideFields });
    return json({ result: { ...result, error: { ...result.error, cv: [cvRefusal] } } }, { status: oversized ? 413 : 400 });
  }
  if (submission.status !== "success") return json({ result: submission.reply({ hideFields }) }, { status: 400 });
  const { cv, ...applicant } = submission.value;
  const bytes = new Uint8Array(await cv.arrayBuffer());
  const limit = await consume(store.db, "careersApplyPerAddress", clientAddress(context));
  if (!limit.allowed) {
    return json(
      { result: submission.reply({ formErrors: ["careers:tooMany"], hideFields }) },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  await submitApplication(
    store.db,
    { opening: found, ...applicant, lng: store.lng, cv: { name: cv.name, bytes }, to: env().CAREERS_EMAIL, now: now() },
    (application) => renderJobApplication(application),
    (application) => renderApplicationReceived(application),
  );
  void deliverMail(store.db);
  return redirectWith(store.session, "/careers", { tone: "success", key: "careers:sent", values: { title: found.title } });
}
