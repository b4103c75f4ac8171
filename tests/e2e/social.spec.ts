import { expect, test, type Page } from "@playwright/test";

/**
 * Social sign-in (issue 11): "Continuar con Google" on /login goes to a real OpenID provider on 127.0.0.1
 * (oidc-provider, started by tests/support/e2e-server.mjs); its development pages are the provider's sign-in
 * ("Sign-in": any login is the account, any password) and consent ("Continue"). Each project signs in as its own
 * person, so js-on and js-off never meet in the shared database.
 */
test.beforeEach(async ({ page }) => {
  // The provider's development pages import a web font; nothing leaves the machine.
  await page.route(/fonts\.(googleapis|gstatic)\.com/, (route) => route.abort());
});

/** At the provider: signs in as `login` and consents; the browser goes back to the app. */
async function signInAtProvider(page: Page, login: string) {
  await page.getByPlaceholder("Enter any login").fill(login);
  await page.getByPlaceholder("and password").fill("cualquiera");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
}

test("Google: sign in at the provider and come back signed in, to the page asked for", async ({ page }, info) => {
  await page.goto(`/login?redirectTo=${encodeURIComponent("/huts")}`);
  await page.getByRole("link", { name: "Continuar con Google" }).click();
  await expect(page.getByRole("button", { name: "Sign-in" })).toBeVisible();
  await signInAtProvider(page, `ana-${info.project.name}`);
  await expect(page).toHaveURL(/\/huts$/);
  await expect(page.getByRole("status").filter({ hasText: "Hola, Ana. Iniciaste sesión." })).toBeVisible();
  // Signed in: the sign-in page sends the customer on.
  await page.goto("/login");
  await expect(page).toHaveURL(/\/home$/);
});

test("Google with an email the provider has not verified: back at /login with the reason, not signed in", async ({ page }, info) => {
  await page.goto("/login");
  await page.getByRole("link", { name: "Continuar con Google" }).click();
  await signInAtProvider(page, `unverified-${info.project.name}`);
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fhome$/);
  await expect(page.getByRole("alert")).toHaveText("No pudimos iniciar sesión con esa cuenta. Intenta de nuevo o usa tu correo y contraseña.");
  await expect(page.getByRole("button", { name: "Iniciar sesión" })).toBeVisible();
});
