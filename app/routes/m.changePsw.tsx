import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getServerT } from "~/.server/i18n/resources";
import { requireMember } from "~/identity/guard.server";
import { changePasswordAction, updateReasonFrom } from "~/identity/change-password/change-password.server";
import { ChangePasswordPage } from "~/identity/change-password/ChangePasswordPage";

// Title, description and robots: the root's per-path page meta (app/shell/page-meta.ts).

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireMember(context, request, { allowForcedChange: true });
  const t = await getServerT(context.language);
  return { title: t("change_password"), reason: updateReasonFrom(new URL(request.url)) };
}

export async function action(args: ActionFunctionArgs) {
  return changePasswordAction(args);
}

export default function ChangePasswordRoute() {
  return <ChangePasswordPage />;
}
