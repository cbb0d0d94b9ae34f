// /wps/sandbox-pages/geetest/gt.js and gt4.js: stand-ins for Geetest's browser scripts, with the public
// v3 (`initGeetest`) and v4 (`initGeetest4`) interfaces of Geetest's documentation, so the product's loader cannot tell
// the difference. "Solving" asks the sandbox's own solve endpoints instead of Geetest's servers:
//   v3: POST /wps/captcha/geetest/solve  {challenge} → {geetest_challenge, geetest_validate, geetest_seccode}
//   v4: POST /wps/captcha/geetest4/solve {captchaId} → {lot_number, captcha_output, pass_token, gen_time}
// Both go to the origin the script was loaded from (document.currentScript.src), with the header
// `Merchant` taken from the config field `merchant` (a sandbox addition: the app's /wps proxy sets it too).
//
// The popup is a native <dialog> opened with showModal() (top layer, page inert, Escape closes → onClose),
// labelled "Security check", with the buttons "I am human" and "Close": the plain check (product "bind", opened by
// verify()/showCaptcha()). The slider is Geetest's other presentation (product "float" or "custom", put in the page
// by appendTo(el)): a track with a handle, role slider, labelled "Slide to verify", dragged with a pointer or moved with
// the arrow keys, Page Up/Down, Home and End; let go at the end, it solves. Texts are English only: the real
// widget is Geetest's, translated by Geetest. Styles come from an injected <style>; no eval, no inline script.
//
// /wps/sandbox-pages/geetest-dead/gt.js|gt4.js is a dead script server for tests: it answers 503 after 25 s.

export const CAPTCHA_WIDGET_PREFIX = "/wps/sandbox-pages/geetest";

const LIVE = `${CAPTCHA_WIDGET_PREFIX}/`;
const DEAD = `${CAPTCHA_WIDGET_PREFIX}-dead/`;
const DEAD_SERVER_DELAY_MS = 25_000;

