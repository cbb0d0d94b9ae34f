// Components rendered directly by the server and loaded on need in the browser (docs/behaviour/shell.md#script-budget).
import { createElement, lazy, useState, type ComponentType } from "react";

declare global {
  interface Window {
    /** Code the page's hydration waits for; read by app/entry.client.tsx. */
    __mcHydrationHolds?: Promise<unknown>[];
  }
}

type OnNeed<P> = {
  /** The component for the browser: the loaded one directly once its code is here, else through React.lazy. */
  Component: ComponentType<P>;
  /** Starts loading its code (once; a failed load is tried again on the next call). */
  preload: () => Promise<unknown>;
};

/**
 * A component whose code the browser loads when it is first rendered, or earlier on `preload` (a player's intent).
 * Render it inside a <Suspense> that the server's tree has too (the server renders the component directly).
 *
 * `shownBy`: a selector that matches in the server's page when the page shows the component. Such a page waits for its
 * code before hydrating (app/entry.client.tsx): a part left to hydrate later swallows the taps it gets in between.
 */
export function onNeed<P extends object>(load: () => Promise<ComponentType<P>>, shownBy?: string): OnNeed<P> {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  let loaded: ComponentType<P> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
        return { default: component };
      },
      (error: unknown) => {
        // Offline or a new deployment: the next call tries again.
        loading = null;
        throw error;
      },
    ));
  if (shownBy && typeof document !== "undefined" && document.querySelector(shownBy)) {
    // A failed load does not hold the page: it hydrates, and the part loads again when rendered.
    (window.__mcHydrationHolds ??= []).push(preload().catch(() => undefined));
  }
  // (React.lazy's own type does not carry a generic P through; it renders the same props.)
  const Lazy = lazy(preload);
  function OnNeedComponent(props: P) {
    // Chosen once per mount (React.lazy suspends once even for code already here; switching component types later
    // would remount the part and lose what it holds).
    const [Component] = useState<ComponentType<P>>(() => loaded ?? (Lazy as unknown as ComponentType<P>));
    return createElement(Component, props);
  }
  return { Component: OnNeedComponent, preload };
}
