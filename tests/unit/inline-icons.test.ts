// Icons are inline SVG, never emoji: a phone without an emoji font shows an empty box instead (app/ui/Eye.tsx,
// app/site-status/StatusIcon.tsx, app/game/LaunchIcon.tsx). Country flags are drawn from app/ui/flags.svg.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const EMOJI = /\p{Extended_Pictographic}/u;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(tsx?|css)$/.test(entry.name) ? [full] : [];
  });
}

describe("icons", () => {
  it("the app's components, styles and texts hold no emoji", () => {
    const files = [...sourceFiles("app"), ...readdirSync("app/locales").map((name) => path.join("app/locales", name))];
    const found = files.flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, index) => (EMOJI.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it("the check finds an emoji where one is", () => {
    expect(EMOJI.test('<span aria-hidden="true">👁</span>')).toBe(true);
    expect(EMOJI.test("⛔")).toBe(true);
    expect(EMOJI.test("Xổ Số · اردو · ខ្មែរ")).toBe(false);
  });
});
