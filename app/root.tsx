import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import {
  Links,
  Meta,
  Navigate,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteError,
  useLocation,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { lazy, Suspense, type ComponentProps, type ReactNode } from "react";
import { onNeed } from "~/ui/on-need";
import { TranslationProvider } from "~/i18n/translate";
import { FallbackTranslationsScript, useFallbackTranslations } from "~/i18n/fallback-translations";
import { htmlLang, textDirection } from "~/i18n/languages";
import { dictionaryTextFor } from "~/.server/i18n/resources";
import { readDictionary } from "~/i18n/translator";
import { loadSiteState } from "~/site-status/site-state.server";
import { loadShellData } from "~/shell/shell-data.server";
import { getMemberInfo } from "~/.server/platform/member";
import { syncMemberLanguage } from "~/promotions/language-sync.server";
import { forcedChangeRedirect } from "~/identity/guard.server";
import { allowedDuringForcedChange, leavesForcedChange } from "~/identity/forced-change";
import { changePasswordLocation } from "~/identity/forced-change.server";
import { ShellOverlays } from "~/shell/ShellOverlays";
import { loadSupportData } from "~/support/support-data.server";
import { SiteFooter } from "~/support/SiteFooter";
import { FooterNav } from "~/support/FooterNav";
import { MiniGameSlot } from "~/minigame/MiniGameSlot";
import { loadTrackingData } from "~/tracking/tracking-data.server";
import { loadFirebaseConfig } from "~/identity/firebase/firebase-config.server";
import { LANGUAGE_COUNTRIES } from "~/i18n/language-countries";
import { TrackingSlot } from "~/tracking/TrackingSlot";
import { InstallEventCapture } from "~/shell/install/InstallEventCapture";
import { FirstInteractionCapture } from "~/shell/later/FirstInteractionCapture";
import { PageReadMark } from "~/ui/PageReadMark";
import { PushSlot } from "~/push/PushSlot";
import { InstallHeadTags } from "~/shell/install/InstallHeadTags";
import { pageMeta } from "~/shell/page-meta";
import { AppHeader } from "~/shell/AppHeader";
import { PAGE_END_ID, PageEnd } from "~/shell/PageEnd";
import { useRootData } from "~/shell/root-data";
import { NoticeDialog as NoticeDialogOnServer } from "~/ui/NoticeDialog";
import { ErrorPage as ErrorPageOnServer } from "~/shell/ErrorPage";
import { SiteStatusPage as SiteStatusPageOnServer } from "~/site-status/SiteStatusPage";
import { DomainUnavailableDialog as DomainUnavailableOnServer } from "~/site-status/DomainUnavailableDialog";
import stylesUrl from "~/styles/site.css?url";

// What a page shows only when something went wrong (a notice, an unavailable domain, an error page): rendered directly
// by the server, so it is in the page without JavaScript; in the browser its code loads only on a page that has one,
// not with every page (docs/behaviour/shell.md#script-budget). Until it arrives the server's HTML stays as it was.
const NoticeDialog = import.meta.env.SSR
  ? NoticeDialogOnServer
  : lazy(() => import("~/ui/NoticeDialog").then((module) => ({ default: module.NoticeDialog })));
const DomainUnavailableDialog = import.meta.env.SSR
  ? DomainUnavailableOnServer
  : lazy(() => import("~/site-status/DomainUnavailableDialog").then((module) => ({ default: module.DomainUnavailableDialog })));
const ErrorPage = import.meta.env.SSR
  ? ErrorPageOnServer
  : lazy(() => import("~/shell/ErrorPage").then((module) => ({ default: module.ErrorPage })));
// Maintenance and restricted regions: the same, and such a page waits for this code before hydrating (its language
// switcher answers only then; app/ui/on-need.tsx).
const SiteStatusPage = import.meta.env.SSR
  ? SiteStatusPageOnServer
  : onNeed(() => import("~/site-status/SiteStatusPage").then((module) => module.SiteStatusPage), ".status-page").Component;

/** The maintenance or restricted-region page, where the root shows it and where its error boundary does. */
function SiteStatus({ state }: ComponentProps<typeof SiteStatusPageOnServer>) {
  return (
    <Suspense fallback={null}>
      <SiteStatusPage state={state} />
    </Suspense>
  );
}

export const links: LinksFunction = () => [
  // Every page's styles in one file (app/styles/site.css).
  { rel: "stylesheet", href: stylesUrl },
  { rel: "icon", href: "/favicon.ico", sizes: "any" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { merchant, language, session } = context;
  // A member's page renews the member's info first: a token the platform no longer knows ends the session here
  // (the platform client throws the redirect to the login page), and a forced password change comes before any page.
  const forced = forcedChangeRedirect(context, request);
  if (forced) throw forced;
  const memberInfo = session.token ? getMemberInfo(context.platform) : Promise.resolve(null);
  const [{ state, notice }, shell, member, support, tracking, firebase] = await Promise.all([
    loadSiteState(context, request, memberInfo),
    loadShellData(context, request),
    memberInfo,
    loadSupportData(context, memberInfo),
    loadTrackingData(request, context, memberInfo),
    loadFirebaseConfig(context),
  ]);
  // The member's platform language follows the page's (type 4 exempt; docs/behaviour/promotions.md#language-sync).
  if (member?.ok) await syncMemberLanguage(context, member.value);
  const url = new URL(request.url);
  return {
    language,
    /** The country whose flag stands for the language (docs/behaviour/shell.md#language-flags). */
    languageCountry: LANGUAGE_COUNTRIES[language],
    /** The page language's dictionary as one JSON text (read with readDictionary). */
    dictionary: dictionaryTextFor(language),
    brand: {
      name: merchant.brand.name,
      shortName: merchant.brand.shortName,
      themeColor: merchant.brand.themeColor,
      backgroundColor: merchant.brand.backgroundColor,
    },
    merchantCode: merchant.merchantCode,
    /** While a forced password change is pending: where every other page sends the member (also on client navigation). */
    forcedChange: session.mustChangePassword
      ? { location: changePasswordLocation(merchant.changePasswordPath, session.mustChangePassword), path: merchant.changePasswordPath }
      : null,
    member: session.info
      ? {
          userName: (member?.ok ? member.value.userName : null) ?? session.info.userName,
          // What the go-to-promotion rules need (docs/behaviour/promotions.md#go-to-promotion).
          type: member?.ok ? member.value.type : session.info.type,
          clubLabelType: (member?.ok ? member.value.clubLabel?.type : null) ?? null,
          language: (member?.ok ? member.value.language : null) ?? null,
        }
      : null,
    siteState: state,
    shell,
    support,
    tracking,
    /** The merchant's Firebase setup (social sign-in, SMS by Firebase, push), or null (docs/behaviour/firebase.md). */
    firebase,
    // After a form post without JavaScript the action's reply says what went wrong; the loaders, past the action's
    // deadline, would only say it twice (docs/behaviour/errors.md#action-deadline).
    notice: context.formPost ? null : notice,
    path: url.pathname + url.search,
    cspNonce: context.cspNonce,
  };
}

// The site state is re-read on full loads and after actions; plain navigations keep it (Hydrogen's habit).
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }) => {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  if (leavesForcedChange(currentUrl, nextUrl)) return true;
  return currentUrl.searchParams.get("language") !== nextUrl.searchParams.get("language") || currentUrl.pathname === nextUrl.pathname
    ? defaultShouldRevalidate
    : false;
};

