/**
 * Ids and dates as they arrive from URLs and forms, for routes and components (pure, no zod: the menu's bundle
 * stays small). Routes check them before anything reaches a query (server/ids.ts, server/calendar.ts).
 */
export { isUuid, rowIdOf } from "#server/ids";
export { isCalendarDateTime } from "#server/calendar";
