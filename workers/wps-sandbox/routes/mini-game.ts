// The sandbox's mini-game (/wps/sandbox-pages/mini-game/minigame.js): a small dice toy standing in for a merchant's
// real mini-game, which a merchant's route config names (docs/behaviour/support.md#minigame-script). Served through the
// app's /wps proxy, so it is same-origin and the tests run offline. See docs/platform-contract.md, "Sandbox pages".
import { fail } from "../http";

export const MINI_GAME_PREFIX = "/wps/sandbox-pages/mini-game/";

// window.MiniGame.mount(container, texts) → unmount: the one call the box makes. No inline handlers or eval, so it
// runs under the page's CSP.
const DICE = `/* The sandbox's mini-game: a small dice game the floating box opens. */
(function () {
  "use strict";
  function mount(container, texts) {
    var t = texts || {};
    container.textContent = "";
    var face = document.createElement("p");
    face.className = "minigame-face";
    face.setAttribute("aria-live", "polite");
    face.textContent = "?";
    var spin = document.createElement("button");
    spin.type = "button";
    spin.className = "button button--primary";
    spin.textContent = t.spin || "Roll";
    spin.addEventListener("click", function () {
      var value = 1 + Math.floor(Math.random() * 6);
      face.textContent = (t.result || "{{value}}").replace("{{value}}", String(value));
      face.setAttribute("data-value", String(value));
    });
    container.appendChild(face);
    container.appendChild(spin);
    return function unmount() {
      container.textContent = "";
    };
  }
  window.MiniGame = { version: 1, mount: mount };
  document.dispatchEvent(new CustomEvent("minigame:ready"));
})();
`;

export function handleMiniGame(request: Request, url: URL): Response {
  if (request.method !== "GET" && request.method !== "HEAD") return fail("method.not.allowed", "GET only", 405);
  if (url.pathname !== `${MINI_GAME_PREFIX}minigame.js`) return fail("path.not.found", "No such mini-game file", 404);
  return new Response(request.method === "HEAD" ? null : DICE, {
    headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-store" },
  });
}
