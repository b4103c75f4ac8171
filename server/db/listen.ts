import pg from "pg";

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 30_000;

/**
 * A dedicated Postgres connection that LISTENs on one channel and survives the database going away: on an error
 * or an end it calls `onLost` (notifications may be missed from then on), reconnects with a doubling delay (0.5 s up
 * to 30 s) and calls `onReconnect` once it listens again.
 * The first connect must succeed (the caller learns of a database that is down at once); later ones are retried
 * for ever, until the returned function stops it.
 */
export async function listenOnPostgres(
  config: pg.ClientConfig,
  channel: string,
  onMessage: (payload: string, sender: number) => void,
  onReconnect: () => void,
  onLost: () => void = () => {},
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`listen: bad channel name ${channel}`);
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let delay = RETRY_MIN_MS;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ ...config, application_name: `${config.application_name ?? "storefront"} listen ${channel}` });
    next.on("notification", (message) => {
      if (message.channel === channel) onMessage(message.payload ?? "", message.processId);
    });
    let lost = false;
    const lose = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (error) console.warn(`[db] listener on ${channel} lost its connection: ${error.message}`);
      next.removeAllListeners("notification");
      void next.end().catch(() => {});
      if (stopped) return;
      onLost();
      schedule();
    };
    next.on("error", lose);
    next.on("end", () => lose());
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      next.removeListener("end", lose);
      lost = true;
      void next.end().catch(() => {});
      throw error;
    }
    client = next;
    delay = RETRY_MIN_MS;
  };

  const schedule = () => {
    retry = setTimeout(() => {
      connect().then(onReconnect, (error: Error) => {
        console.warn(`[db] listener on ${channel} could not reconnect: ${error.message}`);
        delay = Math.min(delay * 2, RETRY_MAX_MS);
        if (!stopped) schedule();
      });
    }, delay);
    retry.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}
