/**
 * The moment the browser began reading the page's HTML (`performance.now()`, as `window.__mcPageRead`): what
 * a dialog due later counts from (./Dialog.tsx). A line in <head> before the stylesheet: an inline script after it
 * waits until the stylesheet has arrived, which on a slow network is most of a second after the HTML
 * (docs/behaviour/announcements.md#schedule). ./Dialog.tsx reads it under the same name.
 */
const PAGE_READ_MARK = "window.__mcPageRead=performance.now();";

export function PageReadMark({ nonce }: { nonce: string | undefined }) {
  // The browser hides a nonce attribute once it has read it: not a difference to report when hydrating.
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: PAGE_READ_MARK }} />;
}
