import { useEffect, useState } from "react";
import { Link, useFetcher } from "@remix-run/react";
import { useTranslation } from "~/i18n/translate";
import { Dialog } from "~/ui/Dialog";
import { NoticeDialog } from "~/ui/NoticeDialog";
import type { ClientMode } from "~/shell/client-mode";
import {
  SHOW_A2HS_EVENT,
  downloadEntries,
  needsSafari,
  opensInSameTab,
  type DownloadEntry,
  type DownloadLinks,
} from "~/shell/download/rules";
import type { loader as downloadPageLoader } from "~/routes/m.appDownload";
import { useRootData } from "~/shell/root-data";

const LABELS = {
  android: "download_android",
  ios: "download_ios",
  profile: "download_profile",
  a2hs: "download_a2hs",
} as const;

/**
 * The app download popup (docs/behaviour/download.md#download-popup): the entries this device may use, and the
 * download-bonus header with a go-to-promotion button (from /m/appDownload's loader, which asks the platform).
 */
export default function DownloadPopup({ links, mode, onClose }: { links: DownloadLinks; mode: ClientMode; onClose: () => void }) {
  const { t, language } = useTranslation();
  const root = useRootData();
  const bonus = useFetcher<typeof downloadPageLoader>();
  const [safariAlert, setSafariAlert] = useState(0);
  const entries = downloadEntries(links, mode);

  useEffect(() => {
    if (bonus.state === "idle" && !bonus.data) bonus.load(`/m/appDownload?language=${language}`);
    // Once per popup: the fetcher keeps its data while the popup is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const href = (entry: DownloadEntry): string | null =>
    entry === "android" ? links.android : entry === "ios" ? links.ios : entry === "profile" ? `/m/appDownload?language=${language}` : null;

  const header = bonus.data?.bonus;
  return (
    <Dialog titleId="download-popup-title" onClose={onClose}>
      <div className="download-popup">
        <form method="dialog" className="download-popup__close-form">
          <button type="submit" className="download-popup__close" aria-label={t("close")}>
            ×
          </button>
        </form>
        {header ? (
          <section className="download-bonus" aria-labelledby="download-bonus-title">
            <span className="download-bonus__gift" aria-hidden="true" />
            <h3 id="download-bonus-title" className="download-bonus__title">
              {header.title}
            </h3>
            {header.paragraphs.map((p, i) => (
              <p key={i} className="download-bonus__text">
                {p}
              </p>
            ))}
            {header.goTo ? (
              <Link to={header.goTo} className="button button--small download-bonus__go" onClick={onClose}>
                {t("download_go_promotion")}
              </Link>
            ) : null}
          </section>
        ) : null}
        <h2 id="download-popup-title" className="dialog__title">
          {t("download_popup_title")}
        </h2>
        <p className="dialog__body">{t("download_popup_intro", { name: root?.brand.name ?? "" })}</p>
        {entries.length === 0 ? <p className="dialog__body">{t("download_none")}</p> : null}
        <ul className="download-entries">
          {entries.map((entry) => {
            const label = t(LABELS[entry]);
            const target = href(entry);
            const className = `download-entry download-entry--${entry}`;
            if (entry === "a2hs") {
              return (
                <li key={entry}>
                  <button
                    type="button"
                    className={className}
                    onClick={() => {
                      // The install helper's home-screen guide sheet listens for this.
                      onClose();
                      window.dispatchEvent(new Event(SHOW_A2HS_EVENT));
                    }}
                  >
                    {label}
                  </button>
                </li>
              );
            }
            if (!target) return null;
            if (needsSafari(entry, mode)) {
              return (
                <li key={entry}>
                  <button type="button" className={className} onClick={() => setSafariAlert((n) => n + 1)}>
                    {label}
                  </button>
                </li>
              );
            }
            const sameTab = entry === "profile" || opensInSameTab(target);
            return (
              <li key={entry}>
                <a
                  className={className}
                  href={target}
                  data-track="downloadApp"
                  target={sameTab ? undefined : "_blank"}
                  rel={sameTab ? undefined : "noopener noreferrer"}
                >
                  {label}
                </a>
              </li>
            );
          })}
        </ul>
      </div>
      {safariAlert > 0 ? <NoticeDialog key={safariAlert} notice={{ message: t("download_use_safari") }} /> : null}
    </Dialog>
  );
}
