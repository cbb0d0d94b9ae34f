// /wps/member/*: member info and language preference.
import { z } from "zod";
import type { WpsContext, WpsRoute } from "../context";
import { fail, notLoggedIn, ok } from "../http";
import { isLanguage, LANGUAGES } from "../languages";
import { setMemberLanguage } from "../members";
import { authenticate } from "../sessions";
import { readJson } from "../validation";

const languageSchema = z.object({ language: z.string() });

async function info(ctx: WpsContext): Promise<Response> {
  const session = await authenticate(ctx.env.DB, ctx.merchant.code, ctx.request);
  if (session === null) return notLoggedIn();
  const { member } = session;
  return ok({
    id: member.id,
    userName: member.username,
    type: member.type,
    language: member.language,
    clubLabel: { labelName: "Bronze", type: "AUTO", rankLevel: 1 },
    currency: ctx.merchant.currency,
  });
}

async function language(ctx: WpsContext): Promise<Response> {
  const session = await authenticate(ctx.env.DB, ctx.merchant.code, ctx.request);
  if (session === null) return notLoggedIn();
  const parsed = await readJson(ctx.request, languageSchema);
  if (!parsed.ok) return parsed.response;
  const requested = parsed.data.language;
  if (!isLanguage(requested)) {
    return fail("language.invalid", `Unknown language "${requested}"; expected one of ${LANGUAGES.join(", ")}`);
  }
  await setMemberLanguage(ctx.env.DB, session.member.id, requested);
  return ok();
}

export const memberRoutes: WpsRoute[] = [
  { method: "GET", path: "/wps/member/info", handle: info },
  { method: "POST", path: "/wps/member/language", handle: language },
];
