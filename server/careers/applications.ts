import type { Language } from "#server/constants";
import type { I18nText } from "#server/db/types";
import type { Database } from "#server/db/client";
import { enqueueMail } from "#server/mail/outbox";
import { cvFilename } from "./schema";

/**
 * An application to an opening (issue 14 point 4): stored with its CV (bytea, at most 2 MiB, already checked to be a
 * PDF) and, in the same transaction, a mail to the chain's careers address in the outbox (server/mail). The mail
 * carries the CV as an attachment by reference ("job_application:<id>", resolved by the sender from this row:
 * server/mail/attachments.ts), so the CV is stored once and the outbox row stays small. The mail's words are the
 * web's (its translations): the caller renders it from the stored application. The applicant gets a confirmation in
 * the language they applied in (`confirm`), in the same transaction: an application is stored exactly when both mails
 * are queued.
 */
export type ApplicationRecord = {
  id: number;
  /** The opening's title in every language: the applicant's confirmation takes theirs, the chain's mail Spanish. */
  opening: { id: number; code: string; titles: I18nText; outletName: string; outletCode: string };
  name: string;
  email: string;
  phone: string;
  message: string;
  lng: Language;
  cvFilename: string;
  cvBytes: number;
  createdAt: Date;
};

export type RenderedMail = { subject: string; text: string; html: string };

export const CV_ATTACHMENT_KIND = "job_application";

export async function submitApplication(
  db: Database,
  input: {
    opening: { id: number; title: string; outlet: { code: string; name: string } };
    name: string;
    email: string;
    phone: string;
    message: string;
    lng: Language;
    cv: { name: string; bytes: Uint8Array };
    to: string;
    now: Date;
  },
  render: (application: ApplicationRecord) => RenderedMail,
  confirm: (application: ApplicationRecord) => RenderedMail,
): Promise<ApplicationRecord> {
  return db.transaction().execute(async (trx) => {
    const filename = cvFilename(input.cv.name);
    const row = await trx
      .insertInto("job_applications")
      .values({
        opening_id: input.opening.id,
        name: input.name,
        email: input.email,
        phone: input.phone,
        message: input.message,
        lng: input.lng,
        cv: input.cv.bytes,
        cv_filename: filename,
        created_at: input.now,
      })
      .returning(["id"])
      .executeTakeFirstOrThrow();
    const opening = await trx.selectFrom("job_openings").select(["code", "title"]).where("id", "=", input.opening.id).executeTakeFirstOrThrow();
    const application: ApplicationRecord = {
      id: row.id,
      opening: { id: input.opening.id, code: opening.code, titles: opening.title, outletName: input.opening.outlet.name, outletCode: input.opening.outlet.code },
      name: input.name,
      email: input.email,
      phone: input.phone,
      message: input.message,
      lng: input.lng,
      cvFilename: filename,
      cvBytes: input.cv.bytes.byteLength,
      createdAt: input.now,
    };
    await enqueueMail(
      trx,
      { kind: "job-application", key: `job-application:${row.id}`, to: input.to, ...render(application), attachment: `${CV_ATTACHMENT_KIND}:${row.id}` },
      input.now,
    );
    await enqueueMail(trx, { kind: "job-application-received", key: `job-application-received:${row.id}`, to: input.email, ...confirm(application) }, input.now);
    return application;
  });
}
