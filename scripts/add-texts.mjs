// Adds English texts to app/locales/EN.json: node scripts/add-texts.mjs '{"key": "English text"}'
// Existing keys are kept unless --force; the other nineteen dictionaries are translated separately
// (tests/unit/locales.test.ts fails until they are).
import { readFileSync, renameSync, writeFileSync } from "node:fs";

const args = process.argv.slice(2);
const force = args.includes("--force");
const json = args.find((a) => a !== "--force");
if (!json) throw new Error('usage: node scripts/add-texts.mjs \'{"key":"text"}\' [--force]');
const additions = JSON.parse(json);
const path = new URL("../app/locales/EN.json", import.meta.url);
const dictionary = JSON.parse(readFileSync(path, "utf8"));
for (const [key, text] of Object.entries(additions)) {
  if (!/^[a-z][a-z0-9_]*$/.test(key) || typeof text !== "string" || !text.trim()) throw new Error(`bad entry ${key}`);
  if (key in dictionary && !force && dictionary[key] !== text) console.warn(`kept existing ${key}: ${dictionary[key]}`);
  else dictionary[key] = text;
}
const tmp = new URL(`../app/locales/.EN.${process.pid}.tmp`, import.meta.url);
writeFileSync(tmp, `${JSON.stringify(dictionary, null, 2)}\n`);
renameSync(tmp, path);
console.log(`EN.json: ${Object.keys(dictionary).length} keys`);
