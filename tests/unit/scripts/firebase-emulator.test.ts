// scripts/firebase-emulator.sh, which `npm start`, `npm run dev` and `npm test` source: the emulator starts, and writes
// to the log it was given, whether that path is absolute (the tests) or relative to the repository (start and dev).
// A stand-in `firebase` on PATH records how it was started, so no emulator runs here.
import { execFileSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

const SCRIPT = path.resolve("scripts/firebase-emulator.sh");

describe("start_auth_emulator", () => {
  let work: string;
  beforeEach(() => {
    work = mkdtempSync(path.join(tmpdir(), "firebase-emulator-"));
    writeFileSync(path.join(work, "firebase"), '#!/usr/bin/env bash\necho "started in $PWD with $*"\n');
    chmodSync(path.join(work, "firebase"), 0o755);
  });
  afterEach(() => rmSync(work, { recursive: true, force: true }));

  /** Sources the script in `work`, starts the stand-in emulator with `log`, and waits for it to finish. */
  function start(log: string): void {
    execFileSync("bash", ["-c", `source "${SCRIPT}" && start_auth_emulator 9999 "$0" && wait "$AUTH_EMULATOR_PGID"`, log], {
      cwd: work,
      env: { ...process.env, PATH: `${work}${path.delimiter}${process.env["PATH"] ?? ""}` },
      stdio: "pipe",
    });
  }

  it.each([
    ["relative to the repository, as npm start and npm run dev pass it", ".wrangler/firebase-emulator.log"],
    ["absolute, as npm test passes it", "ABSOLUTE/test-results/firebase-emulator.log"],
  ])("writes the emulator's output to a log path %s", (_how, given) => {
    const log = given.replace("ABSOLUTE", work);
    start(log);
    const written = readFileSync(path.resolve(work, log), "utf8");
    expect(written).toContain(`started in ${path.join(work, ".wrangler/firebase-9999")}`);
    expect(written).toContain("emulators:start --only auth --project demo-mobile-web");
  });
});