/** Shared by both scripts: styles, the popup and the solve call. ES5 apart from fetch and Promise. */
const COMMON = String.raw`
  var script = document.currentScript;
  var ORIGIN = script && script.src ? new URL(script.src, location.href).origin : location.origin;
  var STYLE_ID = "sbx-geetest-style";
  var CSS = [
    ".sbx-gt{border:none;border-radius:12px;padding:0;inline-size:min(20rem,calc(100vw - 2rem));",
    "font:16px/1.4 system-ui,sans-serif;color:#1f2328;background:#fff;box-shadow:0 10px 40px rgba(0,0,0,.3)}",
    ".sbx-gt::backdrop{background:rgba(0,0,0,.5)}",
    ".sbx-gt__box{padding:1.25rem;display:flex;flex-direction:column;gap:.75rem}",
    ".sbx-gt__title{margin:0;font-size:1.125rem}",
    ".sbx-gt__text{margin:0;color:#57606a;font-size:.9375rem}",
    ".sbx-gt__status{margin:0;min-block-size:1.4em;font-size:.875rem;color:#57606a}",
    ".sbx-gt__status--error{color:#b42318}",
    ".sbx-gt__actions{display:flex;gap:.5rem;flex-wrap:wrap}",
    ".sbx-gt__button{flex:1 1 auto;min-block-size:44px;padding:.5rem 1rem;border-radius:8px;font:inherit;cursor:pointer;",
    "border:1px solid #0969da;background:#fff;color:#0969da}",
    ".sbx-gt__button--primary{background:#0969da;color:#fff}",
    ".sbx-gt__button:disabled{opacity:.6;cursor:progress}",
    ".sbx-gt__button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}",
    ".sbx-gt-inline{min-block-size:44px;padding:.5rem 1rem;border-radius:8px;border:1px solid #0969da;background:#fff;",
    "color:#0969da;font:inherit;cursor:pointer}",
    ".sbx-gt-slide{display:flex;flex-direction:column;gap:.25rem;font:15px/1.4 system-ui,sans-serif;color:#1f2328;",
    "user-select:none;-webkit-user-select:none}",
    ".sbx-gt-slide__label{margin:0}",
    ".sbx-gt-slide__track{position:relative;block-size:44px;border-radius:22px;background:#eef2f6;border:1px solid #8c959f;",
    "overflow:hidden;touch-action:none}",
    ".sbx-gt-slide__fill{position:absolute;inset-block:0;inset-inline-start:0;inline-size:0;background:#b6e3c6}",
    ".sbx-gt-slide__hint{position:absolute;inset:0;display:flex;align-items:center;justify-content:center;color:#57606a;",
    "pointer-events:none;font-size:.875rem}",
    ".sbx-gt-slide__handle{position:absolute;inset-block-start:0;inset-inline-start:0;inline-size:44px;block-size:42px;",
    "border-radius:21px;background:#0969da;cursor:grab;display:flex;align-items:center;justify-content:center;touch-action:none}",
    ".sbx-gt-slide__handle svg{inline-size:20px;block-size:20px;fill:none;stroke:#fff;stroke-width:2.5}",
    ".sbx-gt-slide__handle:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}",
    ".sbx-gt-slide__handle[aria-disabled=true]{cursor:default;background:#1a7f37}",
    ".sbx-gt-slide__status{margin:0;min-block-size:1.4em;font-size:.875rem;color:#57606a}",
    ".sbx-gt-slide__status--error{color:#b42318}"
  ].join("");
  var popupCount = 0;

  function injectStyle() {
    if (document.getElementById(STYLE_ID)) return;
    var style = document.createElement("style");
    style.id = STYLE_ID;
    style.textContent = CSS;
    (document.head || document.documentElement).appendChild(style);
  }

  function later(fn) { setTimeout(fn, 0); }

  function emit(list, arg) {
    for (var i = 0; i < list.length; i++) {
      try { list[i](arg); } catch (e) { if (window.console) console.error(e); }
    }
  }

  function element(tag, className, text) {
    var el = document.createElement(tag);
    if (className) el.className = className;
    if (text) el.textContent = text;
    return el;
  }

  function resolveElement(target) {
    if (typeof target === "string") return document.querySelector(target);
    return target && target.nodeType === 1 ? target : null;
  }

  // The popup: onHuman(failed, solved, isClosed) runs the solve; finish(reason) closes it (onClosed only for the person closing it).
  function openPopup(onHuman, onClosed) {
    injectStyle();
    popupCount += 1;
    var titleId = "sbx-gt-title-" + popupCount;
    var dialog = element("dialog", "sbx-gt");
    dialog.setAttribute("aria-labelledby", titleId);
    dialog.setAttribute("lang", "en");
    var box = element("div", "sbx-gt__box");
    var title = element("h2", "sbx-gt__title", "Security check");
    title.id = titleId;
    var text = element("p", "sbx-gt__text", "Sandbox stand-in for the captcha: confirm that you are a person.");
    var status = element("p", "sbx-gt__status");
    status.setAttribute("role", "status");
    status.setAttribute("aria-live", "polite");
    var actions = element("div", "sbx-gt__actions");
    var human = element("button", "sbx-gt__button sbx-gt__button--primary", "I am human");
    human.type = "button";
    var close = element("button", "sbx-gt__button", "Close");
    close.type = "button";
    actions.appendChild(human);
    actions.appendChild(close);
    box.appendChild(title);
    box.appendChild(text);
    box.appendChild(status);
    box.appendChild(actions);
    dialog.appendChild(box);

    var done = false;
    var previous = document.activeElement;
    function finish(reason) {
      if (done) return;
      done = true;
      document.removeEventListener("keydown", onKey, true);
      if (typeof dialog.close === "function" && dialog.open) dialog.close();
      if (dialog.parentNode) dialog.parentNode.removeChild(dialog);
      if (previous && typeof previous.focus === "function" && document.contains(previous)) previous.focus();
      if (reason === "close") onClosed();
    }
    function onKey(event) {
      if (event.key === "Escape" || event.key === "Esc") { event.preventDefault(); finish("close"); }
    }
    function setStatus(message, isError) {
      status.textContent = message || "";
      status.className = "sbx-gt__status" + (isError ? " sbx-gt__status--error" : "");
    }
    dialog.addEventListener("cancel", function (event) { event.preventDefault(); finish("close"); });
    close.addEventListener("click", function () { finish("close"); });
    human.addEventListener("click", function () {
      if (done || human.disabled) return;
      human.disabled = true;
      setStatus("Checking…", false);
      onHuman(function () { finish("failed"); }, function () { finish("solved"); }, function () { return done; });
    });

    document.body.appendChild(dialog);
    if (typeof dialog.showModal === "function") {
      dialog.showModal();
    } else {
      // Old browsers: an open, fixed dialog and our own Escape handling.
      dialog.setAttribute("open", "");
      dialog.setAttribute("role", "dialog");
      dialog.setAttribute("aria-modal", "true");
      dialog.style.position = "fixed";
      dialog.style.insetBlockStart = "20vh";
      dialog.style.zIndex = "2147483647";
      document.addEventListener("keydown", onKey, true);
    }
    human.focus();
    return { close: function () { finish("destroyed"); }, isOpen: function () { return !done; } };
  }

  // POST to the sandbox's solve endpoint; resolves with the reply's value, rejects with {code, message}.
  function solve(path, body, merchant, timeoutMs) {
    var headers = { "Content-Type": "application/json", Accept: "application/json" };
    if (merchant) headers.Merchant = String(merchant);
    var controller = typeof AbortController === "function" ? new AbortController() : null;
    var timer = setTimeout(function () { if (controller) controller.abort(); }, timeoutMs > 0 ? timeoutMs : 10000);
    return fetch(ORIGIN + path, {
      method: "POST",
      headers: headers,
      body: JSON.stringify(body),
      credentials: "same-origin",
      signal: controller ? controller.signal : undefined
    }).then(function (response) {
      return response.json().then(function (reply) {
        if (reply && reply.success === false) {
          throw { code: 60500, message: reply.message || "The check was refused" };
        }
        var value = reply && typeof reply === "object" && "value" in reply ? reply.value : reply;
        if (!value || typeof value !== "object") throw { code: 60500, message: "Unexpected answer" };
        return value;
      }, function () { throw { code: 60500, message: "Unexpected answer (HTTP " + response.status + ")" }; });
    }, function () {
      throw { code: 60205, message: "Network failure" };
    }).then(function (value) { clearTimeout(timer); return value; }, function (error) { clearTimeout(timer); throw error; });
  }

  var sliderCount = 0;

  // The slider (float product): onEnd(failed, solved) runs the solve once the handle reaches the end.
  function buildSlider(el, onEnd) {
    injectStyle();
    sliderCount += 1;
    var labelId = "sbx-gt-slide-label-" + sliderCount;
    var root = element("div", "sbx-gt-slide");
    root.setAttribute("lang", "en");
    var label = element("p", "sbx-gt-slide__label", "Slide to verify");
    label.id = labelId;
    var track = element("div", "sbx-gt-slide__track");
    var fill = element("div", "sbx-gt-slide__fill");
    var hint = element("span", "sbx-gt-slide__hint", "Drag the handle to the end");
    hint.setAttribute("aria-hidden", "true");
    var handle = element("div", "sbx-gt-slide__handle");
    handle.setAttribute("role", "slider");
    handle.setAttribute("tabindex", "0");
    handle.setAttribute("aria-labelledby", labelId);
    handle.setAttribute("aria-valuemin", "0");
    handle.setAttribute("aria-valuemax", "100");
    handle.innerHTML = '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M5 12h13M13 6l6 6-6 6"/></svg>';
    var status = element("p", "sbx-gt-slide__status");
    status.setAttribute("role", "status");
    status.setAttribute("aria-live", "polite");
    track.appendChild(fill);
    track.appendChild(hint);
    track.appendChild(handle);
    root.appendChild(label);
    root.appendChild(track);
    root.appendChild(status);
    el.appendChild(root);

    var value = 0;
    var busy = false;
    var done = false;
    var drag = null;

    function room() { return Math.max(1, track.clientWidth - handle.offsetWidth); }
    function show(next) {
      value = Math.max(0, Math.min(100, Math.round(next)));
      var px = (value / 100) * room();
      handle.style.transform = "translateX(" + px + "px)";
      fill.style.inlineSize = (px + handle.offsetWidth / 2) + "px";
      handle.setAttribute("aria-valuenow", String(value));
      handle.setAttribute("aria-valuetext", value + "%");
    }
    function setStatus(text, isError) {
      status.textContent = text || "";
      status.className = "sbx-gt-slide__status" + (isError ? " sbx-gt-slide__status--error" : "");
    }
    function finish() {
      if (busy || done) return;
      busy = true;
      handle.setAttribute("aria-disabled", "true");
      setStatus("Checking…", false);
      onEnd(function (message) {
        busy = false;
        handle.removeAttribute("aria-disabled");
        setStatus(message || "Try again", true);
        show(0);
      }, function () {
        busy = false;
        done = true;
        setStatus("Verified", false);
        handle.setAttribute("aria-valuetext", "Verified");
      });
    }
    function release() {
      if (value >= 100) finish();
      else show(0);
    }
    handle.addEventListener("pointerdown", function (event) {
      if (busy || done) return;
      event.preventDefault();
      drag = { x: event.clientX, from: (value / 100) * room() };
      if (handle.setPointerCapture) handle.setPointerCapture(event.pointerId);
      handle.focus();
    });
    handle.addEventListener("pointermove", function (event) {
      if (!drag) return;
      show(((drag.from + event.clientX - drag.x) / room()) * 100);
    });
    function endDrag() { if (!drag) return; drag = null; release(); }
    handle.addEventListener("pointerup", endDrag);
    handle.addEventListener("pointercancel", function () { drag = null; show(0); });
    handle.addEventListener("keydown", function (event) {
      if (busy || done) return;
      var steps = { ArrowRight: 10, ArrowUp: 10, ArrowLeft: -10, ArrowDown: -10, PageUp: 25, PageDown: -25 };
      var next = null;
      if (event.key in steps) next = value + steps[event.key];
      else if (event.key === "Home") next = 0;
      else if (event.key === "End") next = 100;
      if (next === null) return;
      event.preventDefault();
      show(next);
      if (value >= 100) finish();
    });
    show(0);
    return {
      reset: function () { done = false; busy = false; handle.removeAttribute("aria-disabled"); setStatus("", false); show(0); },
      remove: function () { if (root.parentNode) root.parentNode.removeChild(root); }
    };
  }

  // Handlers: onReady registered after the widget is ready still runs (asynchronously).
  function makeEvents() {
    var lists = { ready: [], success: [], error: [], close: [] };
    var readyFired = false;
    return {
      on: function (name, fn) {
        if (typeof fn !== "function") return;
        lists[name].push(fn);
        if (name === "ready" && readyFired) later(function () { fn(); });
      },
      fire: function (name, arg) {
        if (name === "ready") { if (readyFired) return; readyFired = true; }
        emit(lists[name].slice(), arg);
      },
      clear: function () { lists = { ready: [], success: [], error: [], close: [] }; }
    };
  }
`;

