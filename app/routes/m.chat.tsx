import { redirectDocument, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { loginRedirectFor } from "~/identity/guard.server";
import { forcedChangeRedirect } from "~/identity/guard.server";
import { safeRedirectPath } from "~/navigation/safe-redirect";
import { CHAT_NOTICE_PARAM, NO_CHAT_MEMBER_TYPE } from "~/support/chat";
import { chatEnabled, launchChat } from "~/support/chat.server";
import { getMemberInfo } from "~/.server/platform/member";

// /m/chat?from=<page>: the footer's chat item (docs/behaviour/support.md#chat-link). The checks run here, so the item is
// a plain link that works without JavaScript: a visitor logs in and comes back here, a member of type 4 goes back to
// the page with a notice, any other member goes on to the chat's address. Every answer is a document redirect: a client
// navigation here (the login page sending the member on) must leave the app for the chat page.

/** The page to go back to, with the chat notice flag. */
function back(from: string, notice: "denied" | "failed") {
  const url = new URL(from, "http://same.invalid");
  url.searchParams.set(CHAT_NOTICE_PARAM, notice);
  return redirectDocument(url.pathname + url.search, { headers: { "Cache-Control": "no-store" } });
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const from = safeRedirectPath(url.searchParams.get("from"));
  if (!(await chatEnabled(context))) throw redirectDocument(from);
  if (!context.session.token) throw redirectDocument(loginRedirectFor(request));
  const forced = forcedChangeRedirect(context, request);
  if (forced) throw forced;
  const info = await getMemberInfo(context.platform);
  const type = info.ok ? info.value.type : (context.session.info?.type ?? null);
  if (type === NO_CHAT_MEMBER_TYPE) throw back(from, "denied");
  const chatUrl = await launchChat(context, new URL(from, url.origin).toString());
  if (!chatUrl) throw back(from, "failed");
  throw redirectDocument(chatUrl, { headers: { "Cache-Control": "no-store" } });
}

/** Never shown: the loader always redirects. A page module, so that the client router can navigate here. */
export default function ChatRedirect() {
  return null;
}