// Title, description and robots for every page from the per-path configuration (app/shell/page-meta.ts, docs/decisions/0018).
export const meta: MetaFunction<typeof loader> = ({ data, location, error }) =>
  data
    ? pageMeta({
        pathname: location.pathname,
        translations: readDictionary(data.dictionary),
        brandName: data.brand.name,
        indexableHost: data.shell.pageMeta.indexableHost,
        error: error !== undefined && error !== null,
      })
    : [{ title: "" }, { name: "robots", content: "noindex" }];

export function Layout({ children }: { children: ReactNode }) {
  const data = useRootData();
  // Without the root's data (an error page after a failed action) the texts come from the fallback dictionary.
  const fallback = useFallbackTranslations();
  const language = data?.language ?? fallback?.language ?? "EN";
  const translations = data ? readDictionary(data.dictionary) : (fallback?.translations ?? {});
  return (
    <html lang={htmlLang(language)} dir={textDirection(language)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        {/* No paint of a partly parsed page (a header, a centred line or a button whose end has not arrived grows or
            moves when it does): Chromium renders once the marker after the page's last visible part is in the
            document, others ignore this (docs/behaviour/shell.md#no-layout-shift). */}
        <link rel="expect" href={`#${PAGE_END_ID}`} blocking="render" />
        {data ? <meta name="theme-color" content={data.brand.themeColor} /> : null}
        {data ? <InstallHeadTags shortName={data.brand.shortName} /> : null}
        {data ? <PageReadMark nonce={data.cspNonce} /> : null}
        {data ? <InstallEventCapture nonce={data.cspNonce} /> : null}
        {data ? <FirstInteractionCapture nonce={data.cspNonce} /> : null}
        <Meta />
        <Links />
      </head>
      <body
        style={data ? ({ "--brand": data.brand.themeColor, "--brand-bg": data.brand.backgroundColor } as React.CSSProperties) : undefined}
      >
        <TranslationProvider language={language} translations={translations}>
          {children}
        </TranslationProvider>
        {!data && fallback ? <FallbackTranslationsScript value={fallback} /> : null}
        <ScrollRestoration nonce={data?.cspNonce} />
        <Scripts nonce={data?.cspNonce} />
      </body>
    </html>
  );
}

export default function App() {
  const data = useRootData();
  const location = useLocation();
  if (!data) return <Outlet />;
  const { siteState, notice, forcedChange } = data;
  if (forcedChange && !allowedDuringForcedChange(location.pathname, forcedChange.path)) {
    return <Navigate to={forcedChange.location} replace />;
  }
  if (siteState.kind === "maintenance" || siteState.kind === "access-denied") return <SiteStatus state={siteState} />;
  return (
    <>
      {/* Before the header: the download bar, fixed at the top, is parsed before the page it makes room for, so no paint
          shows the page without its room (docs/behaviour/shell.md#no-layout-shift). */}
      <ShellOverlays shell={data.shell} />
      <AppHeader />
      <main id="main" className="page">
        <Outlet />
      </main>
      <Suspense fallback={null}>
        {siteState.kind === "domain-unavailable" ? <DomainUnavailableDialog customerServiceUrl={siteState.customerServiceUrl} /> : null}
        {notice ? <NoticeDialog notice={notice} /> : null}
      </Suspense>
      {/* Last in the page flow: the footer navigation's spacer keeps everything above (dialogs without scripts too) clear of it. */}
      <SiteFooter support={data.support} />
      <FooterNav support={data.support} />
      <PageEnd />
      {data.support.miniGame ? <MiniGameSlot /> : null}
      <TrackingSlot />
      {data.firebase?.vapidKey ? <PushSlot /> : null}
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRootData();
  // Maintenance and access denied replace every page, unknown addresses included.
  if (data && (data.siteState.kind === "maintenance" || data.siteState.kind === "access-denied"))
    return <SiteStatus state={data.siteState} />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const kind = status === 404 ? "not-found" : status === 405 ? "method-not-allowed" : "server-error";
  if (kind === "server-error") console.error(error);
  return (
    <>
      <AppHeader />
      <main id="main" className="page">
        <Suspense fallback={null}>
          <ErrorPage kind={kind} />
        </Suspense>
      </main>
      <PageEnd />
    </>
  );
}
