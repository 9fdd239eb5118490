// @vitest-environment node
/**
 * Pages import shared code from src/components, src/domain, src/utils (issue 9), never from another page's folder:
 * a page folder is the folder of a route's component in the route table, with everything beneath it that is not
 * itself another route's folder. Tests may render other pages.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROUTES } from "./routeTable";

const PAGES = path.resolve(process.cwd(), "src/pages");

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return files(p);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)
      ? [p]
      : [];
  });
}

function resolve(from: string, spec: string): string | undefined {
  if (spec.startsWith("@/pages/"))
    return path.join(PAGES, spec.slice("@/pages/".length));
  if (spec.startsWith(".")) return path.resolve(path.dirname(from), spec);
  return undefined;
}

describe("page imports", () => {
  it("no page imports from another page folder", () => {
    const folders = ROUTES.map((r) =>
      path.join(PAGES, r.component.replace(/^\.\//, "")),
    )
      .map((p) =>
        fs.existsSync(p) && fs.statSync(p).isDirectory() ? p : path.dirname(p),
      )
      .sort((a, b) => b.length - a.length);
    expect(folders.length).toBeGreaterThan(50);
    // The page folder a file belongs to: the deepest route folder holding it (or its own folder outside any route).
    const owner = (file: string) =>
      folders.find((f) => file === f || file.startsWith(`${f}${path.sep}`)) ??
      (fs.existsSync(file) && fs.statSync(file).isDirectory()
        ? file
        : path.dirname(file));
    const offenders: string[] = [];
    for (const file of files(PAGES)) {
      const text = fs.readFileSync(file, "utf8");
      for (const m of text.matchAll(
        /(?:from\s+|import\(\s*(?:\/\*[^*]*\*\/\s*)?)['"]([^'"]+)['"]/g,
      )) {
        const target = resolve(file, m[1]);
        if (!target || !target.startsWith(PAGES)) continue;
        if (owner(file) !== owner(target))
          offenders.push(`${path.relative(PAGES, file)} -> ${m[1]}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
