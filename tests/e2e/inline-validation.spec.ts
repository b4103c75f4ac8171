import { expect, test } from "@playwright/test";
import { addressFields } from "./support";

/**
 * Inline validation with JavaScript (issue 15): the forms' zod schemas arrive after hydration
 * (app/lazy-validation.ts), and from then on a form validates in the browser as conform always did. JavaScript on
 * only (playwright.config.ts): without it every form is validated by the server, which the other specs prove.
 */
const REQUIRED = "Este campo es obligatorio.";

test("with JavaScript, a field left empty says so on blur and a wrong submit is stopped in the browser, once the schema has arrived", async ({ page }) => {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await page.goto("/home");
  // The schema, zod and @conform-to/zod come after hydration (app/lazy-validation.ts); until then the server validates.
  await expect(page.locator("html[data-inline-validation]")).toBeAttached();
  const fields = addressFields(page);
  await fields.street.focus();
  await fields.number.focus();
  await expect(fields.street).toHaveAccessibleDescription(REQUIRED);
  await expect(fields.street).toHaveAttribute("aria-invalid", "true");
  await fields.submit.click();
  await expect(fields.reference).toHaveAccessibleDescription(REQUIRED);
  await expect(page).toHaveURL(/\/home$/);
  expect(posts).toEqual([]);
});
