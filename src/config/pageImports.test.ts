// @vitest-environment node
/**
 * Pages import shared code from src/components, src/domain, src/utils (issue 9), never from another page's folder:
 * a page folder is a route's folder (Umi's conventions: a folder with an `index.tsx`), with its page parts
 * (`components/`) and everything beneath it that is not itself another route's folder. Tests may render other pages.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pageDir, ROUTES } from "./routeTable";

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

/** Route folders: every folder of src/pages with an `index.tsx` (Umi's conventions), outside page parts. */
function routeFolders(dir: string): string[] {
  const here = fs.existsSync(path.join(dir, "index.tsx")) && dir !== PAGES ? [dir] : [];
  return here.concat(
    fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory() && e.name !== "components")
      .flatMap((e) => routeFolders(path.join(dir, e.name))),
  );
}

describe("page imports", () => {
  it("no page imports from another page folder", () => {
    const folders = routeFolders(PAGES).sort((a, b) => b.length - a.length);
    // Every route of the table has its folder (routeTable.test.ts checks the converse).
    expect(ROUTES.map((r) => path.join(PAGES, pageDir(r.path))).filter((f) => !folders.includes(f))).toEqual([]);
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
