// `npm run merchants -- …`: the operators' routes tool (scripts/merchants/cli.ts, docs/behaviour/operations.md).
import { askOnStdin, main } from "./merchants/cli";

main(process.argv.slice(2), { out: (line) => console.log(line), err: (line) => console.error(line), ask: askOnStdin })
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
