// The import boundaries and the cycle check of eslint.config.js (docs/decisions/0028-layout-and-import-boundaries.md),
// run through ESLint's own API with the repository's config: each rule fails on what it forbids and lets pass what
// it allows. Sources are linted as if they were at a path inside app/; what they import is real. The linting runs
// in one child process (tests/unit/lint-rules-runner.mjs says why).
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

const SOURCES = {
  componentServerValue: [
    "app/shell/Fixture.tsx",
    'import { getMemberInfo } from "~/.server/platform/member";\nexport const f = getMemberInfo;\n',
  ],
  ruleModuleServerValue: ["app/identity/fixture.ts", 'import { requireMember } from "./guard.server";\nexport const f = requireMember;\n'],
  contextValue: ["app/ui/fixture.ts", 'import { createAppContext } from "../lib/context.server";\nexport const f = createAppContext;\n'],
  serverTypes: [
    "app/shell/Fixture.tsx",
    'import type { MemberInfo } from "~/.server/platform/member";\nimport { type AppContext } from "~/lib/context.server";\nexport type T = [MemberInfo, AppContext];\n',
  ],
  routeValue: ["app/shell/Fixture.tsx", 'import { loader } from "~/root";\nexport const f = loader;\n'],
  routeType: ["app/shell/Fixture.tsx", 'import type { loader } from "~/root";\nexport type T = typeof loader;\n'],
  routeServerValue: [
    "app/routes/m.fixture.tsx",
    'import { requireMember } from "~/identity/guard.server";\nexport const f = requireMember;\n',
  ],
  serverServerValue: [
    "app/identity/fixture.server.ts",
    'import { requireMember } from "~/identity/guard.server";\nexport const f = requireMember;\n',
  ],
  serverComponent: ["app/shell/fixture.server.ts", 'import { AppHeader } from "~/shell/AppHeader";\nexport const f = AppHeader;\n'],
  sharedServerComponent: ["app/.server/fixture.ts", 'import { ErrorPage } from "../shell/ErrorPage";\nexport const f = ErrorPage;\n'],
  edgePageErrorPage: ["app/.server/pages/fixture.ts", 'import { ErrorPage } from "~/shell/ErrorPage";\nexport const f = ErrorPage;\n'],
  edgePageOtherComponent: ["app/.server/pages/fixture.ts", 'import { AppHeader } from "~/shell/AppHeader";\nexport const f = AppHeader;\n'],
  serverPlainModule: ["app/shell/fixture.server.ts", 'import { pageMeta } from "~/shell/page-meta";\nexport const f = pageMeta;\n'],
  foundationFeatureValue: [
    "app/.server/platform/fixture.ts",
    'import { requireMember } from "../../identity/guard.server";\nexport const f = requireMember;\n',
  ],
  foundationFeatureType: [
    "app/lib/fixture.ts",
    'import type { TrackingData } from "~/tracking/tracking-data.server";\nexport type T = TrackingData;\n',
  ],
  foundationShared: ["app/.server/fixture.ts", 'import { htmlLang } from "../i18n/languages";\nexport const f = htmlLang;\n'],
  componentWorkers: [
    "app/shell/Fixture.tsx",
    'import { IdentityGuard } from "../../workers/identity-guard";\nexport const f = IdentityGuard;\n',
  ],
  serverWorkers: [
    "app/.server/fixture.ts",
    'import { IdentityGuard } from "../../workers/identity-guard";\nexport const f = IdentityGuard;\n',
  ],
} satisfies Record<string, [file: string, code: string]>;

const FILES = {
  cycle: ["tests/unit/fixtures/lint/cycle-a.ts", "tests/unit/fixtures/lint/cycle-b.ts"],
  typeOnlyCycle: ["tests/unit/fixtures/lint/type-cycle-a.ts", "tests/unit/fixtures/lint/type-cycle-b.ts"],
} satisfies Record<string, string[]>;

type Linted = { sources: Record<keyof typeof SOURCES, string[]>; files: Record<keyof typeof FILES, string[]> };
let linted: Linted;

