// The words every identity page and its server share (login, registration, two-factor, change password). Types only.
import type { TranslationKey } from "../i18n/i18n-instance";

/** A message on screen: a translation key, or the platform's own text (already in the member's language). */
export type Message = { key: TranslationKey; values?: Record<string, string> } | { text: string };

export type Country = { countryCode: string; countryDialingCode: string };

export type CodeSent = { expiresInMs: number };

/** What a form's action answers when the form stays: what was typed, the errors and the notice to show. */
export type FormAnswer<Field extends string, Values> = {
  /** Unique per answer, so the same notice shows again after a second identical failure. */
  id: string;
  values: Values;
  fieldErrors: Partial<Record<Field, Message>>;
  notice: Message | null;
  /** A code sent by the "Send code" button without JavaScript: the countdown starts from here. */
  codeSent: CodeSent | null;
};
