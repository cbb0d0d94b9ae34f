import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/translate";
import { useRootData } from "~/shell/root-data";

/**
 * In the domain-unavailable notice: races the merchant's other addresses (loaded on demand) and links to the first
 * that answers. Nothing shows until one does, and nothing at all without JavaScript.
 */
export default function DomainSuggestionLink() {
  const { t } = useTranslation();
  const domains = useRootData()?.shell.network.domains;
  const [found, setFound] = useState<{ domain: string; href: string } | null>(null);
  useEffect(() => {
    if (!domains?.length) return;
    let live = true;
    void import("~/shell/network/monitor")
      .then(async ({ findWorkingDomain, addressOn }) => {
        const domain = await findWorkingDomain(domains);
        if (live && domain) setFound({ domain, href: addressOn(domain) });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [domains]);
  if (!found) return null;
  return (
    <p className="dialog__body">
      {t("network_domain_hint")}{" "}
      <a href={found.href} rel="noopener">
        {t("network_try_domain", { domain: found.domain })}
      </a>
    </p>
  );
}
