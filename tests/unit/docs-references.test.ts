// The repository explains itself: code cites docs/behaviour/<page>.md#<rule> (or states the rule), never documents that
// someone who clones the repository cannot read, and every such reference leads to an existing page and rule.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CODE_DIRS = ["app", "workers", "tests", "scripts"];
const SKIPPED_DIRS = new Set(["node_modules", ".wrangler", "build", "dist", "test-results", "playwright-report"]);
const THIS_FILE = relative(ROOT, fileURLToPath(import.meta.url))
  .split(sep)
  .join("/");
const BEHAVIOUR_DIR = "docs/behaviour";

/**
 * Citations of documents outside the repository: the product specification ("spec §4", "the spec", "shell spec"),
 * the design brief or card, files beside the checkout ("../shared") and scratch contracts ("/tmp/….md"). A bare
 * "spec" counts too, but not a file name such as "login.spec.ts".
 */
const OUTSIDE_CITATION =
  /spec §|§ ?\d|\bthe spec\b|shell spec|identity spec|design brief|design card|\.\.\/shared|\/work\/shared|\/tmp\/[\w-]+\.md|identity contract|(?<![.\w-])spec(?:'s)?\b(?![.\w-])/i;

/** docs/behaviour/<page>.md, optionally with #<anchor>. */
const BEHAVIOUR_REFERENCE = /docs\/behaviour\/([\w-]+\.md)(?:#([\w-]+))?/g;

function walk(dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(join(ROOT, dir))) {
    const path = `${dir}/${name}`;
    if (statSync(join(ROOT, path)).isDirectory()) {
      if (!SKIPPED_DIRS.has(name) && !name.startsWith(".")) files.push(...walk(path));
    } else {
      files.push(path);
    }
  }
  return files;
}

/** Text files only: a NUL byte means binary (images, fonts). */
function readText(path: string): string | null {
  const buffer = readFileSync(join(ROOT, path));
  return buffer.includes(0) ? null : buffer.toString("utf8");
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** The anchors of every page under docs/behaviour, by file name. */
function behaviourAnchors(): Map<string, Set<string>> {
  const pages = new Map<string, Set<string>>();
  for (const name of readdirSync(join(ROOT, BEHAVIOUR_DIR)).filter((n) => n.endsWith(".md"))) {
    const text = readFileSync(join(ROOT, BEHAVIOUR_DIR, name), "utf8");
    const anchors = new Set<string>();
    for (const match of text.matchAll(/^#{1,6} +(.+?) *#*$/gm)) anchors.add(headingAnchor(match[1]!));
    pages.set(name, anchors);
  }
  return pages;
}

type Reference = { file: string; line: number; page: string; anchor: string | undefined };

function references(file: string, text: string, pattern: RegExp, samePage?: string): Reference[] {
  const found: Reference[] = [];
  text.split("\n").forEach((line, index) => {
    for (const match of line.matchAll(pattern)) {
      const page = match[1] ?? samePage;
      if (page) found.push({ file, line: index + 1, page, anchor: match[2] });
    }
  });
  return found;
}

function brokenReferences(refs: Reference[], pages: Map<string, Set<string>>): string[] {
  return refs
    .filter((ref) => !pages.has(ref.page) || (ref.anchor !== undefined && !pages.get(ref.page)!.has(ref.anchor)))
    .map((ref) => `${ref.file}:${ref.line}: ${ref.page}${ref.anchor ? `#${ref.anchor}` : ""}`);
}

const codeFiles = CODE_DIRS.flatMap(walk)
  .filter((file) => file !== THIS_FILE)
  .map((file) => ({ file, text: readText(file) }))
  .filter((entry): entry is { file: string; text: string } => entry.text !== null);

describe("docs references", () => {
  it("finds the code and the behaviour pages", () => {
    expect(codeFiles.length).toBeGreaterThan(100);
    expect([...behaviourAnchors().keys()]).toEqual(expect.arrayContaining(["identity.md", "session.md", "constants.md"]));
  });

  it("cites no document outside the repository in app/, workers/, tests/ or scripts/", () => {
    const citations = codeFiles.flatMap(({ file, text }) =>
      text
        .split("\n")
        .map((line, index) => ({ line, index }))
        .filter(({ line }) => OUTSIDE_CITATION.test(line))
        .map(({ line, index }) => `${file}:${index + 1}: ${line.trim()}`),
    );
    expect(citations).toEqual([]);
  });

  it("points every docs/behaviour reference in the code at an existing page and rule", () => {
    const pages = behaviourAnchors();
    const refs = codeFiles.flatMap(({ file, text }) => references(file, text, BEHAVIOUR_REFERENCE));
    expect(refs.length).toBeGreaterThan(50);
    expect(brokenReferences(refs, pages)).toEqual([]);
  });

  it("points the links between docs pages at existing pages and rules", () => {
    const pages = behaviourAnchors();
    const behaviourLinks = [...pages.keys()].flatMap((name) => {
      const file = `${BEHAVIOUR_DIR}/${name}`;
      const text = readFileSync(join(ROOT, file), "utf8");
      // Relative links ("](session.md#logout)", "](#rule)") resolve within docs/behaviour.
      return references(file, text, /\]\(([\w-]+\.md)?(?:#([\w-]+))?\)/g, name);
    });
    const decisionRefs = readdirSync(join(ROOT, "docs/decisions"))
      .filter((name) => name.endsWith(".md"))
      .flatMap((name) =>
        references(`docs/decisions/${name}`, readFileSync(join(ROOT, "docs/decisions", name), "utf8"), BEHAVIOUR_REFERENCE),
      );
    expect(brokenReferences([...behaviourLinks, ...decisionRefs], pages)).toEqual([]);
  });

  it("reads GitHub's heading anchors", () => {
    expect(headingAnchor("session-cookie")).toBe("session-cookie");
    expect(headingAnchor("Old iOS home-screen apps")).toBe("old-ios-home-screen-apps");
    expect(headingAnchor("What the `/wps` proxy forwards")).toBe("what-the-wps-proxy-forwards");
  });
});
