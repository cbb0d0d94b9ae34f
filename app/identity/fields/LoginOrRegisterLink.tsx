import { Link } from "@remix-run/react";
import type { TranslationKey } from "~/i18n/i18n-instance";
import { useTranslation } from "~/i18n/translate";
import { useTrackedPath } from "~/shell/root-data";

const TEXTS: Record<"/m/login" | "/m/register", [question: TranslationKey, link: TranslationKey]> = {
  "/m/register": ["no_account", "register"],
  "/m/login": ["have_account", "login"],
};

/** Under the login form the way to register, under the register form the way to log in (the address's tracking kept). */
export function LoginOrRegisterLink({ to }: { to: keyof typeof TEXTS }) {
  const { t } = useTranslation();
  const [question, link] = TEXTS[to];
  const href = useTrackedPath(to);
  return (
    <p className="login-form__register">
      {t(question)} <Link to={href}>{t(link)}</Link>
    </p>
  );
}
