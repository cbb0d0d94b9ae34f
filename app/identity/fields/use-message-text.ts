import { useCallback } from "react";
import { useTranslation } from "~/i18n/translate";
import type { Message } from "../types";

/** A Message as text: translated key, or the platform's own words. */
export function useMessageText(): (message: Message | null | undefined) => string | undefined {
  const { t } = useTranslation();
  return useCallback((message) => (message ? ("key" in message ? t(message.key, message.values) : message.text) : undefined), [t]);
}