const V3_SCRIPT = String.raw`/* Sandbox Geetest v3 stand-in: window.initGeetest(config, callback). */
(function () {
  "use strict";
${COMMON}
  function initGeetest(config, callback) {
    config = config || {};
    var events = makeEvents();
    var validate = null;
    var popup = null;
    var destroyed = false;
    var inline = null;
    var slider = null;
    var attempt = 0;
    var configError = !config.gt || (!config.challenge && !config.offline);

    function setInline(text) { if (inline) inline.textContent = text; }

    var captcha = {
      appendTo: function (target) {
        var el = resolveElement(target);
        if (!el || config.product === "bind") return captcha;
        if (config.product !== "popup") {
          if (slider) slider.remove();
          slider = buildSlider(el, function (failed, solved) {
            var mine = ++attempt;
            solve("/wps/captcha/geetest/solve", { challenge: config.challenge }, config.merchant, config.timeout).then(
              function (value) {
                if (destroyed || mine !== attempt) return;
                validate = {
                  geetest_challenge: String(value.geetest_challenge),
                  geetest_validate: String(value.geetest_validate),
                  geetest_seccode: String(value.geetest_seccode)
                };
                solved();
                events.fire("success");
              },
              function (error) {
                if (destroyed || mine !== attempt) return;
                failed(error.message);
                events.fire("error", { msg: error.message, error_code: String(error.code), user_error: error.message });
              }
            );
          });
          return captcha;
        }
        injectStyle();
        inline = element("button", "sbx-gt-inline", validate ? "Verified" : "Click to verify");
        inline.type = "button";
        inline.addEventListener("click", function () { if (!validate) captcha.verify(); });
        el.appendChild(inline);
        return captcha;
      },
      onReady: function (fn) { events.on("ready", fn); return captcha; },
      onSuccess: function (fn) { events.on("success", fn); return captcha; },
      onError: function (fn) { events.on("error", fn); return captcha; },
      onClose: function (fn) { events.on("close", fn); return captcha; },
      verify: function () {
        if (destroyed || configError || (popup && popup.isOpen())) return captcha;
        var mine = ++attempt;
        popup = openPopup(function (failed, solved, isClosed) {
          solve("/wps/captcha/geetest/solve", { challenge: config.challenge }, config.merchant, config.timeout).then(
            function (value) {
              if (destroyed || mine !== attempt || isClosed()) return;
              validate = {
                geetest_challenge: String(value.geetest_challenge),
                geetest_validate: String(value.geetest_validate),
                geetest_seccode: String(value.geetest_seccode)
              };
              solved();
              setInline("Verified");
              events.fire("success");
            },
            function (error) {
              if (destroyed || mine !== attempt || isClosed()) return;
              failed();
              events.fire("error", { msg: error.message, error_code: String(error.code), user_error: error.message });
            }
          );
        }, function () {
          if (!destroyed && mine === attempt) events.fire("close");
        });
        return captcha;
      },
      reset: function () {
        attempt += 1;
        validate = null;
        if (popup) popup.close();
        if (slider) slider.reset();
        setInline("Click to verify");
        return captcha;
      },
      getValidate: function () { return validate ? { geetest_challenge: validate.geetest_challenge, geetest_validate: validate.geetest_validate, geetest_seccode: validate.geetest_seccode } : false; },
      destroy: function () {
        destroyed = true;
        if (popup) popup.close();
        if (inline && inline.parentNode) inline.parentNode.removeChild(inline);
        if (slider) slider.remove();
        events.clear();
      }
    };

    later(function () {
      if (typeof callback === "function") callback(captcha);
      later(function () {
        if (destroyed) return;
        if (configError) events.fire("error", { msg: "Config error: gt and challenge are required", error_code: "60001", user_error: "Config error" });
        else events.fire("ready");
      });
    });
    return captcha;
  }
  window.initGeetest = initGeetest;
})();
`;

