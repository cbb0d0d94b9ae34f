// What the cross-engine suite runs inside the page, the same source in WebKit and in Firefox (decision 0076): the
// uncaught-error collector and the locator that finds elements as a person does (role and name, label, text).
// Both are plain function sources: WebKitWebDriver runs them through "execute script", Firefox through puppeteer's
// evaluate, and the collector is also injected as the document's first script (support/collector-proxy.ts).

/** Where the collector keeps what it saw: the tab's sessionStorage, so errors of a page the test has left still count. */
export const ERRORS_KEY = "__engineErrors";
/** Set in the same storage once the collector has run in this tab for the origin: its absence fails the test. */
export const COLLECTOR_KEY = "__engineCollector";

/**
 * Records uncaught errors and unhandled promise rejections of the document it runs in. A document being left is
 * not judged: nothing after `pagehide`, and from `beforeunload` on no TypeError rejection, which is how both engines
 * reject a fetch or a lazy module import that the navigation cut off ("Load failed", "Importing a module script
 * failed." in WebKit, which cancels them as the navigation starts, while the page still runs; "error loading
 * dynamically imported module" in Firefox). Decision 0076.
 */
export const COLLECTOR = `(() => {
  if (window.__engineCollector) return;
  window.__engineCollector = true;
  try { sessionStorage.setItem(${JSON.stringify(COLLECTOR_KEY)}, "1"); } catch (e) {}
  let leaving = false;
  let unloading = false;
  const record = (line) => {
    if (leaving) return;
    try {
      const list = JSON.parse(sessionStorage.getItem(${JSON.stringify(ERRORS_KEY)}) || "[]");
      list.push(line + " (" + location.pathname + ")");
      sessionStorage.setItem(${JSON.stringify(ERRORS_KEY)}, JSON.stringify(list));
    } catch (e) {}
  };
  addEventListener("beforeunload", () => { unloading = true; });
  addEventListener("pagehide", () => { leaving = true; });
  addEventListener("pageshow", () => { leaving = false; unloading = false; });
  addEventListener("error", (event) => {
    if (!(event instanceof ErrorEvent)) return;
    record("error: " + event.message + " at " + event.filename + ":" + event.lineno);
  });
  addEventListener("unhandledrejection", (event) => {
    const reason = event.reason;
    if (unloading && reason instanceof TypeError) return;
    const stack = reason && reason.stack ? " | " + String(reason.stack).split("\\n").slice(0, 3).join(" < ") : "";
    record("unhandledrejection: " + (reason && reason.message ? reason.name + ": " + reason.message : String(reason)) + stack);
  });
})();`;

/** How a test names an element: by role and accessible name, by its label (form fields), or by the text it shows. */
export type Locator =
  | { role: string; name?: string; exact?: boolean; level?: number; within?: Locator }
  | { label: string; within?: Locator }
  | { text: string; within?: Locator };

/** A short description of a locator for failure messages. */
export function describeLocator(locator: Locator): string {
  const self =
    "role" in locator
      ? `${locator.role}${locator.name === undefined ? "" : ` "${locator.name}"`}`
      : "label" in locator
        ? `field labelled "${locator.label}"`
        : `text "${locator.text}"`;
  return locator.within ? `${self} in ${describeLocator(locator.within)}` : self;
}

/**
 * `(locator) => Element | null`: the first visible element the locator names. A simplified accessible-name
 * computation (aria-labelledby, aria-label, label elements, alt, content) and the implicit roles the product's pages
 * use; hidden elements (no box, visibility hidden, inside aria-hidden or inert) are never found.
 */
