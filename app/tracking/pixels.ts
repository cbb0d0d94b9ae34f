// The pixels in the browser (docs/behaviour/tracking.md#pixels): each vendor's documented queue stub, its script loaded
// with the page's CSP nonce, and the product's events under the vendor's event names, with the product's eventID so
// the ad platform deduplicates them against the server-to-server twin. Nothing here runs before the tracking layer,
// which loads once the page is idle, and only after consent where the merchant asks for it.
import type { EventValue } from "./events";
import { pixelScript, type PixelConfig } from "./pixel-kinds";
import type { PixelKind, TrackingEventName } from "../lib/tracking-names";

/** What a pixel gets of an event: money and content only, never who the member is. */
export type PixelEvent = {
  eventName: TrackingEventName;
  eventID: string;
  value: Pick<EventValue, "amount" | "revenue" | "currency" | "content_type" | "content_id">;
};

/** The vendors' standard event names; anything else goes as a custom event under the product's name. */
const STANDARD_NAMES: Record<PixelKind, Partial<Record<TrackingEventName, string>>> = {
  facebook: {
    register: "CompleteRegistration",
    viewContent: "ViewContent",
    depositSubmit: "InitiateCheckout",
    firstDeposit: "Purchase",
    deposit: "Purchase",
    redeposit: "Purchase",
  },
  tiktok: {
    register: "CompleteRegistration",
    viewContent: "ViewContent",
    downloadApp: "Download",
    depositSubmit: "InitiateCheckout",
    firstDeposit: "CompletePayment",
    deposit: "CompletePayment",
    redeposit: "CompletePayment",
  },
  gtag: {
    register: "sign_up",
    login: "login",
    viewContent: "page_view",
    depositSubmit: "begin_checkout",
    firstDeposit: "purchase",
    deposit: "purchase",
    redeposit: "purchase",
  },
  kwai: {
    register: "EVENT_COMPLETE_REGISTRATION",
    viewContent: "EVENT_CONTENT_VIEW",
    downloadApp: "EVENT_DOWNLOAD",
    firstDeposit: "EVENT_FIRST_DEPOSIT",
    deposit: "EVENT_PURCHASE",
    redeposit: "EVENT_PURCHASE",
  },
  // AppsFlyer's recommended event names (its PBA reports group them).
  appsflyer: {
    register: "af_complete_registration",
    login: "af_login",
    viewContent: "af_content_view",
    depositSubmit: "af_initiated_checkout",
    firstDeposit: "af_purchase",
    deposit: "af_purchase",
    redeposit: "af_purchase",
  },
  // Adjust takes the merchant's event tokens instead (PixelConfig.events).
  adjust: {},
};

export function vendorEventName(kind: PixelKind, eventName: TrackingEventName): { name: string; standard: boolean } {
  const standard = STANDARD_NAMES[kind][eventName];
  return standard ? { name: standard, standard: true } : { name: eventName, standard: false };
}

type Queue = unknown[] & Record<string, unknown>;
type Call = (...args: unknown[]) => void;
/** The globals the vendors' scripts read; typed loosely on purpose: they belong to the vendors. */
export type PixelWindow = {
  fbq?: Call & { queue?: unknown[]; callMethod?: Call; push?: Call; loaded?: boolean; version?: string };
  _fbq?: unknown;
  ttq?: Queue;
  dataLayer?: unknown[];
  gtag?: Call;
  kwaiq?: Queue;
  /** AppsFlyer's web SDK: AF(plugin, method, payload), queued in AF.q until its script arrives. */
  AF?: Call & { q?: unknown[]; id?: unknown; plugins?: object };
  AppsFlyerSdkObject?: string;
  /** Adjust's web SDK: methods queued in Adjust_q, replayed when its script has loaded (its snippet's onload). */
  Adjust?: Record<string, Call>;
  Adjust_q?: [string, ArrayLike<unknown>][];
};

/** The Adjust web SDK methods its snippet queues. */
const ADJUST_METHODS = ["initSdk", "trackEvent", "addGlobalCallbackParameters", "addGlobalPartnerParameters", "stop", "restart"] as const;