function lint(): Promise<Linted> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["tests/unit/lint-rules-runner.mjs"], { cwd: root, stdio: ["pipe", "pipe", "inherit"] });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve(JSON.parse(out) as Linted) : reject(new Error(`the lint runner exited with ${code}`)),
    );
    child.stdin.end(JSON.stringify({ sources: SOURCES, files: FILES }));
  });
}

// Minutes, not seconds: `npm test` runs the unit tests at a low priority beside the build and the servers.
beforeAll(async () => {
  linted = await lint();
}, 300_000);

describe("browser-reachable modules take server code as types only", () => {
  it("fails a component importing a value from app/.server", () => {
    expect(linted.sources.componentServerValue).toEqual([
      expect.stringContaining("@typescript-eslint/no-restricted-imports: '~/.server/platform/member' import is restricted"),
    ]);
  });

  it("fails a relative value import of a *.server module, from a plain .ts rule module too", () => {
    expect(linted.sources.ruleModuleServerValue).toEqual([expect.stringContaining("'./guard.server' import is restricted")]);
  });

  it("fails a value import of the load context", () => {
    expect(linted.sources.contextValue).toEqual([expect.stringContaining("'../lib/context.server' import is restricted")]);
  });

  it("lets `import type` through, whole or inline", () => {
    expect(linted.sources.serverTypes).toEqual([]);
  });

  it("fails a value import from a route module, and lets its loader's type through", () => {
    expect(linted.sources.routeValue).toEqual([expect.stringContaining("'~/root' import is restricted")]);
    expect(linted.sources.routeType).toEqual([]);
  });

  it("leaves route modules and server modules free to import server code", () => {
    expect(linted.sources.routeServerValue).toEqual([]);
    expect(linted.sources.serverServerValue).toEqual([]);
  });
});

describe("server modules render no components", () => {
  it("fails a *.server module importing a .tsx component", () => {
    expect(linted.sources.serverComponent).toEqual([
      expect.stringContaining('import-x/no-restricted-paths: Unexpected path "~/shell/AppHeader"'),
    ]);
  });

  it("fails a module of app/.server importing a .tsx component, by a relative path too", () => {
    expect(linted.sources.sharedServerComponent).toEqual([expect.stringContaining("Server modules render no React components")]);
  });

  it("lets the edge error page render the app's error card (with its translations), and nothing else", () => {
    expect(linted.sources.edgePageErrorPage).toEqual([]);
    expect(linted.sources.edgePageOtherComponent).toEqual([
      expect.stringContaining("The edge error page renders only the app's error card"),
      expect.stringContaining("The foundation (app/.server, app/lib) imports no feature"),
    ]);
  });

  it("lets server modules import plain .ts modules", () => {
    expect(linted.sources.serverPlainModule).toEqual([]);
  });
});

describe("app/ never imports workers/", () => {
  it("fails a component or a server module importing the Worker's code", () => {
    expect(linted.sources.componentWorkers).toEqual([expect.stringContaining("it never imports the Workers' code")]);
    expect(linted.sources.serverWorkers).toEqual([expect.stringContaining("it never imports the Workers' code")]);
  });
});

describe("the foundation imports no feature", () => {
  it("fails app/.server importing a feature's module, and app/lib importing one even as a type", () => {
    expect(linted.sources.foundationFeatureValue).toEqual([
      expect.stringContaining("The foundation (app/.server, app/lib) imports no feature"),
    ]);
    expect(linted.sources.foundationFeatureType).toEqual([
      expect.stringContaining("The foundation (app/.server, app/lib) imports no feature"),
    ]);
  });

  it("lets the foundation import shared modules (languages, translations)", () => {
    expect(linted.sources.foundationShared).toEqual([]);
  });
});

describe("no import cycles", () => {
  it("fails two modules importing each other, in each of them", () => {
    expect(linted.files.cycle).toEqual([
      expect.stringContaining("import-x/no-cycle: Dependency cycle"),
      expect.stringContaining("import-x/no-cycle: Dependency cycle"),
    ]);
  });

  it("does not count a type-only import back (the root loader's type in app/shell/root-data.ts)", () => {
    expect(linted.files.typeOnlyCycle).toEqual([]);
  });
});
