import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { holdInputUntilDataDecoded, remixStateDecoded } from "~/shell/hydration-input-guard";
import type {} from "~/ui/on-need";

// The service worker is registered once the page is idle, by the lazily loaded shell layer
// (app/shell/pwa/PwaShell.tsx; docs/decisions/0016-service-worker.md), to keep it out of the first load. The browser's
// install event is taken before this runs, by a line in <head> (app/shell/install/InstallEventCapture.tsx).

// Code that the server's page shows but that loads on need is awaited first (app/ui/on-need.tsx); most pages
// have none.
void Promise.all(window.__mcHydrationHolds ?? []).then(() => {
  holdInputUntilDataDecoded(window, remixStateDecoded);
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
});
