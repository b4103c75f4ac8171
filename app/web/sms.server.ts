import { env } from "#server/config";
import { whenDatabaseReady } from "#server/db/client";
import { deliverSms, startSmsSender } from "#server/sms";

/**
 * The SMS outbox's sender in the web server (server/sms): with SMS_URL set it starts with the server, ships what
 * earlier runs left in `sms_outbox` and retries failed texts every minute; `deliverSms` ships new texts at once.
 */
if (env().SMS_URL && env().NODE_ENV !== "test") {
  whenDatabaseReady((db) => startSmsSender(db));
}

export { deliverSms };
