import type { MerchantRouteInput } from "./merchant-config";

// The embedded demo, used when the MERCHANT_ROUTES KV namespace has no route for a host.
// All three point at the sandbox platform's service binding, which exists only in development.
export const DEFAULT_MERCHANT_ROUTES: MerchantRouteInput[] = [
  {
    hosts: ["demo.localhost", "localhost", "127.0.0.1"],
    merchantCode: "demo",
    platform: { service: "WPS_SANDBOX" },
    // The sandbox serves stand-ins for Geetest's widget scripts (a real merchant names https://static.geetest.com).
    captchaScriptServers: ["/wps/sandbox-pages/geetest"],
    defaultLanguage: "EN",
    brand: {
      name: "Demo Play",
      shortName: "Demo Play",
      themeColor: "#1f6feb",
      backgroundColor: "#0b1a33",
      icons: [],
    },
    storageCompat: true,
    // Two stand-in pixels the sandbox serves and records (a real merchant names its ids and the vendors' scripts).
    tracking: {
      pixels: [
        { kind: "facebook", id: "100200300400", script: "/wps/sandbox-pages/pixels/facebook.js" },
        { kind: "tiktok", id: "CDEMO0TIKTOK", script: "/wps/sandbox-pages/pixels/tiktok.js" },
      ],
    },
    // The sandbox's dice toy stands in for a merchant's mini-game (a real merchant names its game's https address).
    miniGame: { scriptUrl: "/wps/sandbox-pages/mini-game/minigame.js" },
  },
  {
    hosts: ["vn.localhost"],
    merchantCode: "vn88",
    platform: { service: "WPS_SANDBOX" },
    // The sandbox serves stand-ins for Geetest's widget scripts (a real merchant names https://static.geetest.com).
    captchaScriptServers: ["/wps/sandbox-pages/geetest"],
    defaultLanguage: "VI",
    brand: {
      name: "VN88 Xổ Số",
      shortName: "VN88",
      themeColor: "#c62828",
      backgroundColor: "#fff8e1",
      icons: [],
    },
  },
  {
    hosts: ["br.localhost"],
    merchantCode: "br777",
    platform: { service: "WPS_SANDBOX" },
    // The sandbox serves stand-ins for Geetest's widget scripts (a real merchant names https://static.geetest.com).
    captchaScriptServers: ["/wps/sandbox-pages/geetest"],
    defaultLanguage: "PT-BR",
    brand: {
      name: "BR777 Sorte",
      shortName: "BR777",
      themeColor: "#00875a",
      backgroundColor: "#fffbea",
      icons: [],
    },
    // A merchant whose players accept the pixels first (the consent banner), with three stand-ins: a pixel and the
    // AppsFlyer and Adjust web SDKs (Adjust gets the events it has a token for).
    tracking: {
      pixels: [
        { kind: "facebook", id: "700800900100", script: "/wps/sandbox-pages/pixels/facebook.js" },
        { kind: "appsflyer", id: "br777-web-dev-key", script: "/wps/sandbox-pages/pixels/appsflyer.js" },
        {
          kind: "adjust",
          id: "br777adjtokn",
          script: "/wps/sandbox-pages/pixels/adjust.js",
          events: { viewContent: "vw7b2x", register: "rg7b2x", login: "lg7b2x" },
        },
      ],
      consentRequired: true,
    },
  },
];
