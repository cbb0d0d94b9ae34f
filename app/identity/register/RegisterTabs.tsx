import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/translate";
import { REGISTER_MODES, type RegisterMode } from "./register-form";
import { mobileTabIntent } from "../fields/MobileCodeFieldsOnNeed";

/**
 * "Username" / "Mobile number": two addresses (?mode=), so the switch is navigation between links marked with
 * aria-current, and works without JavaScript. It looks like the login page's tab strip.
 */
export function RegisterTabs({ mode }: { mode: RegisterMode }) {
  const { t } = useTranslation();
  const location = useLocation();

  // The other query parameters (affiliateCode, referralCode, r, ad click ids) stay.
  const hrefFor = (target: RegisterMode) => {
    const search = new URLSearchParams(location.search);
    search.set("mode", target);
    return `${location.pathname}?${search}`;
  };

  return (
    <nav className="login-tabs register-tabs" aria-label={t("register_methods")}>
      {REGISTER_MODES.map((target) => (
        <Link
          key={target}
          to={hrefFor(target)}
          replace
          preventScrollReset
          aria-current={mode === target ? "page" : undefined}
          className="login-tabs__tab"
          {...(target === "mobile" && mode !== "mobile" ? mobileTabIntent : {})}
        >
          {target === "username" ? t("username") : t("mobile_number")}
        </Link>
      ))}
    </nav>
  );
}