/** What Adjust's snippet does once the SDK's script has loaded: the queued calls go to the real methods. */
export function replayAdjustQueue(win: PixelWindow): void {
  const queued = (win.Adjust_q ?? []).splice(0);
  for (const [method, args] of queued) {
    const call = win.Adjust?.[method];
    // With the SDK object as `this`, as the snippet's apply does.
    if (call) Reflect.apply(call, win.Adjust, Array.from(args));
  }
}

/** A queue object with deferred methods, the way TikTok's and Kwai's snippets build theirs. */
function deferredQueue(methods: readonly string[]): Queue {
  const queue = [] as unknown as Queue;
  for (const method of methods) queue[method] = (...args: unknown[]) => void queue.push([method, ...args]);
  return queue;
}

/** Installs the vendor's stub (calls queue until its script arrives) and initialises the pixel. */
export function installStub(win: PixelWindow, pixel: PixelConfig): void {
  switch (pixel.kind) {
    case "facebook": {
      if (!win.fbq) {
        const fbq = ((...args: unknown[]) => (fbq.callMethod ? fbq.callMethod(...args) : fbq.queue!.push(args))) as NonNullable<
          PixelWindow["fbq"]
        >;
        fbq.queue = [];
        fbq.push = fbq;
        fbq.loaded = true;
        fbq.version = "2.0";
        win.fbq = fbq;
        win._fbq = fbq;
      }
      win.fbq("init", pixel.id);
      return;
    }
    case "tiktok": {
      win.ttq ??= deferredQueue([
        "page",
        "track",
        "identify",
        "instances",
        "debug",
        "on",
        "off",
        "once",
        "ready",
        "alias",
        "group",
        "enableCookie",
        "disableCookie",
      ]);
      win.ttq["_i"] = { ...(win.ttq["_i"] as object | undefined), [pixel.id]: [] };
      return;
    }
    case "gtag": {
      win.dataLayer ??= [];
      const dataLayer = win.dataLayer;
      // gtag.js reads the arguments object itself, as its snippet pushes it.
      win.gtag ??= function gtag() {
        // eslint-disable-next-line prefer-rest-params -- the vendor's documented snippet pushes `arguments`
        dataLayer.push(arguments);
      };
      win.gtag("js", new Date());
      // Page views are sent as the product's viewContent, with its event id.
      win.gtag("config", pixel.id, { send_page_view: false });
      return;
    }
    case "kwai": {
      win.kwaiq ??= deferredQueue(["page", "track", "instance", "ready"]);
      win.kwaiq["_i"] = { ...(win.kwaiq["_i"] as object | undefined), [pixel.id]: [] };
      return;
    }
    case "appsflyer": {
      // AppsFlyer's snippet: AF queues [time, ...arguments]; AF.id names the pba plugin's Web Dev Key.
      win.AppsFlyerSdkObject = "AF";
      if (!win.AF) {
        const af = ((...args: unknown[]) => void (af.q ??= []).push([Date.now(), ...args])) as NonNullable<PixelWindow["AF"]>;
        win.AF = af;
      }
      win.AF.id ??= { pba: { webAppId: pixel.id } };
      win.AF.plugins ??= {};
      return;
    }
    case "adjust": {
      const queue = (win.Adjust_q ??= []);
      const adjust = (win.Adjust ??= {});
      for (const method of ADJUST_METHODS) {
        adjust[method] ??= function queued() {
          // The snippet queues the arguments object as it is.
          // eslint-disable-next-line prefer-rest-params -- Adjust's documented snippet pushes `arguments`
          queue.push([method, arguments]);
        };
      }
      adjust["initSdk"]!({ appToken: pixel.id, environment: "production" });
      return;
    }
  }
}

