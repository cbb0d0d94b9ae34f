// /m/changePsw, the change-password page (docs/behaviour/identity.md#change-password; docs/platform-contract.md).
import { data, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import type { TranslationKey } from "../../i18n/i18n-instance";
import type { Message } from "../types";
import { callChangePassword } from "../session-calls.server";
import { requireMember } from "../guard.server";
import { keyMessage, newId, noticeFor, serviceUnavailableNotice } from "../messages.server";
import { rememberAfterPasswordChange, rememberDeps } from "../remembered-login.server";
import type { ForcedChangeReason } from "../../.server/session";

/** Registration's rule for passwords, which the platform applies to changes too: 6–20 letters and digits. */
export const PASSWORD_RULE = /^[A-Za-z0-9]{6,20}$/;

export const changePasswordSchema = z
  .object({
    oldPassword: z.string().min(1, "error_old_password_required").max(128, "error_old_password_required"),
    newPassword: z.string().regex(PASSWORD_RULE, "error_password_rule"),
    confirmPassword: z.string().max(128),
  })
  .superRefine((value, ctx) => {
    if (value.confirmPassword !== value.newPassword) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["confirmPassword"], message: "error_password_mismatch" });
    }
    if (value.oldPassword && value.newPassword === value.oldPassword) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["newPassword"], message: "error_password_same" });
    }
  });

export type ChangePasswordField = "oldPassword" | "newPassword" | "confirmPassword";

export type ChangePasswordResult = {
  id: string;
  changed: boolean;
  fieldErrors: Partial<Record<ChangePasswordField, Message>>;
  notice: Message | null;
  /** The old password field is shown again (the default password was not the member's). */
  askOldPassword: boolean;
};

export function fieldErrors(error: z.ZodError): Partial<Record<ChangePasswordField, Message>> {
  const errors: Partial<Record<ChangePasswordField, Message>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as ChangePasswordField;
    if (!errors[field]) errors[field] = keyMessage(issue.message as TranslationKey);
  }
  return errors;
}

export const UPDATE_REASONS = ["default", "expired", "first-login"] as const satisfies readonly ForcedChangeReason[];
export type UpdateReason = (typeof UPDATE_REASONS)[number];

/** The ?updatePassword=1&reason= context the login flow adds (docs/behaviour/identity.md#after-login). */
export function updateReasonFrom(url: URL): UpdateReason | null {
  if (url.searchParams.get("updatePassword") !== "1" && url.searchParams.get("updatePassword") !== "true") return null;
  const reason = url.searchParams.get("reason");
  return (UPDATE_REASONS as readonly string[]).includes(reason ?? "") ? (reason as UpdateReason) : "expired";
}

export async function changePasswordAction({ request, context }: ActionFunctionArgs) {
  const member = requireMember(context, request, { allowForcedChange: true });
  const form = Object.fromEntries([...(await request.formData())].filter(([, v]) => typeof v === "string")) as Record<string, string>;
  const reason = updateReasonFrom(new URL(request.url));
  // A member still on the default password (e.g. registered by mobile without one) is not asked for it.
  const defaultPassword = context.cloudflare.env.DEFAULT_MEMBER_PASSWORD;
  const usesDefault = reason === "default" && !form.oldPassword && form.askOld !== "1" && defaultPassword !== undefined;
  const oldPassword = usesDefault ? defaultPassword : (form.oldPassword ?? "");
  const answer = (patch: Partial<ChangePasswordResult>, status = 400, headers?: HeadersInit) =>
    data<ChangePasswordResult>(
      { id: newId(), changed: false, fieldErrors: {}, notice: null, askOldPassword: form.askOld === "1", ...patch },
      { status, headers },
    );

  const parsed = changePasswordSchema.safeParse({ ...form, oldPassword });
  if (!parsed.success) return answer({ fieldErrors: fieldErrors(parsed.error) });

  const result = await callChangePassword(context.platform, { oldPassword, newPassword: parsed.data.newPassword });
  if (!result.ok) {
    switch (result.errorCode) {
      case "password.old.wrong":
        return answer({ fieldErrors: { oldPassword: keyMessage("password_old_wrong") }, askOldPassword: true });
      case "password.invalid":
        return answer({ fieldErrors: { newPassword: keyMessage("error_password_rule") } });
      case "password.same":
        return answer({ fieldErrors: { newPassword: keyMessage("error_password_same") } });
    }
    // A platform out of service or too slow says so (docs/behaviour/errors.md#outage-notice).
    const unavailable = serviceUnavailableNotice(result);
    if (unavailable) return answer({ notice: unavailable }, 503);
    return answer({ notice: noticeFor(result) });
  }

  // The forced change is done: every page is open again.
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (context.session.mustChangePassword) context.session.setMustChangePassword(null);
  // Every remembered login of the account made before is revoked; this browser's is remembered with the new password.
  const remembered = await rememberAfterPasswordChange(
    request,
    rememberDeps(context),
    { merchant: context.merchant.merchantCode, userName: member.info.userName },
    parsed.data.newPassword,
  ).catch((error: unknown) => {
    // The old records hold the old password, which the platform now refuses: nothing is left open.
    console.error("[change-password] remembered logins not revoked", error);
    return null;
  });
  if (remembered) context.outgoingCookies.push(remembered);
  return answer({ changed: true }, 200, headers);
}
