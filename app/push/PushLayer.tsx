import { useCallback, useEffect, useRef, useState } from "react";
import { useMatches } from "@remix-run/react";
import { pageHasAnnouncements } from "~/announcements/on-page";
import { useTranslation } from "~/i18n/translate";
import { useRootData } from "~/shell/root-data";
import { registerServiceWorker } from "~/shell/sw/register";
import { Dialog } from "~/ui/Dialog";
import { logPushError, pushErrorOutcome, type PushMessageKey } from "./errors";
import { deviceToken } from "./messaging";
import { bindPlan, otherModalPending, pushStep, unbindPlan, type PushReply } from "./rules";
import { whenNoOtherModal } from "~/ui/modal-queue";
import { BOUND_MEMBER_KEY, SKIP_KEY, WEB_TOKEN_KEY } from "./storage-keys";
import { readStorage, writeStorage } from "~/shell/web-storage";

// The push layer (docs/behaviour/firebase.md#notification-prompt), loaded once the page is idle where the merchant has
// a push key. It asks a member with the product's own prompt, gets the device's token from Firebase once allowed, binds
// it to the member through the edge (POST /m/push) once per member and token, and unsubscribes it when the session ends.

const PUSH_PATH = "/m/push";
const LOGOUT_PATH = "/m/logout";

/**
 * What the layer decided, on <html data-push>, for tests and support tools (like app/shell/shell-state.ts): "waiting"
 * for other modals to close, "prompt" or "notice" on screen, "bound" (the token is bound), "unbound" (a session's token
 * unsubscribed), "failed", or "none" (nothing to do here).
 */
type PushState = "none" | "waiting" | "prompt" | "notice" | "bound" | "unbound" | "failed";

function mark(state: PushState): void {
  document.documentElement.dataset.push = state;
}

function stored() {
  return { token: readStorage("localStorage", WEB_TOKEN_KEY), boundMember: readStorage("localStorage", BOUND_MEMBER_KEY) };
}

/** One call to the edge; null when it did not answer (offline). */
async function postPush(intent: "bind" | "unsubscribe", registrationToken: string): Promise<PushReply | null> {
  try {
    const response = await fetch(PUSH_PATH, {
      method: "POST",
      body: new URLSearchParams({ intent, registrationToken }),
      credentials: "same-origin",
      keepalive: intent === "unsubscribe",
    });
    const body = (await response.json()) as PushReply;
    return typeof body === "object" && body !== null && typeof body.ok === "boolean" ? body : null;
  } catch {
    return null;
  }
}

/** The product's worker where push can work: Notification, PushManager and a registration of /m/sw.js. */
async function productRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!("Notification" in window) || !("PushManager" in window) || !("serviceWorker" in navigator)) return null;
  // Some wrappers of navigator.serviceWorker.register answer nothing at all: that is no registration either.
  return (await registerServiceWorker()) ?? null;
}

type View = { kind: "prompt" } | { kind: "message"; key: PushMessageKey } | null;

