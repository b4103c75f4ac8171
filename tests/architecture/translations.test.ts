import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { namespaces } from "~/i18n/config";

/**
 * A page carries only the translations its routes name in `handle.i18n` (plus the root's), so every namespace that
 * a route or anything it renders asks for must be named there, or the page shows raw keys. Read on the source:
 * from each route module, its imports are followed (not `import type`, not `*.server.ts`: those do not render;
 * nor app/i18n, the machinery) and every namespace they ask for is collected:
 * `useTranslation("ns")` / `useTranslation(["ns", …])` (no argument: common), and any "ns:key" string.
 * The keys that `*.server.ts` modules put in loader and action data (notices, titles) count for the routes that
 * import them; mail.server.ts writes mails, not pages.
 */
const root = join(__dirname, "..", "..");
const app = join(root, "app");
const routesDir = join(app, "routes");
const known = new Set<string>(namespaces);

const NOT_PAGES = [join(app, "web", "mail.server.ts")];
const isServerModule = (file: string) => /\.server\.tsx?$/.test(file);

function resolveImport(from: string, spec: string): string | undefined {
  let base: string;
  if (spec.startsWith("~/")) base = join(app, spec.slice(2));
  else if (spec.startsWith("#server/")) base = join(root, "server", spec.slice("#server/".length));
  else if (spec.startsWith(".")) base = join(dirname(from), spec);
  else return undefined;
  return ["", ".ts", ".tsx", "/index.ts", "/index.tsx"].map((end) => base + end).find((file) => /\.tsx?$/.test(file) && existsSync(file));
}

/** The modules a file imports for their values (type-only imports carry no keys). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const specs = [
    ...[...text.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+["']([^"']+)["']/gm)].map((m) => m[1]!),
    ...[...text.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]!),
  ];
  return specs.map((spec) => resolveImport(file, spec)).filter((f): f is string => Boolean(f));
}

/** The namespaces one file asks for. */
function asked(file: string): Set<string> {
  const text = readFileSync(file, "utf8");
  const found = new Set<string>();
  for (const [, args] of text.matchAll(/useTranslation\(([^)]*)\)/g)) {
    const names = [...args!.matchAll(/["']([\w-]+)["']/g)].map((m) => m[1]!);
    for (const name of names.length ? names : ["common"]) found.add(name);
  }
  for (const [, ns] of text.matchAll(/["'`]([a-z]+):[\w$]/g)) if (known.has(ns!)) found.add(ns!);
  return found;
}

/**
 * The namespaces a module and what it renders ask for, with the file asking for each (for the failure message).
 * With `data`, also the app's `*.server.ts` modules it reaches (and theirs, not what they compute with).
 */
function closure(start: string, data: boolean): Map<string, string> {
  const seen = new Set<string>();
  const needs = new Map<string, string>();
  const visit = (file: string, fromServer: boolean) => {
    if (seen.has(file) || NOT_PAGES.includes(file) || file.startsWith(join(app, "i18n") + "/")) return;
    const server = file !== start && isServerModule(file);
    if ((server && !data) || (fromServer && !server)) return;
    seen.add(file);
    for (const ns of asked(file)) if (!needs.has(ns)) needs.set(ns, relative(root, file));
    for (const next of importsOf(file)) visit(next, server);
  };
  visit(start, false);
  return needs;
}

/** The namespaces a route module declares in `handle.i18n`. */
function declared(file: string): string[] {
  const handle = readFileSync(file, "utf8").match(/export const handle\b[^;]*?\bi18n:\s*\[([^\]]*)\]/s);
  return handle ? [...handle[1]!.matchAll(/["']([^"']+)["']/g)].map((m) => m[1]!) : [];
}

/** Route modules: files in app/routes, and the `route.tsx` of each route folder (its other files are its glue). */
const routeFiles = readdirSync(routesDir, { withFileTypes: true }).flatMap((entry) => {
  if (entry.isDirectory()) {
    const inside = readdirSync(join(routesDir, entry.name)).find((name) => /^route\.tsx?$/.test(name));
    return inside ? [join(routesDir, entry.name, inside)] : [];
  }
  return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [join(routesDir, entry.name)] : [];
});
/** A route's name: its file's, or its folder's for `route.tsx`. */
const routeName = (file: string) => (/^route\.tsx?$/.test(basename(file)) ? basename(dirname(file)) : basename(file).replace(/\.tsx?$/, ""));
const byName = new Map(routeFiles.map((file) => [routeName(file), file]));

/** Its layout routes, outermost first (Remix's flat routes: `store._index` sits in `store`; `huts_.$code` does not). */
function parents(file: string): string[] {
  const segments = routeName(file).split(".");
  const found: string[] = [];
  for (let i = segments.length - 1; i > 0; i--) {
    const candidate = byName.get(segments.slice(0, i).join("."));
    if (candidate) found.unshift(candidate);
  }
  return found;
}

const rootFile = join(app, "root.tsx");
const rootNamespaces = declared(rootFile);

describe("every page carries the translations it renders (handle.i18n)", () => {
  it("finds the routes and the root's namespaces", () => {
    expect(routeFiles.length).toBeGreaterThan(15);
    expect(rootNamespaces).toContain("common");
    expect(parents(join(routesDir, "store._index", "route.tsx"))).toEqual([join(routesDir, "store.tsx")]);
    expect(parents(join(routesDir, "huts_.$code.tsx"))).toEqual([]);
  });

  it("handles name only namespaces that exist, once per page", () => {
    const problems: string[] = [];
    for (const file of [rootFile, ...routeFiles]) {
      const own = declared(file);
      for (const ns of own) if (!known.has(ns)) problems.push(`${relative(root, file)}: unknown namespace "${ns}"`);
      if (new Set(own).size !== own.length) problems.push(`${relative(root, file)}: a namespace named twice`);
      if (file === rootFile) continue;
      const above = [...rootNamespaces, ...parents(file).flatMap(declared)];
      for (const ns of own) if (above.includes(ns)) problems.push(`${relative(root, file)}: "${ns}" is already carried by the root or a layout route`);
    }
    expect(problems).toEqual([]);
  });

  it("what the root renders (layouts, header, notices, the order-time dialog, error pages) is in the root's handle", () => {
    const missing = [...closure(rootFile, true)].filter(([ns]) => !rootNamespaces.includes(ns));
    expect(missing.map(([ns, where]) => `${ns} (asked for in ${where})`)).toEqual([]);
  });

  it.each(routeFiles.map((file) => [routeName(file), file]))("%s names every namespace it renders, and no other", (_name, file) => {
    const carried = new Set([...rootNamespaces, ...parents(file).flatMap(declared), ...declared(file)]);
    const rendered = closure(file, false);
    const fromData = closure(file, true);
    const missing = [...fromData].filter(([ns]) => !carried.has(ns)).map(([ns, where]) => `${ns} (asked for in ${where})`);
    expect(missing, `add to ${relative(root, file)}'s handle.i18n`).toEqual([]);
    // A namespace in the handle that nothing of the route asks for is bytes on every page for nothing.
    const unused = declared(file).filter((ns) => !rendered.has(ns) && !fromData.has(ns));
    expect(unused, `remove from ${relative(root, file)}'s handle.i18n`).toEqual([]);
  });
});
