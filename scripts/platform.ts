// `npm run platform -- check …`: the platform contract against a live platform (scripts/platform/cli.ts,
// docs/behaviour/operations.md#going-live).
import { askSecretOnTty, main } from "./platform/cli";

main(process.argv.slice(2), {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  askSecret: askSecretOnTty,
  env: process.env,
})
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    // One line, never a stack (it could carry a request's headers).
    console.error(`platform check failed: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
    process.exit(1);
  });
