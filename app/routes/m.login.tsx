import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { safeRedirectPath } from "~/navigation/safe-redirect";
import { LoginPage } from "~/identity/login/LoginPage";
import { loginAction } from "~/identity/login/login-action.server";
import { loadLoginPage } from "~/identity/login/login-page.server";
import { getServerT } from "~/.server/i18n/resources";

// Title, description and robots: the root's per-path page meta (app/shell/page-meta.ts).

export async function loader({ request, context }: LoaderFunctionArgs) {
  // A member has nothing to do here: on to the page they wanted, or home.
  if (context.session.token) {
    throw redirect(safeRedirectPath(new URL(request.url).searchParams.get("redirectUrl"), context.merchant.postLoginPath));
  }
  const page = await loadLoginPage(request, context);
  const t = await getServerT(context.language);
  return { ...page, title: t("login") };
}

export async function action(args: ActionFunctionArgs) {
  return loginAction(args);
}

// After a two-factor success the modal shows its message for 0.5 s before moving on: the loader (which sends
// members away) must not run in between.
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) => {
  const passed = (actionResult as { twoFactor?: { passed?: unknown } | null } | undefined)?.twoFactor?.passed;
  return passed ? false : defaultShouldRevalidate;
};

export default function LoginRoute() {
  return <LoginPage />;
}
