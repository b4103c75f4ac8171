import { expect, test } from "@playwright/test";
import { speak } from "./support";

/** Issue 14: a storefront people want to order from (the catalogue in Arabic, pages that fit their screen). */

test("the menu in Arabic names categories, products and sizes in Arabic, priced in $", async ({ page }) => {
  await page.goto("/home");
  await speak(page, "ar");
  await page.goto("/order/pizzas/clasicas");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { name: "بيتزا", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "الكلاسيكية" })).toBeVisible();
  const card = page.getByRole("article", { name: "هاواي" });
  await expect(card).toBeVisible();
  await expect(card.getByRole("option", { name: /^صغيرة، العجينة الأصلية \(بان\)/ })).toHaveCount(1);
  await expect(card.getByText(/\$\d+\.\d\d/).first()).toBeVisible();
  await expect(page.locator("main")).not.toContainText("MX$");
  await expect(page.getByRole("article", { name: "Hawaiian" })).toHaveCount(0);
});
