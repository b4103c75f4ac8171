import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import axe from "axe-core";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

interface Violation {
  id: string;
  impact?: string | null;
  nodes: { target: unknown[] }[];
}

/**
 * axe-core's serious and critical WCAG 2.1 AA violations on the page as it is now, one line each.
 *
 * A page without frames is scanned by axe-core itself inside the page (`axe.run`, its source evaluated once per
 * document). @axe-core/playwright's `analyze()` evaluates axe's 650 KB twice and opens a blank page to merge the
 * frames' results, which made each scan 5 to 7 s against 0.4 to 1.7 s for the same rules on the same page. A page
 * with frames (Adyen Web's card fields) still goes through AxeBuilder, which scans every frame.
 */
export async function violations(page: Page): Promise<string[]> {
  const found: Violation[] =
    page.frames().length > 1
      ? (await new AxeBuilder({ page }).withTags(TAGS).analyze()).violations
      : await scanDocument(page);
  return found
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

async function scanDocument(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => typeof (window as { axe?: unknown }).axe === "object"))) await page.evaluate(axe.source);
  return page.evaluate(async (tags) => {
    const run = (window as unknown as { axe: typeof axe }).axe.run;
    const results = await run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return results.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => ({ target: n.target as unknown[] })) }));
  }, TAGS);
}
