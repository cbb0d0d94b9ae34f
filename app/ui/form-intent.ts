// A player starting on a form: the first focus, tap or key inside it. Code a form needs only once the player is on it
// (the device fingerprint, the plain captcha's widget) loads then, not with the page
// (docs/behaviour/shell.md#script-budget): typing a name and a password takes longer than loading a few KiB.

const INTENTS = ["focusin", "pointerdown", "keydown"] as const;

/**
 * Runs `then` once, at the player's first focus, tap or key inside `form`; at once when the form already has the focus
 * (autofocus, or a field the player is in as the page hydrates) or there is no form. Returns a function that cancels it.
 */
export function onFormIntent(form: HTMLFormElement | null | undefined, then: () => void): () => void {
  if (!form || form.contains(document.activeElement)) {
    then();
    return () => undefined;
  }
  const run = () => {
    stop();
    then();
  };
  const stop = () => {
    for (const type of INTENTS) form.removeEventListener(type, run);
  };
  for (const type of INTENTS) form.addEventListener(type, run);
  return stop;
}
