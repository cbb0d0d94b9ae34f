import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import type {} from "~/ui/on-need";

declare global {
  interface Window {
    /** The browser's install event, kept for the install prompt (it fires once, possibly before React mounts). */
    __mcInstallPrompt?: Event | null;
  }
}

// The service worker is registered once the page is idle, by the lazily loaded shell layer
// (app/shell/pwa/PwaOverlays.tsx; docs/decisions/0016-service-worker.md), to keep it out of the first load.

// Captured before React mounts, or the event is lost. The install prompt reads window.__mcInstallPrompt and
// listens for "mc:installprompt"; preventDefault keeps the browser's own banner away so the product's prompt is used.
window.addEventListener("beforeinstallprompt", (event) => {
  event.preventDefault();
  window.__mcInstallPrompt = event;
  window.dispatchEvent(new Event("mc:installprompt"));
});

// Code that the server's page shows but that loads on need is awaited first (app/ui/on-need.tsx); most pages
// have none.
void Promise.all(window.__mcHydrationHolds ?? []).then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  }),
);
