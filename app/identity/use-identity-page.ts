import { useCallback, useEffect, useState } from "react";
import { useHydrated } from "../ui/use-hydrated";
import { useMessageText } from "./fields/use-message-text";
import type { Message } from "./types";

/** What the page's notice needs of an action's answer: its id (unique per answer) and the notice it brings, if any. */
export type AnsweredNotice = { id: string; notice: Message | null };

type Notice = { id: string; message: Message };

export type IdentityPage = {
  hydrated: boolean;
  /** The notice alert to show (keyed by its id: the same text again is a new alert), or null. */
  notice: { id: string; text: string } | null;
  /** Shows a notice from the form itself (a send-code or identity-provider failure). */
  showNotice: (message: Message) => void;
};

/**
 * What the identity pages (login, registration) share around their forms: one notice alert (the card they sit in is
 * <IdentityCard>). Each
 * answer of the action replaces the notice with its own, or with none; before hydration, and with JavaScript off,
 * the notice comes straight from the answer, or is the page's opening one when there is no answer yet.
 *
 * @param answer the action's answer, its own object (a new object is a new answer), or undefined before any
 * @param opening the notice the page opens with (login: the platform ended the session)
 */
export function useIdentityPage(answer: AnsweredNotice | undefined, opening: Notice | null = null): IdentityPage {
  const text = useMessageText();
  const hydrated = useHydrated();
  const [notice, setNotice] = useState(opening);

  useEffect(() => {
    if (answer) setNotice(answer.notice ? { id: answer.id, message: answer.notice } : null);
  }, [answer]);

  const showNotice = useCallback((message: Message) => setNotice({ id: crypto.randomUUID(), message }), []);

  const fromAnswer = answer?.notice ? { id: answer.id, message: answer.notice } : null;
  const shown = hydrated ? notice : answer ? fromAnswer : opening;
  return {
    hydrated,
    notice: shown ? { id: shown.id, text: text(shown.message) ?? "" } : null,
    showNotice,
  };
}
