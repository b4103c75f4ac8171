/**
 * How the console stays current: with JavaScript it re-reads its orders in the background this often; without it
 * the page reloads itself (a refresh inside <noscript>, stoppable: WCAG 2.2.1). Shared by the server (the route's
 * handle) and the browser, so it lives outside any *.server module.
 */
export const LIVE_SECONDS = 10;
export const REFRESH_SECONDS = 30;
