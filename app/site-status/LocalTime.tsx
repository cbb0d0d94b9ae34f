import { useEffect, useState } from "react";

/**
 * The server does not know the visitor's time zone: it renders UTC, and the browser re-renders in local time.
 * Without JavaScript the UTC time stays, labelled as such.
 */
export function LocalTime({ epochMs, locale }: { epochMs: number; locale: string }) {
  const [local, setLocal] = useState(false);
  useEffect(() => setLocal(true), []);
  // dateStyle/timeStyle cannot be combined with timeZoneName (Intl throws), so the UTC label is added by hand.
  const text = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", ...(local ? {} : { timeZone: "UTC" }) }).format(
    new Date(epochMs),
  );
  return <time dateTime={new Date(epochMs).toISOString()}>{local ? text : `${text} UTC`}</time>;
}