export default function PushLayer() {
  const root = useRootData();
  const vapidKey = root?.firebase?.vapidKey ?? null;
  const member = root?.member?.userName ?? null;
  const [view, setView] = useState<View>(null);
  const registration = useRef<ServiceWorkerRegistration | null>(null);
  // The root's data is a new object after every revalidation: the effects below follow the push key and the member only.
  const config = useRef(root?.firebase ?? null);
  config.current = root?.firebase ?? null;
  // Read when the prompt checks whether it may show: the page it is on now.
  const popupOnPage = useRef(false);
  popupOnPage.current = pageHasAnnouncements(useMatches());

  /** The token from Firebase, then bound to the member unless it already is (docs/behaviour/firebase.md#push-bind). */
  const tokenAndBind = useCallback(
    async (asked: boolean) => {
      const worker = registration.current;
      const firebase = config.current;
      if (!firebase || !vapidKey || !member || !worker) return;
      try {
        // The SDK subscribes through the worker's push manager, which needs it active.
        await navigator.serviceWorker.ready;
        const token = await deviceToken(firebase, vapidKey, worker);
        const plan = bindPlan(stored(), member, token);
        writeStorage("localStorage", WEB_TOKEN_KEY, token);
        if (plan.unsubscribe) await postPush("unsubscribe", plan.unsubscribe);
        if (plan.bind) {
          writeStorage("localStorage", BOUND_MEMBER_KEY, null);
          const reply = await postPush("bind", token);
          if (!reply?.ok) {
            console.warn(`[push] bind failed: ${reply ? reply.reason : "no answer"}`);
            mark("failed");
            return;
          }
          writeStorage("localStorage", BOUND_MEMBER_KEY, member);
        }
        mark("bound");
      } catch (error) {
        const outcome = pushErrorOutcome(error, asked);
        logPushError(outcome, "token");
        mark("failed");
        if (outcome.message) setView({ kind: "message", key: outcome.message });
      }
    },
    [vapidKey, member],
  );

  // The logout form's post carries the device's token, so the edge unsubscribes it with the logout
  // (app/routes/m.logout.tsx); the bound member is forgotten at once.
  useEffect(() => {
    const onFormData = (event: FormDataEvent) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || new URL(form.action, location.href).pathname !== LOGOUT_PATH) return;
      const token = readStorage("localStorage", WEB_TOKEN_KEY);
      if (token && readStorage("localStorage", BOUND_MEMBER_KEY) !== null) event.formData.set("pushToken", token);
      writeStorage("localStorage", BOUND_MEMBER_KEY, null);
    };
    document.addEventListener("formdata", onFormData);
    return () => document.removeEventListener("formdata", onFormData);
  }, []);

  // On every page load and whenever the session changes (login, logout, a session the platform ended).
  useEffect(() => {
    if (!vapidKey) return;
    let live = true;
    void (async () => {
      if (member === null) {
        // No session: nothing to ask any more, and the token bound to the last member stops receiving that member's
        // notifications.
        setView(null);
        const token = unbindPlan(stored());
        writeStorage("localStorage", BOUND_MEMBER_KEY, null);
        if (token) await postPush("unsubscribe", token);
        if (live) mark(token ? "unbound" : "none");
        return;
      }
      registration.current = await productRegistration();
      if (!live) return;
      const step = () =>
        pushStep({
          supported: registration.current !== null,
          member: true,
          vapidKey: true,
          skipped: readStorage("sessionStorage", SKIP_KEY) === "1",
          permission: "Notification" in window ? Notification.permission : "denied",
        });
      const first = step();
      if (first === "none") return mark("none");
      if (first === "token") return tokenAndBind(false);
      // The prompt and the notice wait their turn behind the page's other modals (this layer's own included)…
      mark("waiting");
      const pending = (openDialog: boolean, shell: DOMStringMap) => otherModalPending(openDialog, shell, popupOnPage.current);
      if (!(await whenNoOtherModal(pending, () => !live))) return;
      // …and the answer may have come meanwhile (the player closed this prompt, another tab asked).
      const next = step();
      if (next === "token") return tokenAndBind(false);
      if (next === "none") return mark("none");
      if (next === "denied-notice") {
        // Once a session: shown now, never again until the browser session ends.
        writeStorage("sessionStorage", SKIP_KEY, "1");
        setView({ kind: "message", key: "notification_request_tips" });
        mark("notice");
      } else {
        setView({ kind: "prompt" });
        mark("prompt");
      }
    })();
    return () => {
      live = false;
    };
  }, [vapidKey, member, tokenAndBind]);

  const skip = useCallback(() => {
    writeStorage("sessionStorage", SKIP_KEY, "1");
    setView(null);
  }, []);

  const allow = useCallback(() => {
    // Asked in the tap itself: browsers only show their permission question for a player's gesture.
    const asking = Notification.requestPermission();
    setView(null);
    void asking.then(async (permission) => {
      if (permission === "granted") return tokenAndBind(true);
      writeStorage("sessionStorage", SKIP_KEY, "1");
      if (permission === "denied") {
        setView({ kind: "message", key: "notification_request_tips" });
        mark("notice");
      } else mark("none");
    });
  }, [tokenAndBind]);

  if (view?.kind === "prompt") return <NotificationPrompt onAllow={allow} onClose={skip} />;
  if (view?.kind === "message") return <PushNotice messageKey={view.key} onClose={skip} />;
  return null;
}

function BellIcon() {
  return (
    <svg className="push-prompt__icon" viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
      />
    </svg>
  );
}

/** The product's question before the browser's (docs/behaviour/firebase.md#notification-prompt). */
function NotificationPrompt({ onAllow, onClose }: { onAllow: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog titleId="push-prompt-title" onClose={onClose}>
      <div className="push-prompt">
        <BellIcon />
        <h2 id="push-prompt-title" className="dialog__title">
          {t("push_prompt_title")}
        </h2>
        <p className="dialog__body">{t("push_prompt_text")}</p>
        <div className="dialog__actions">
          <button type="button" className="button button--primary button--block" onClick={onAllow}>
            {t("push_allow")}
          </button>
          <button type="button" className="button button--secondary button--block" onClick={onClose}>
            {t("push_not_now")}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

/** A push message for the player: blocked notifications (with how to allow them), an unsupported browser, a failure. */
function PushNotice({ messageKey, onClose }: { messageKey: PushMessageKey; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog titleId="push-notice-title" role="alertdialog" onClose={onClose}>
      <h2 id="push-notice-title" className="dialog__title">
        {t("notice")}
      </h2>
      <p className="dialog__body">{t(messageKey)}</p>
      <div className="dialog__actions">
        <button type="button" className="button button--primary" autoFocus onClick={onClose}>
          {t("confirm")}
        </button>
      </div>
    </Dialog>
  );
}
