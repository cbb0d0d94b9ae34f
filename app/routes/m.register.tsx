import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { RegisterPage } from "~/identity/register/RegisterPage";
import type { RegisterActionData } from "~/identity/register/types";
import { loadRegisterPage } from "~/identity/register/register-page.server";
import { registerAction } from "~/identity/register/register-action.server";

// /m/register (and /m/register.html): registration by username or by mobile number (docs/behaviour/registration.md).
// Title, description and robots: the root's per-path page meta (app/shell/page-meta.ts).

export function loader({ request, context }: LoaderFunctionArgs) {
  return loadRegisterPage(request, context);
}

export function action(args: ActionFunctionArgs) {
  return registerAction(args);
}

// After a successful registration the loader would send a member away at once; the page shows its success alert
// first and then goes on by itself.
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) => {
  if ((actionResult as RegisterActionData | undefined)?.ok) return false;
  return defaultShouldRevalidate;
};

export default function RegisterRoute() {
  return <RegisterPage />;
}
