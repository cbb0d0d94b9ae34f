import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { TranslationProvider } from "~/i18n/translate";
import { htmlLang, textDirection } from "~/i18n/languages";
import { translationsFor } from "~/.server/i18n/resources";
import { loadSiteState } from "~/.server/site-state";
import { AppHeader } from "~/components/shell/AppHeader";
import { NoticeDialog } from "~/components/shell/NoticeDialog";
import { ErrorPage } from "~/components/shell/ErrorPage";
import { SiteStatusPage } from "~/components/site-status/SiteStatusPage";
import { DomainUnavailableDialog } from "~/components/site-status/DomainUnavailableDialog";
import stylesUrl from "~/styles/app.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesUrl },
  { rel: "icon", href: "/favicon.ico", sizes: "any" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { merchant, language, session } = context;
  const { state, notice } = await loadSiteState(context);
  const url = new URL(request.url);
  return {
    language,
    translations: translationsFor(language),
    brand: {
      name: merchant.brand.name,
      shortName: merchant.brand.shortName,
      themeColor: merchant.brand.themeColor,
      backgroundColor: merchant.brand.backgroundColor,
    },
    merchantCode: merchant.merchantCode,
    member: session.info ? { userName: session.info.userName } : null,
    siteState: state,
    notice,
    path: url.pathname + url.search,
    cspNonce: context.cspNonce,
  };
}

export type RootLoaderData = Awaited<ReturnType<typeof loader>>;

export function useRootData(): RootLoaderData | undefined {
  return useRouteLoaderData<typeof loader>("root");
}

// The site state is re-read on full loads and after actions; plain navigations keep it (Hydrogen's habit).
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }) => {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  return currentUrl.searchParams.get("language") !== nextUrl.searchParams.get("language") || currentUrl.pathname === nextUrl.pathname
    ? defaultShouldRevalidate
    : false;
};

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.brand.name ?? "" }];

export function Layout({ children }: { children: ReactNode }) {
  const data = useRootData();
  const language = data?.language ?? "EN";
  return (
    <html lang={htmlLang(language)} dir={textDirection(language)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        {data ? <meta name="theme-color" content={data.brand.themeColor} /> : null}
        <Meta />
        <Links />
      </head>
      <body
        style={data ? ({ "--brand": data.brand.themeColor, "--brand-bg": data.brand.backgroundColor } as React.CSSProperties) : undefined}
      >
        <TranslationProvider language={language} translations={data?.translations ?? {}}>
          {children}
        </TranslationProvider>
        <ScrollRestoration nonce={data?.cspNonce} />
        <Scripts nonce={data?.cspNonce} />
      </body>
    </html>
  );
}

export default function App() {
  const data = useRootData();
  if (!data) return <Outlet />;
  const { siteState, notice } = data;
  if (siteState.kind === "maintenance" || siteState.kind === "access-denied") return <SiteStatusPage state={siteState} />;
  return (
    <>
      <AppHeader />
      <main id="main" className="page">
        <Outlet />
      </main>
      {siteState.kind === "domain-unavailable" ? <DomainUnavailableDialog customerServiceUrl={siteState.customerServiceUrl} /> : null}
      {notice ? <NoticeDialog notice={notice} /> : null}
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <>
      <AppHeader />
      <main id="main" className="page">
        <ErrorPage kind={notFound ? "not-found" : "server-error"} />
      </main>
    </>
  );
}
