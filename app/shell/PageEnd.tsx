// The end of what the page shows, for the root's render-blocking `<link rel="expect">`: Chromium paints nothing until
// the parser has reached it, so no paint shows part of the page and then moves it as the rest arrives (a centred line
// before its link, a button's mark before its label, the fixed footer navigation before its labels;
// docs/behaviour/shell.md#no-layout-shift).
export const PAGE_END_ID = "page-end";

/** An empty marker after the page's last visible part: nothing to see or read. */
export function PageEnd() {
  return <div id={PAGE_END_ID} hidden />;
}
