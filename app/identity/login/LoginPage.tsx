import { useActionData, useLoaderData } from "@remix-run/react";
import { lazy, memo, Suspense, useCallback, useEffect, useState, type ComponentProps } from "react";
import { NoticeDialog as NoticeDialogOnServer } from "~/ui/NoticeDialog";
import { TwoFactor as TwoFactorOnServer } from "../two-factor/TwoFactor";
import SocialButtonsOnServer from "../firebase/SocialButtons";
import { useRootData } from "~/shell/root-data";
import { LoginForm } from "./LoginForm";
import { LoginTabs } from "./LoginTabs";
import type { action, loader } from "~/routes/m.login";
import { IdentityCard } from "../IdentityCard";
import { useIdentityPage } from "../use-identity-page";
import { onNeed } from "~/ui/on-need";

const PANEL_ID = "login-panel";

// Only a login that needs a second step shows it: in the browser its code loads then, not with the page
// (docs/behaviour/shell.md#script-budget). The server renders it directly: a component that suspended there would be
// streamed in behind a script, and without JavaScript the step would never appear.
const IdentityOffer = lazy(() => import("../firebase/IdentityOffer"));

const TwoFactor = import.meta.env.SSR
  ? TwoFactorOnServer
  : lazy(() => import("../two-factor/TwoFactor").then((module) => ({ default: module.TwoFactor })));

// Social sign-in: the same pattern, so the buttons are in the server's HTML and the card does not grow when they start
// working (hidden where scripts do not run: nothing to sign in with there). A page that shows them waits for their code
// (2 KiB) before hydrating (app/ui/on-need.tsx): a part left to hydrate later is thrown away and rendered again when the
// page around it changes first (React's error 421, met in Firefox). The SDK loads only on a tap
// (docs/behaviour/firebase.md#social-sign-in). Memoised like Notice below.
const SocialButtons = import.meta.env.SSR
  ? SocialButtonsOnServer
  : onNeed(() => import("../firebase/SocialButtons").then((module) => module.default), ".social").Component;
const Social = memo(function Social(props: ComponentProps<typeof SocialButtonsOnServer>) {
  return (
    <Suspense fallback={null}>
      <SocialButtons {...props} />
    </Suspense>
  );
});

// A notice (a platform message, "please login") shows only when there is one: the same pattern. The server's dialog
// works before its code arrives (Confirm is a plain dialog form); memoised on its text, so a re-render of the page
// before then leaves the server's dialog in place instead of rendering it again in the browser.
const NoticeDialog = import.meta.env.SSR
  ? NoticeDialogOnServer
  : lazy(() => import("~/ui/NoticeDialog").then((module) => ({ default: module.NoticeDialog })));
const Notice = memo(function Notice({ message }: { message: string }) {
  return (
    <Suspense fallback={null}>
      <NoticeDialog notice={{ message }} />
    </Suspense>
  );
});

/** /m/login: username or SMS login, remember-me, captcha, two-factor step and the notices of the error catalogue. */
export function LoginPage() {
  const root = useRootData();
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  // The platform ended the member's session: the page opens with "please login".
  const opening = page.sessionEnded ? { id: "session-ended", message: { key: "please_login" as const } } : null;
  // Each answer may carry a notice: the platform's message, about the login or about the two-factor step.
  const { hydrated, notice, showNotice } = useIdentityPage(
    result?.id,
    result && (result.notice ?? result.twoFactor?.notice ?? null),
    opening,
  );
  const [twoFactorOpen, setTwoFactorOpen] = useState(true);
  const [offerOpen, setOfferOpen] = useState(true);
  const [linking, setLinking] = useState<string | null>(null);

  // Each answer may open the two-factor step or the identity offer again.
  useEffect(() => {
    if (!result) return;
    setTwoFactorOpen(true);
    setOfferOpen(true);
    // A new identity offer replaces a link in progress; any other answer keeps it (a mistyped password, say).
    if (result.identityOffer) setLinking(null);
  }, [result]);

  const offer = result?.identityOffer ?? null;
  const closeTwoFactor = useCallback(() => setTwoFactorOpen(false), []);

  const twoFactor = result?.twoFactor ?? null;
  // Linking an identity is a username-and-password login.
  const mode = linking ? "username" : (result?.mode ?? page.mode);
  const inlineTwoFactor = twoFactor !== null && !hydrated;
  // One step, shown in the page's place without JavaScript and as a modal over the form with it.
  const twoFactorStep =
    twoFactor && result ? (
      <Suspense fallback={null}>
        <TwoFactor
          answerId={result.id}
          state={twoFactor}
          countries={page.settings.countries}
          defaultDialingCode={page.settings.defaultDialingCode}
          captchaSms={page.captcha.sms}
          modal={!inlineTwoFactor}
          onClose={closeTwoFactor}
          onNotice={showNotice}
        />
      </Suspense>
    ) : null;

  return (
    <div className="login">
      <IdentityCard name="login" titleKey="login_title" className="card login__card">
        {twoFactorStep && inlineTwoFactor ? (
          // Without JavaScript the two-factor step takes the form's place in the page.
          twoFactorStep
        ) : (
          <>
            {page.settings.smsEnabled ? <LoginTabs mode={mode} panelId={PANEL_ID} /> : null}
            <LoginForm key={mode} page={{ ...page, mode }} result={result} panelId={PANEL_ID} onNotice={showNotice} linking={linking} />
            {root?.firebase && root.firebase.providers.length > 0 ? (
              <Social config={root.firebase} formId={PANEL_ID} onNotice={showNotice} />
            ) : null}
          </>
        )}
      </IdentityCard>
      {twoFactorStep && !inlineTwoFactor && twoFactorOpen ? twoFactorStep : null}
      {offer && offerOpen && hydrated ? (
        <Suspense fallback={null}>
          <IdentityOffer
            key={result?.id}
            offer={offer}
            onLoginExisting={(provider) => {
              setLinking(provider);
              setOfferOpen(false);
            }}
            onClose={() => setOfferOpen(false)}
          />
        </Suspense>
      ) : null}
      {notice ? <Notice key={notice.id} message={notice.text} /> : null}
    </div>
  );
}
