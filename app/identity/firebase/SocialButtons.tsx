import { useNavigation, useSubmit } from "@remix-run/react";
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { useTranslation } from "~/i18n/translate";
import { PROVIDER_CHANNELS, type FirebaseClientConfig, type SocialProvider } from "./config";
import type { Message } from "../types";

// The buttons hydrate with /m/login, so what only a tap can need (the refusals, the sign-in itself, a failed sign-in's
// message, the Auth emulator's account question) loads with that tap, not with the page
// (docs/behaviour/shell.md#script-budget).
const EmulatorAccountDialog = lazy(() => import("./EmulatorAccountDialog"));
const tapCode = () => import("./social-tap");

const PROVIDER_NAMES: Record<SocialProvider, string> = {
  google: "Google",
  facebook: "Facebook",
  twitter: "X (Twitter)",
  line: "LINE",
  apple: "Apple",
};

const PROVIDER_MARKS: Record<SocialProvider, { letter: string; colour: string }> = {
  google: { letter: "G", colour: "#4285f4" },
  facebook: { letter: "f", colour: "#1877f2" },
  twitter: { letter: "X", colour: "#000000" },
  line: { letter: "L", colour: "#06c755" },
  apple: { letter: "A", colour: "#333333" },
};

function ProviderMark({ provider }: { provider: SocialProvider }) {
  const mark = PROVIDER_MARKS[provider];
  return (
    <svg className="social__mark" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="12" fill={mark.colour} />
      <text x="12" y="16.5" textAnchor="middle" fontSize="13" fontWeight="700" fontFamily="Arial, sans-serif" fill="#fff">
        {mark.letter}
      </text>
    </svg>
  );
}

type SocialButtonsProps = {
  config: FirebaseClientConfig;
  /** The login form: its device fields, remember-me and redirect go with the sign-in. */
  formId: string;
  onNotice: (notice: Message) => void;
};

/**
 * Social sign-in (docs/behaviour/firebase.md#social-sign-in): the refusals first, then the provider (the SDK loads on
 * the tap), then the ID token is posted to /m/login, where the edge signs the member in. The server renders the buttons
 * too, so nothing moves when they start working; where scripts do not run there is nothing to sign in with, and the
 * stylesheet hides them (login.css).
 */
export default function SocialButtons({ config, formId, onNotice }: SocialButtonsProps) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const navigation = useNavigation();
  const [busy, setBusy] = useState<SocialProvider | null>(null);
  const [choosing, setChoosing] = useState<SocialProvider | null>(null);
  // The server's buttons (and the browser's until this code has taken them over) are disabled: a tap before then would
  // do nothing, and a disabled button says so instead of swallowing it.
  const [working, setWorking] = useState(false);
  useEffect(() => setWorking(true), []);

  const post = useCallback(
    (provider: SocialProvider, idToken: string) => {
      const form = document.getElementById(formId) as HTMLFormElement | null;
      const fields = form ? new FormData(form) : new FormData();
      for (const secret of ["password", "verificationCode"]) fields.delete(secret);
      fields.set("intent", "firebase");
      fields.set("firebaseChannel", PROVIDER_CHANNELS[provider]);
      fields.set("firebaseIdToken", idToken);
      submit(fields, { method: "post", action: `/m/login${window.location.search}` });
    },
    [formId, submit],
  );

  const signIn = useCallback(
    async (provider: SocialProvider, emulatorEmail?: string) => {
      setBusy(provider);
      try {
        const { idTokenFor } = await tapCode();
        post(provider, await idTokenFor(config, provider, emulatorEmail));
      } catch (error) {
        // Offline, this code or the message's own may not arrive: then there is nothing more to say than the button
        // coming back.
        const notice = await tapCode().then(
          ({ failureNotice }) => failureNotice(error, t),
          () => null,
        );
        if (notice) onNotice(notice);
      } finally {
        setBusy(null);
      }
    },
    [config, onNotice, post, t],
  );

  const start = useCallback(
    async (provider: SocialProvider) => {
      if (busy) return;
      // Offline before this code has arrived: the tap does nothing, as a tap before the page's scripts.
      const tap = await tapCode().catch(() => null);
      if (!tap || (await tap.refused(provider))) return;
      // The Auth emulator cannot show a provider's page: it asks which account to sign in as.
      if (config.authEmulator) setChoosing(provider);
      else await signIn(provider);
    },
    [busy, config.authEmulator, signIn],
  );

  const choose = useCallback(
    (email: string) => {
      const provider = choosing;
      setChoosing(null);
      if (provider && email) void signIn(provider, email);
    },
    [choosing, signIn],
  );
  const closeChooser = useCallback(() => setChoosing(null), []);

  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "firebase";
  return (
    <section className="social" aria-labelledby="social-title">
      <h2 id="social-title" className="social__title">
        {t("social_login")}
      </h2>
      <div className="social__buttons">
        {config.providers.map((provider) => (
          <button
            key={provider}
            type="button"
            className="button button--secondary social__button"
            aria-busy={busy === provider || (submitting && busy === null) || undefined}
            disabled={!working || busy !== null || submitting}
            onClick={() => void start(provider)}
          >
            <ProviderMark provider={provider} />
            {/* The name a screen reader hears says what the button does; the eye sees the provider's name. */}
            <span className="visually-hidden">{t("social_continue", { provider: PROVIDER_NAMES[provider] })}</span>
            <span aria-hidden="true">{PROVIDER_NAMES[provider]}</span>
          </button>
        ))}
      </div>
      {choosing ? (
        <Suspense fallback={null}>
          <EmulatorAccountDialog provider={PROVIDER_NAMES[choosing]} onChoose={choose} onClose={closeChooser} />
        </Suspense>
      ) : null}
    </section>
  );
}
