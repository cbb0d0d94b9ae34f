import type { ReactNode } from "react";
import type { TranslationKey } from "~/i18n/i18n-instance";
import { useTranslation } from "~/i18n/translate";
import { useRootData } from "~/shell/root-data";

type IdentityCardProps = {
  /** Names the heading's id (`<name>-title`), which labels the card. */
  name: string;
  /** The heading's text; it names the merchant's brand. */
  titleKey: TranslationKey;
  className: string;
  children: ReactNode;
};

/** The card an identity page's form sits in (login, registration), under the page's heading. */
export function IdentityCard({ name, titleKey, className, children }: IdentityCardProps) {
  const { t } = useTranslation();
  const brand = useRootData()?.brand.name ?? "";
  return (
    <section className={className} aria-labelledby={`${name}-title`}>
      <h1 id={`${name}-title`} className="login__title">
        {t(titleKey, { brand })}
      </h1>
      {children}
    </section>
  );
}
