import { useCallback, useEffect, useState } from "react";
import { useHydrated } from "../ui/use-hydrated";
import { useMessageText } from "./fields/use-message-text";
import type { Message } from "./types";

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
 * @param answerId the action's answer's id (unique per answer), or undefined before any answer
 * @param answerNotice the notice that answer brings, or null
 * @param opening the notice the page opens with (login: the platform ended the session)
 */
export function useIdentityPage(
  answerId: string | undefined,
  answerNotice: Message | null | undefined,
  opening: Notice | null = null,
): IdentityPage {
  const text = useMessageText();
  const hydrated = useHydrated();
  const [notice, setNotice] = useState(opening);

  useEffect(() => {
    if (answerId) setNotice(answerNotice ? { id: answerId, message: answerNotice } : null);
  }, [answerId, answerNotice]);

  const showNotice = useCallback((message: Message) => setNotice({ id: crypto.randomUUID(), message }), []);

  const shown = hydrated ? notice : answerId ? answerNotice && { id: answerId, message: answerNotice } : opening;
  return {
    hydrated,
    notice: shown ? { id: shown.id, text: text(shown.message) ?? "" } : null,
    showNotice,
  };
}