/** Sends one event to one pixel (its stub queues it when the script is not there yet). */
export function firePixel(win: PixelWindow, pixel: PixelConfig, event: PixelEvent): void {
  const { name, standard } = vendorEventName(pixel.kind, event.eventName);
  const { amount, revenue, currency, content_type, content_id } = event.value;
  const value = revenue ?? amount;
  const params: Record<string, unknown> = {};
  if (value !== undefined) params["value"] = value;
  if (currency) params["currency"] = currency;
  if (content_type) params["content_type"] = content_type;
  if (content_id) params["content_id"] = content_id;
  switch (pixel.kind) {
    case "facebook":
      win.fbq?.(standard ? "trackSingle" : "trackSingleCustom", pixel.id, name, params, { eventID: event.eventID });
      return;
    case "tiktok":
      (win.ttq?.["track"] as Call | undefined)?.(name, params, { event_id: event.eventID, pixel_code: pixel.id });
      return;
    case "gtag":
      win.gtag?.("event", name, { ...params, send_to: pixel.id, event_id: event.eventID });
      return;
    case "kwai":
      (win.kwaiq?.["track"] as Call | undefined)?.(name, { ...params, event_id: event.eventID, pixel_id: pixel.id });
      return;
    case "appsflyer": {
      // PBA has no dedupe field of its own: the id travels in the event's values, as for the other pixels.
      const payload: Record<string, unknown> = { eventType: "EVENT", eventName: name, eventValue: { ...params, event_id: event.eventID } };
      if (value !== undefined) payload["eventRevenue"] = value;
      win.AF?.("pba", "event", payload);
      return;
    }
    case "adjust": {
      const eventToken = pixel.events?.[event.eventName];
      if (!eventToken) return;
      const payload: Record<string, unknown> = { eventToken, deduplicationId: event.eventID };
      // Adjust takes revenue only with its currency.
      if (value !== undefined && currency) Object.assign(payload, { revenue: value, currency });
      const callbackParams = Object.entries({ content_type, content_id })
        .filter((entry): entry is [string, string] => !!entry[1])
        .map(([key, v]) => ({ key, value: v }));
      if (callbackParams.length) payload["callbackParams"] = callbackParams;
      win.Adjust?.["trackEvent"]?.(payload);
      return;
    }
  }
}

/** The part of the document the pixels use (a stand-in in unit tests). */
export type ScriptDocument = {
  createElement: (tag: "script") => HTMLScriptElement;
  head: { appendChild: (node: HTMLScriptElement) => unknown };
};

/** Adds the vendor's script with the page's nonce (the CSP allows this merchant's pixel hosts and the nonce). */
export function loadScript(doc: ScriptDocument, pixel: PixelConfig, nonce: string | undefined): HTMLScriptElement {
  const script = doc.createElement("script");
  script.async = true;
  script.src = pixelScript(pixel);
  if (nonce) script.nonce = nonce;
  script.dataset["pixel"] = pixel.kind;
  doc.head.appendChild(script);
  return script;
}

export type PixelHub = {
  /** Loads the pixels (once) and sends what waited. */
  enable: () => void;
  /** Drops what waited; nothing is loaded. */
  disable: () => void;
  /** Sends an event to every pixel, once per eventID; waits while the pixels are not enabled. */
  fire: (event: PixelEvent) => void;
};

export function createPixelHub(deps: {
  pixels: readonly PixelConfig[];
  win: PixelWindow;
  doc: ScriptDocument;
  nonce: string | undefined;
  /** Whether an event id was already sent to the pixels (a back navigation re-renders the same pending events). */
  seen: (eventID: string) => boolean;
  markSeen: (eventID: string) => void;
  /** Also given each event, under the same rules (the native app's bridges). */
  alsoTo?: (event: PixelEvent) => void;
}): PixelHub {
  let state: "waiting" | "enabled" | "disabled" = "waiting";
  const waiting: PixelEvent[] = [];
  const send = (event: PixelEvent) => {
    if (deps.seen(event.eventID)) return;
    deps.markSeen(event.eventID);
    for (const pixel of deps.pixels) {
      try {
        firePixel(deps.win, pixel, event);
      } catch {
        // A vendor script that throws never breaks the page or the other pixels.
      }
    }
    deps.alsoTo?.(event);
  };
  return {
    enable() {
      if (state === "enabled" || deps.pixels.length === 0) {
        state = "enabled";
        return;
      }
      state = "enabled";
      for (const pixel of deps.pixels) {
        installStub(deps.win, pixel);
        const script = loadScript(deps.doc, pixel, deps.nonce);
        if (pixel.kind === "adjust") script.onload = () => replayAdjustQueue(deps.win);
      }
      if (deps.pixels.some((p) => p.kind === "tiktok")) (deps.win.ttq?.["page"] as Call | undefined)?.();
      waiting.splice(0).forEach(send);
    },
    disable() {
      state = "disabled";
      waiting.length = 0;
    },
    fire(event) {
      if (state === "enabled") send(event);
      else if (state === "waiting") waiting.push(event);
    },
  };
}
