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
  },
];
