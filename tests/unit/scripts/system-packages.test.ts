// scripts/system-packages.sh, which `npm test` and `.ci/run` run first (decision 0074): silent when every package is
// installed, installs the missing ones as root with apt-get, and otherwise stops at once with the line to run.
// Stand-ins for dpkg-query, id and apt-get are the only commands on PATH, so nothing is asked of the real dpkg or apt.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

const SCRIPT = path.resolve("scripts/system-packages.sh");

describe("system-packages.sh", () => {
  let work: string;
  beforeEach(() => {
    work = mkdtempSync(path.join(tmpdir(), "system-packages-"));
    // dpkg-query -W -f='${Package} ${db:Status-Status}\n' PACKAGE...: every package asked for is installed except
    // those listed in `absent`, of which it has never heard. Bash alone: PATH holds only the stand-ins.
    const dpkgQuery = [
      "#!/bin/bash",
      `absent=" $(<"${work}/absent") "`,
      "shift 2",
      "rc=0",
      'for p in "$@"; do',
      '  if [[ "$absent" == *" $p "* ]]; then echo "dpkg-query: no packages found matching $p" >&2; rc=1',
      '  else echo "$p installed"; fi',
      "done",
      'exit "$rc"',
    ].join("\n");
    writeFileSync(path.join(work, "dpkg-query"), dpkgQuery);
    chmodSync(path.join(work, "dpkg-query"), 0o755);
  });
  afterEach(() => rmSync(work, { recursive: true, force: true }));

  /** `id -u` answers `uid`; with `apt`, an apt-get that records its calls and installs what it is asked for. */
  function run(options: { absent: string[]; uid: number; apt: boolean }) {
    writeFileSync(path.join(work, "absent"), options.absent.join(" "));
    writeFileSync(path.join(work, "id"), `#!/bin/bash\necho ${options.uid}\n`);
    chmodSync(path.join(work, "id"), 0o755);
    if (options.apt) {
      const aptGet = [
        "#!/bin/bash",
        `echo "DEBIAN_FRONTEND=\${DEBIAN_FRONTEND:-} $*" >>"${work}/apt-calls"`,
        `[ "$1" != install ] || : >"${work}/absent"`,
      ].join("\n");
      writeFileSync(path.join(work, "apt-get"), aptGet);
      chmodSync(path.join(work, "apt-get"), 0o755);
    }
    const started = performance.now();
    const result = spawnSync("/bin/bash", [SCRIPT], { env: { PATH: work }, encoding: "utf8", stdio: "pipe" });
    const aptCalls = existsSync(path.join(work, "apt-calls")) ? readFileSync(path.join(work, "apt-calls"), "utf8") : "";
    return { ...result, ms: performance.now() - started, aptCalls };
  }

  it("exits 0, prints nothing and leaves apt-get alone when every package is installed", () => {
    const result = run({ absent: [], uid: 0, apt: true });
    expect(result.status).toBe(0);
    expect(result.stdout + result.stderr).toBe("");
    expect(result.aptCalls).toBe("");
  });

  it("stops at once with the apt-get line when the headless shell is missing and apt-get is not there", () => {
    const result = run({ absent: ["chromium-headless-shell"], uid: 0, apt: false });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("sudo apt-get install chromium-headless-shell\n");
    expect(result.ms).toBeLessThan(1000);
  });

  it("names the other engines' packages, WebKitGTK's driver, Firefox ESR and Xvfb, when they are missing", () => {
    const result = run({ absent: ["webkit2gtk-driver", "firefox-esr", "xvfb"], uid: 1000, apt: true });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("sudo apt-get install webkit2gtk-driver firefox-esr xvfb\n");
  });

  it("names what is missing without calling apt-get when not run as root", () => {
    const result = run({ absent: ["chromium", "fonts-noto-cjk"], uid: 1000, apt: true });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("sudo apt-get install chromium fonts-noto-cjk\n");
    expect(result.aptCalls).toBe("");
  });

  it("installs what is missing with apt-get, without questions, when run as root", () => {
    const result = run({ absent: ["chromium-headless-shell"], uid: 0, apt: true });
    expect(result.status).toBe(0);
    expect(result.aptCalls).toBe("DEBIAN_FRONTEND= update\nDEBIAN_FRONTEND=noninteractive install -y chromium-headless-shell\n");
  });
});
