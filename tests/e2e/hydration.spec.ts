// A player's key or tap as the page starts hydrating (docs/behaviour/shell.md#script-priority): until Remix has decoded
// the page's data its first render waits, and an input that reached React then made React hydrate synchronously and
// give up for good (its error #345). The test's key comes right after hydration has begun, before React's first render,
// where a player's tap on a slow phone often lands, whatever the machine's speed.
import { expect, test } from "./fixtures";

declare global {
  interface Window {
    /** Set by this file's init script once it has pressed its key. */
    __keyPressedAsHydrationBegan?: boolean;
    /** Set by the line in <head> that notes the player's first touch (app/shell/later/FirstInteractionCapture.tsx). */
    __mcInteracted?: boolean;
  }
}

test.describe("input as the page starts hydrating", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "without scripts nothing hydrates");

  test("/m/home: a key pressed right after hydration has begun is noted as the first touch, and the page still hydrates without a script error", async ({
    page,
  }) => {
    await page.addInitScript(() => {
      // React's hydrateRoot marks the document as its root, then listens for keys on it: the key is pressed as soon as
      // that call has returned, before React's first render (a task of its own, scheduled later).
      const addEventListener = EventTarget.prototype.addEventListener;
      EventTarget.prototype.addEventListener = function (this: EventTarget, ...args: Parameters<EventTarget["addEventListener"]>) {
        addEventListener.apply(this, args);
        const reactRoot = this === document && Object.keys(document).some((key) => key.startsWith("__reactContainer$"));
        if (reactRoot && args[0] === "keydown" && !window.__keyPressedAsHydrationBegan) {
          window.__keyPressedAsHydrationBegan = true;
          queueMicrotask(() => document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "Shift", bubbles: true })));
        }
      };
    });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto("/m/home");
    // Hydrated: the shell's effects have run.
    await expect(page.locator("html")).toHaveAttribute("data-install-prompt", /./);
    expect(await page.evaluate(() => [window.__keyPressedAsHydrationBegan, window.__mcInteracted])).toEqual([true, true]);
    expect(errors).toEqual([]);
  });
});