const V4_SCRIPT = String.raw`/* Sandbox Geetest v4 stand-in: window.initGeetest4(config, callback). */
(function () {
  "use strict";
${COMMON}
  function initGeetest4(config, callback) {
    config = config || {};
    var events = makeEvents();
    var validate = null;
    var popup = null;
    var slider = null;
    var destroyed = false;
    var attempt = 0;
    var configError = !config.captchaId;

    var captcha = {
      appendTo: function (target) {
        var el = resolveElement(target);
        if (!el || configError || config.product === "bind" || config.product === "popup") return captcha;
        if (slider) slider.remove();
        slider = buildSlider(el, function (failed, solved) {
          var mine = ++attempt;
          solve("/wps/captcha/geetest4/solve", { captchaId: config.captchaId }, config.merchant, config.timeout).then(
            function (value) {
              if (destroyed || mine !== attempt) return;
              validate = {
                lot_number: String(value.lot_number),
                captcha_output: String(value.captcha_output),
                pass_token: String(value.pass_token),
                gen_time: String(value.gen_time)
              };
              solved();
              events.fire("success");
            },
            function (error) {
              if (destroyed || mine !== attempt) return;
              failed(error.message);
              events.fire("error", { code: String(error.code), msg: error.message, desc: { detail: error.message } });
            }
          );
        });
        return captcha;
      },
      showCaptcha: function () {
        if (destroyed || configError || (popup && popup.isOpen())) return captcha;
        var mine = ++attempt;
        popup = openPopup(function (failed, solved, isClosed) {
          solve("/wps/captcha/geetest4/solve", { captchaId: config.captchaId }, config.merchant, config.timeout).then(
            function (value) {
              if (destroyed || mine !== attempt || isClosed()) return;
              validate = {
                lot_number: String(value.lot_number),
                captcha_output: String(value.captcha_output),
                pass_token: String(value.pass_token),
                gen_time: String(value.gen_time)
              };
              solved();
              events.fire("success");
            },
            function (error) {
              if (destroyed || mine !== attempt || isClosed()) return;
              failed();
              events.fire("error", { code: String(error.code), msg: error.message, desc: { detail: error.message } });
            }
          );
        }, function () {
          if (!destroyed && mine === attempt) events.fire("close");
        });
        return captcha;
      },
      onReady: function (fn) { events.on("ready", fn); return captcha; },
      onSuccess: function (fn) { events.on("success", fn); return captcha; },
      onError: function (fn) { events.on("error", fn); return captcha; },
      onClose: function (fn) { events.on("close", fn); return captcha; },
      reset: function () {
        attempt += 1;
        validate = null;
        if (popup) popup.close();
        if (slider) slider.reset();
        return captcha;
      },
      destroy: function () {
        destroyed = true;
        if (popup) popup.close();
        if (slider) slider.remove();
        events.clear();
      },
      getValidate: function () { return validate ? { lot_number: validate.lot_number, captcha_output: validate.captcha_output, pass_token: validate.pass_token, gen_time: validate.gen_time } : false; }
    };

    later(function () {
      if (typeof callback === "function") callback(captcha);
      later(function () {
        if (destroyed) return;
        if (configError) events.fire("error", { code: "60001", msg: "Config error: captchaId is required", desc: { detail: "captchaId is required" } });
        else events.fire("ready");
      });
    });
    return captcha;
  }
  window.initGeetest4 = initGeetest4;
})();
`;

const SCRIPTS: Record<string, string> = { "gt.js": V3_SCRIPT, "gt4.js": V4_SCRIPT };

function javascript(body: string, method: string): Response {
  return new Response(method === "HEAD" ? null : body, {
    headers: { "content-type": "application/javascript; charset=utf-8", "cache-control": "no-cache" },
  });
}

function plain(message: string, status: number): Response {
  return new Response(message, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
}

/** The widget scripts (404 for any other file under the prefix). */
export async function handleCaptchaWidget(request: Request, url: URL): Promise<Response> {
  const path = url.pathname;
  const live = path.startsWith(LIVE);
  const dead = path.startsWith(DEAD);
  const file = live ? path.slice(LIVE.length) : dead ? path.slice(DEAD.length) : "";
  const body = SCRIPTS[file];
  if (body === undefined) return plain("No such sandbox captcha script", 404);
  if (request.method !== "GET" && request.method !== "HEAD") return plain("Method not allowed", 405);
  if (dead) {
    await new Promise((resolve) => setTimeout(resolve, DEAD_SERVER_DELAY_MS));
    return plain("Dead captcha script server (sandbox)", 503);
  }
  return javascript(body, request.method);
}
