import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { LANGUAGE_CODES } from "~/i18n/languages";
import { serializeLanguageCookie } from "~/.server/i18n/language-cookie";
import { updateMemberLanguage } from "~/.server/platform/member";
import { safeRedirectPath } from "~/navigation/safe-redirect";

const languageForm = z.object({ language: z.enum(LANGUAGE_CODES), returnTo: z.string().max(2048).optional() });

/** The language switcher's form post: cookie, the member's platform language (type 4 exempt), then back. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = languageForm.safeParse(Object.fromEntries(await request.formData()));
  const returnTo = safeRedirectPath(form.success ? form.data.returnTo : null);
  if (!form.success) return redirect(returnTo);
  const { language } = form.data;
  context.outgoingCookies.push(serializeLanguageCookie(language));
  const { session, platform } = context;
  if (session.token && session.info?.type !== 4) {
    const update = await updateMemberLanguage(platform, language);
    if (update.ok) session.setMemberLanguage(language);
  }
  // A ?language= in the return address would override the new choice.
  const target = new URL(returnTo, "http://x");
  target.searchParams.delete("language");
  return redirect(target.pathname + target.search);
}

export function loader() {
  return redirect("/m/home");
}
