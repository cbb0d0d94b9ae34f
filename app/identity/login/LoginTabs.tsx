import { Link, useLocation, useNavigate } from "@remix-run/react";
import { useRef, type KeyboardEvent } from "react";
import { useTranslation } from "~/i18n/translate";
import type { LoginMode } from "./types";
import { mobileTabIntent, preloadMobileCodeFields } from "../fields/MobileCodeFieldsOnNeed";

const MODES: LoginMode[] = ["username", "sms"];

/** The tab strip "Username" / "Mobile": links, so it works without JavaScript; arrows move between tabs with it. */
export function LoginTabs({ mode, panelId }: { mode: LoginMode; panelId: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const refs = useRef<Partial<Record<LoginMode, HTMLAnchorElement | null>>>({});

  const hrefFor = (target: LoginMode) => {
    const search = new URLSearchParams(location.search);
    search.set("mode", target);
    return `${location.pathname}?${search}`;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    const rtl = document.documentElement.dir === "rtl";
    const forward = (event.key === "ArrowRight") !== rtl;
    const next = MODES[(MODES.indexOf(mode) + (forward ? 1 : MODES.length - 1)) % MODES.length]!;
    if (next === "sms") preloadMobileCodeFields();
    navigate(hrefFor(next), { replace: true, preventScrollReset: true });
    requestAnimationFrame(() => refs.current[next]?.focus());
  };

  return (
    <div className="login-tabs" role="tablist" aria-label={t("login_methods")} onKeyDown={onKeyDown}>
      {MODES.map((target) => (
        <Link
          key={target}
          ref={(el) => {
            refs.current[target] = el;
          }}
          to={hrefFor(target)}
          replace
          preventScrollReset
          role="tab"
          id={`login-tab-${target}`}
          aria-selected={mode === target}
          aria-controls={panelId}
          tabIndex={mode === target ? 0 : -1}
          className="login-tabs__tab"
          {...(target === "sms" && mode !== "sms" ? mobileTabIntent : {})}
        >
          {target === "username" ? t("username") : t("login_tab_mobile")}
        </Link>
      ))}
    </div>
  );
}
