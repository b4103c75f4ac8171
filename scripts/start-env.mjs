/**
 * `npm start`'s environment: the process's own, with the demo's defaults where it says nothing. The demo's own
 * conveniences (the README's demo customer, whose password is public, and /outbox, which shows everyone's mails and
 * texts, so anyone reaching it could reset anyone's password) only for a demo: a SESSION_SECRET given by whoever
 * starts it says this is a deployment, a server others reach, where they stay off unless asked for by name.
 * @param {Record<string, string | undefined>} given
 * @returns {Record<string, string | undefined>}
 */
export function startEnv(given) {
  const env = { ...given };
  env.NODE_ENV ??= "production";
  env.PORT ??= "3000";
  env.DATA_DIR ||= "./data";
  env.COOKIE_SECURE ??= "false";
  if (!env.SESSION_SECRET) {
    env.SEED_DEMO_CUSTOMER ??= "true";
    env.DEMO_OUTBOX ??= "true";
  }
  return env;
}
