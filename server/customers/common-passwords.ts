import { createRequire } from "node:module";

/**
 * Common passwords: Mozilla's list for Firefox Accounts (fxa-common-password-list, about 10,000 of the most used
 * passwords), checked as typed and lower-cased, so "Password1" is caught as "password1" is. Server only: the list
 * is 240 KB and never goes to the browser.
 */
const require = createRequire(import.meta.url);
const list: { test(password: string): boolean } = require("fxa-common-password-list");

export function isCommonPassword(password: string): boolean {
  return list.test(password) || list.test(password.toLowerCase());
}
