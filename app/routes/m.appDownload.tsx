import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useState, type MouseEvent } from "react";
import { useTranslation } from "~/i18n/translate";
import { NoticeDialog } from "~/ui/NoticeDialog";
import { hideBarCookie, loadDownloadPage, type DownloadPageEntry } from "~/shell/download/download.server";
import { getServerT } from "~/.server/i18n/resources";
import { safeRedirectPath } from "~/navigation/safe-redirect";
import type { loader as rootLoader } from "~/root";

// The app download page (docs/behaviour/download.md#download-page): the configuration-profile install
// steps, and every download the device may use — the download popup's page form, for links and JavaScript off.
// A token in the address is taken into the session by the edge before this loader runs (docs/decisions/0003).

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ data, matches }) => {
  const brand = matches.find((m) => m.id === "root")?.data?.brand.name ?? "";
  return [{ title: `${data?.title ?? ""} · ${brand}` }];
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [page, t] = await Promise.all([loadDownloadPage(context, request), getServerT(context.language)]);
  return { ...page, title: t("download_popup_title") };
}

/** The download bar's Close without JavaScript: the session flag hideDownloadBar as a session cookie, then back. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const back = safeRedirectPath(form.get("redirectTo"));
  if (form.get("intent") !== "hide-bar") return redirect(back);
  context.outgoingCookies.push(hideBarCookie());
  return redirect(back);
}

const LABELS = { android: "download_android", ios: "download_ios", profile: "download_profile", a2hs: "download_a2hs" } as const;

export default function AppDownloadRoute() {
  const { t } = useTranslation();
  const page = useLoaderData<typeof loader>();
  const [safariAlert, setSafariAlert] = useState(0);
  const apps = page.entries.filter((e) => e.entry !== "profile");
  const profile = page.entries.find((e) => e.entry === "profile");
  const safariOnly = page.entries.some((e) => e.needsSafari);
  const guard = (entry: DownloadPageEntry) => (event: MouseEvent) => {
    if (!entry.needsSafari) return;
    event.preventDefault();
    setSafariAlert((n) => n + 1);
  };

  return (
    <section className="card download-page" aria-labelledby="download-page-title">
      <header className="download-page__head">
        <img className="download-page__icon" src={page.icon} alt="" width={64} height={64} />
        <div>
          <h1 id="download-page-title" className="download-page__title">
            {page.title}
          </h1>
          <p className="muted download-page__name">{page.appName}</p>
        </div>
      </header>

      {page.bonus ? (
        <section className="download-bonus" aria-labelledby="download-bonus-title">
          <span className="download-bonus__gift" aria-hidden="true" />
          <h2 id="download-bonus-title" className="download-bonus__title">
            {page.bonus.title}
          </h2>
          {page.bonus.paragraphs.map((p, i) => (
            <p key={i} className="download-bonus__text">
              {p}
            </p>
          ))}
          {page.bonus.goTo ? (
            <Link to={page.bonus.goTo} className="button button--small download-bonus__go">
              {t("download_go_promotion")}
            </Link>
          ) : null}
        </section>
      ) : null}

      {safariOnly ? (
        <p className="download-page__safari" role="note">
          {t("download_use_safari")}
        </p>
      ) : null}

      {page.entries.length === 0 ? <p className="muted">{t("download_none")}</p> : null}
      {apps.length > 0 ? (
        <ul className="download-entries">
          {apps.map((entry) => (
            <li key={entry.entry}>
              <a
                className={`download-entry download-entry--${entry.entry}`}
                href={entry.href ?? undefined}
                data-track="downloadApp"
                target={entry.sameTab ? undefined : "_blank"}
                rel={entry.sameTab ? undefined : "noopener noreferrer"}
                onClick={guard(entry)}
              >
                {t(LABELS[entry.entry])}
              </a>
            </li>
          ))}
        </ul>
      ) : null}

      {profile?.href ? (
        <section className="download-profile" aria-labelledby="download-profile-title">
          <h2 id="download-profile-title" className="download-profile__title">
            {t("download_profile_title")}
          </h2>
          <ol className="download-profile__steps">
            <li>{t("download_profile_step1")}</li>
            <li>{t("download_profile_step2")}</li>
            <li>{t("download_profile_step3")}</li>
          </ol>
          <a className="button button--primary button--block" href={profile.href} data-track="downloadApp" onClick={guard(profile)}>
            {t("download_profile_button")}
          </a>
        </section>
      ) : null}
      {safariAlert > 0 ? <NoticeDialog key={safariAlert} notice={{ message: t("download_use_safari") }} /> : null}
    </section>
  );
}
