// Before any test: the sandbox as seeded, with no faults, whatever an earlier run (or an interrupted one) left behind.
import { resetSandboxData } from "../support/http";

export default async function globalSetup(): Promise<void> {
  await resetSandboxData();
}
