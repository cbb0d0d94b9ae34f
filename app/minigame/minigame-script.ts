// Where the mini-game's script comes from (docs/behaviour/support.md#minigame-script): the merchant's route config names
// it (`miniGame.scriptUrl`), an https URL or a same-origin path. Pure: the root loader and the page's CSP use it.

/** The script address the box loads, or null when the merchant names none (then there is no box, MINIGAME3 or not). */
export function miniGameScript(config: { scriptUrl: string } | undefined): string | null {
  const url = config?.scriptUrl ?? "";
  return url.startsWith("https://") || (url.startsWith("/") && !url.startsWith("//")) ? url : null;
}

/** The origin the page's CSP script-src must add for it: an https script's origin; nothing for a same-origin path. */
export function miniGameScriptOrigins(config: { scriptUrl: string } | undefined): string[] {
  const url = miniGameScript(config);
  if (url === null || !url.startsWith("https://")) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}
