// Offline, a link click inside the app would fetch the next page's data and fail into the error page. The browser's
// own navigation instead reaches the service worker, which answers with the cached copy or the offline page.
export function letBrowserNavigateWhenOffline(): () => void {
  const onClick = (event: MouseEvent) => {
    if (navigator.onLine || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute("download")) return;
    if ((anchor.target && anchor.target !== "_self") || anchor.origin !== window.location.origin) return;
    // Capture phase on window runs before React's listener on the document: Remix never sees this click.
    event.stopPropagation();
  };
  window.addEventListener("click", onClick, true);
  return () => window.removeEventListener("click", onClick, true);
}