export const LOCATE = `(function locate(locator) {
  const norm = (s) => (s || "").replace(/\\s+/g, " ").trim();
  const visible = (el) => {
    if (el.closest("[aria-hidden=true], [inert]")) return false;
    if (!el.getClientRects().length) return false;
    const style = getComputedStyle(el);
    return style.visibility !== "hidden" && style.display !== "none";
  };
  const textOf = (el) => {
    if (el.nodeType === 3) return el.textContent;
    if (el.nodeType !== 1) return "";
    if (el.getAttribute("aria-hidden") === "true") return "";
    if (el.getAttribute("aria-label")) return " " + el.getAttribute("aria-label") + " ";
    if (el.tagName === "IMG") return el.getAttribute("alt") || "";
    if (el.tagName === "svg" || el.tagName === "STYLE" || el.tagName === "SCRIPT") return "";
    if (el.tagName === "INPUT" || el.tagName === "SELECT" || el.tagName === "TEXTAREA") return "";
    return Array.from(el.childNodes).map(textOf).join(" ");
  };
  const implicitRole = (el) => {
    const tag = el.tagName.toLowerCase();
    const type = (el.getAttribute("type") || "").toLowerCase();
    if (tag === "a") return el.hasAttribute("href") ? "link" : null;
    if (tag === "button") return "button";
    if (tag === "input") {
      if (["button", "submit", "reset", "image"].includes(type)) return "button";
      if (type === "checkbox") return "checkbox";
      if (type === "radio") return "radio";
      if (["", "text", "email", "tel", "url", "search"].includes(type)) return "textbox";
      return null;
    }
    if (tag === "textarea") return "textbox";
    if (tag === "select") return el.multiple || el.size > 1 ? "listbox" : "combobox";
    if (/^h[1-6]$/.test(tag)) return "heading";
    if (tag === "dialog") return "dialog";
    if (tag === "nav") return "navigation";
    if (tag === "main") return "main";
    if (tag === "header") return el.closest("article, aside, main, nav, section") ? null : "banner";
    if (tag === "section") return el.hasAttribute("aria-label") || el.hasAttribute("aria-labelledby") ? "region" : null;
    if (tag === "option") return "option";
    if (tag === "img") return "img";
    if (tag === "ul" || tag === "ol") return "list";
    if (tag === "li") return "listitem";
    return null;
  };
  const roleOf = (el) => (el.getAttribute("role") || "").split(" ")[0] || implicitRole(el);
  const nameOf = (el) => {
    const labelledBy = el.getAttribute("aria-labelledby");
    if (labelledBy) {
      return norm(labelledBy.split(" ").map((id) => { const t = document.getElementById(id); return t ? textOf(t) : ""; }).join(" "));
    }
    if (el.getAttribute("aria-label")) return norm(el.getAttribute("aria-label"));
    if (el.labels && el.labels.length) return norm(Array.from(el.labels).map(textOf).join(" "));
    if (el.tagName === "IMG") return norm(el.getAttribute("alt"));
    if (el.tagName === "INPUT" && ["submit", "button", "reset"].includes(el.type)) return norm(el.value);
    const role = roleOf(el);
    if (["dialog", "alertdialog", "region", "navigation", "main", "banner", "textbox", "combobox", "listbox", "list", "group", "tablist", "form"].includes(role || "")) {
      return norm(el.getAttribute("title"));
    }
    return norm(textOf(el)) || norm(el.getAttribute("title"));
  };
  const matches = (actual, wanted, exact) => wanted === undefined || (exact === false ? actual.includes(wanted) : actual === wanted);
  const scopeOf = (l) => (l.within ? locate(l.within) : document);
  const scope = scopeOf(locator);
  if (!scope) return null;
  const all = Array.from(scope.querySelectorAll("*")).filter(visible);
  if (locator.role) {
    return all.find((el) => roleOf(el) === locator.role && matches(nameOf(el), locator.name, locator.exact) &&
      (locator.level === undefined || el.tagName === "H" + locator.level || el.getAttribute("aria-level") === String(locator.level))) || null;
  }
  if (locator.label) {
    return all.find((el) => ["INPUT", "SELECT", "TEXTAREA"].includes(el.tagName) && nameOf(el) === locator.label) || null;
  }
  // Text: the innermost visible element whose own text contains it.
  const holders = all.filter((el) => norm(textOf(el)).includes(locator.text));
  return holders.find((el) => !holders.some((other) => other !== el && el.contains(other))) || null;
})`;
