import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/translate";
import { useRootData } from "~/root";
import { LanguageSwitcher } from "./LanguageSwitcher";

export function AppHeader() {
  const data = useRootData();
  const { t } = useTranslation();
  if (!data) return null;
  return (
    <header className="app-header">
      <Link to="/m/home" className="app-header__brand" aria-label={`${data.brand.name} – ${t("home")}`}>
        <span className="app-header__logo" aria-hidden="true">
          {data.brand.shortName.slice(0, 1)}
        </span>
        <span className="app-header__name">{data.brand.name}</span>
      </Link>
      <LanguageSwitcher current={data.language} />
    </header>
  );
}
