// Lints for tests/unit/lint-rules.test.ts with the repository's eslint.config.js, in a process of its own: loading
// ESLint, typescript-eslint and TypeScript is one long synchronous stretch, which inside a test worker starved by
// `npm test` (nice 15 beside the servers) outlasts vitest's 60 s calls to its main process.
// Reads {sources: {name: [file, code]}, files: {name: [file, …]}} as JSON on stdin, run from the repository root;
// writes {sources: {name: ["rule: message", …]}, files: {name: ["rule: message", …]}}.
import path from "node:path";
import { text } from "node:stream/consumers";
import { ESLint } from "eslint";

const BOUNDARY_RULES = new Set(["@typescript-eslint/no-restricted-imports", "import-x/no-restricted-paths", "import-x/no-cycle"]);

// process.cwd() as it is: eslint-import-resolver-typescript sets itself up again, without the tsconfig paths, when
// ESLint's cwd differs from the process's by even a trailing slash, and then `~/` imports resolve to nothing.
const root = process.cwd();
const overrideConfigFile = path.join(root, "eslint.config.js");
// Sources placed in app/, without the cycle check: it would follow their imports through the whole app (the lint
// step's job); it is shown on the fixtures instead.
const boundaries = new ESLint({
  cwd: root,
  overrideConfigFile,
  overrideConfig: { files: ["app/**"], rules: { "import-x/no-cycle": "off" } },
});
// `ignore: false`: the fixtures are left out of the normal lint run, and linted here on purpose.
const everything = new ESLint({ cwd: root, overrideConfigFile, ignore: false });

/** @param {ESLint.LintResult[]} results */
const boundaryErrors = (results) =>
  results.flatMap((r) => r.messages).flatMap((m) => (m.ruleId && BOUNDARY_RULES.has(m.ruleId) ? [`${m.ruleId}: ${m.message}`] : []));

/** @type {{sources: Record<string, [string, string]>, files: Record<string, string[]>}} */
const input = JSON.parse(await text(process.stdin));
const output = { sources: {}, files: {} };
for (const [name, [file, code]] of Object.entries(input.sources)) {
  output.sources[name] = boundaryErrors(await boundaries.lintText(code, { filePath: path.join(root, file) }));
}
for (const [name, files] of Object.entries(input.files)) {
  output.files[name] = boundaryErrors(await everything.lintFiles(files));
}
process.stdout.write(JSON.stringify(output));
