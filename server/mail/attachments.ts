import type { Database } from "../db/client";

/**
 * The files an outbox mail carries, by reference (`mail_outbox.attachment`, migration 0022): the row names what to
 * attach ("job_application:<id>": that application's CV) and the sender reads it when it sends, so a file is stored
 * once (beside what it belongs to) and the outbox stays small. A reference that no longer resolves (the application
 * was deleted) fails the mail with that error, kept on its row for a person: a mail that promises a CV never goes
 * without it.
 */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export async function resolveAttachment(db: Database, reference: string): Promise<MailAttachment> {
  const match = /^([a-z_]{1,40}):(\d{1,10})$/.exec(reference);
  const id = match ? Number(match[2]) : Number.NaN;
  if (match?.[1] === "job_application" && id <= 2_147_483_647) {
    const row = await db.selectFrom("job_applications").select(["cv", "cv_filename"]).where("id", "=", id).executeTakeFirst();
    if (!row) throw new Error(`the attachment ${reference} is gone`);
    return { filename: row.cv_filename, content: Buffer.from(row.cv), contentType: "application/pdf" };
  }
  throw new Error(`unknown attachment ${reference}`);
}
