import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/translate";
import { useRootData } from "~/shell/root-data";
import { LanguageSwitcher } from "./LanguageSwitcher";

export function AppHeader() {
  const data = useRootData();
  const { t } = useTranslation();
  if (!data) return null;
  return (
    <header className="app-header" style={data.member ? { flexWrap: "wrap" } : undefined}>
      <Link to="/m/home" className="app-header__brand">
        <span className="app-header__logo" aria-hidden="true">
          {data.brand.shortName.slice(0, 1)}
        </span>
        <span className="app-header__name">{data.brand.name}</span>
      </Link>
      <LanguageSwitcher current={data.language} flagCountry={data.languageCountry} />
      {data.member ? (
        // A second row when logged in: the member's name and Log out (the first row has no room at 360 px).
        <div style={{ order: 3, flexBasis: "100%", display: "flex", alignItems: "center", justifyContent: "space-between", gap: 8 }}>
          <Link to="/m/member/home" className="app-header__name" style={{ color: "inherit", fontWeight: 600 }}>
            {t("logged_in_as", { name: data.member.userName })}
          </Link>
          <Form method="post" action="/m/logout">
            <button type="submit" className="button button--small">
              {t("logout")}
            </button>
          </Form>
        </div>
      ) : null}
    </header>
  );
}
