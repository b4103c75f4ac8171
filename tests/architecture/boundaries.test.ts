import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/**
 * The house rules of ../shared/ARCHITECTURE.md, checked on the source: app/ is the web and server/ the business,
 * arrows point only from app to server, no route imports another route, and only server/clock.ts reads the time.
 */
const root = join(__dirname, "..", "..");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const importsOf = (file: string) =>
  [...readFileSync(file, "utf8").matchAll(/(?:import|export)[^'"]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g)].map(
    (m) => m[1] ?? m[2],
  );

const serverFiles = sources(join(root, "server"));
/**
 * Route modules: a file directly in app/routes, or `route.ts(x)` of a route folder. The other files of a route
 * folder are that route's own glue (`checkout/checkout.server.ts`), which only its route imports.
 */
const routesDir = join(root, "app", "routes");
const routeFiles = sources(routesDir).filter((file) => {
  const parts = relative(routesDir, file).split(/[\\/]/);
  return parts.length === 1 || /^route\.tsx?$/.test(parts[1]!);
});
const routeGlue = sources(routesDir).filter((file) => !routeFiles.includes(file));

describe("architecture boundaries", () => {
  it("finds the sources it checks", () => {
    expect(serverFiles.length).toBeGreaterThan(10);
    expect(routeFiles.length).toBeGreaterThan(5);
  });

  it("server/ never imports the web: no app/, React, Remix or i18n UI code", () => {
    const offenders = serverFiles.flatMap((file) =>
      importsOf(file)
        .filter((spec) => /^~\//.test(spec) || /(^|\/)app\//.test(spec) || /^(react|react-dom|@remix-run\/|remix-i18next|react-i18next)/.test(spec))
        .map((spec) => `${relative(root, file)} -> ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it("server-side form parsing goes through app/web/forms.server.ts (its parseWithZod coerces each schema once)", () => {
    const forms = join(root, "app", "web", "forms.server.ts");
    const offenders = sources(join(root, "app"))
      .filter((file) => /\.server\.tsx?$/.test(file) && file !== forms)
      .filter((file) => /import\s*\{[^}]*\bparseWithZod\b[^}]*\}\s*from\s*["']@conform-to\/zod["']/.test(readFileSync(file, "utf8")))
      .map((file) => relative(root, file));
    expect(offenders).toEqual([]);
  });

  it("no route imports another route, nor the root route (types excepted)", () => {
    const offenders = routeFiles.flatMap((file) =>
      importsOf(file)
        // its own folder's glue (`./checkout.server`) is the route's; anything else under routes/ is another route
        .filter((spec) => /(^~\/routes\/|^\.\/|^\.\.\/|^~\/root$)/.test(spec) && !/^\.\/(?!route$)[^/]+$/.test(spec))
        .filter((spec) => !new RegExp(`^import\\s+type\\b[^;]*from\\s+["']${spec.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}["']`, "m").test(readFileSync(file, "utf8")))
        .map((spec) => `${relative(root, file)} -> ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it("a route folder's glue is its route's alone: nothing else imports it", () => {
    expect(routeGlue.length).toBeGreaterThan(3);
    const everything = [...sources(join(root, "app")), ...sources(join(root, "tests")), ...sources(join(root, "scripts"))];
    const offenders = routeGlue.flatMap((glue) => {
      const folder = relative(routesDir, glue).split(/[\\/]/)[0]!;
      const name = relative(routesDir, glue).replace(/\.tsx?$/, "").replace(/\\/g, "/");
      return everything
        .filter((file) => !relative(routesDir, file).startsWith(`${folder}/`) && !relative(root, file).startsWith("tests"))
        .filter((file) => importsOf(file).some((spec) => spec === `~/routes/${name}`))
        .map((file) => `${relative(root, file)} -> ${name}`);
    });
    expect(offenders).toEqual([]);
  });

  it("routes reach server/ only through glue (app/web/, or the route folder's own; types excepted)", () => {
    const offenders = routeFiles.flatMap((file) => {
      const text = readFileSync(file, "utf8");
      return [...text.matchAll(/^import\s+(?!type\b)[^;]*?from\s+["'](#server\/[^"']+)["']/gm)].map(
        (m) => `${relative(root, file)} -> ${m[1]}`,
      );
    });
    expect(offenders).toEqual([]);
  });

  it("settings are read through server/config.ts only", () => {
    // server/clock.ts reads STORE_NOW on every call (tests pin it per test); the staff CLI reads the password it is
    // given (STAFF_PASSWORD), which is not a setting of the shop.
    const allowed = [join("server", "config.ts"), join("server", "clock.ts"), join("server", "staff", "cli.ts")];
    const offenders = [...serverFiles, ...sources(join(root, "app"))]
      .filter((file) => !allowed.some((end) => file.endsWith(end)))
      .filter((file) => /process\.env\b/.test(readFileSync(file, "utf8")))
      .map((file) => relative(root, file));
    expect(offenders).toEqual([]);
  });

  it("only server/clock.ts reads the current time", () => {
    const offenders = [...serverFiles, ...sources(join(root, "app"))]
      .filter((file) => !file.endsWith(join("server", "clock.ts")))
      .filter((file) => /new Date\(\s*\)|Date\.now\(\)/.test(readFileSync(file, "utf8")))
      .map((file) => relative(root, file));
    expect(offenders).toEqual([]);
  });
});
