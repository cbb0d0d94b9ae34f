/* global window, document, CustomEvent */
// The sandbox's mini-game: a small dice game the floating box opens (docs/behaviour/support.md#minigame-box).
// Loaded by the box only when it is shown; no inline handlers or eval, so it runs under the page's CSP.
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
