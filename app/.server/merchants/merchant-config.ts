import { z } from "zod";
import { LANGUAGE_CODES } from "../../i18n/languages";
import { PIXEL_KINDS, TRACKING_EVENT_NAMES } from "../../lib/tracking-names";

// A host pattern is an exact host ("demo.example.com") or a suffix wildcard ("*.example.com").
const hostPattern = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/, "invalid host pattern");

const platformTarget = z.union([
  z.object({
    origin: z
      .string()
      .url()
      .refine((u) => /^https?:\/\//.test(u), "http(s) only"),
  }),
  // A service binding name, used for the sandbox platform in development.
  z.object({ service: z.string().regex(/^[A-Z][A-Z0-9_]*$/) }),
]);

const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, "a colour such as #1f6feb");

/** "https://cdn.example.com" (an origin: scheme, host, optional port; nothing else). */
const httpsOrigin = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^https:\/\/[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/,
    "an https origin such as https://cdn.example.com",
  );

/** A same-origin path ("/captcha") or an https URL ("https://static.geetest.com"). */
const scriptServer = z
  .string()
  .trim()
  .regex(
    /^(\/(?!\/)[A-Za-z0-9._~/-]{0,200}|https:\/\/[A-Za-z0-9.-]+(:\d{1,5})?(\/[A-Za-z0-9._~/-]{0,200})?)$/,
    "a same-origin path or an https URL",
  )
  .transform((s) => s.replace(/\/+$/, ""));

/** A third-party pixel the merchant's pages load once idle (docs/behaviour/tracking.md#pixels). */
const pixelSchema = z.object({
  kind: z.enum(PIXEL_KINDS),
  /** The merchant's id at the ad platform (AppsFlyer: the Web Dev Key; Adjust: the app token). */
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  /** The vendor script's address; its official one by default (a same-origin path for the sandbox's stand-ins). */
  script: scriptServer.optional(),
  /** Adjust: the event token of each product event it should get (docs/behaviour/tracking.md#pixels). */
  events: z.record(z.enum(TRACKING_EVENT_NAMES), z.string().regex(/^[A-Za-z0-9]{1,32}$/)).optional(),
});

export const merchantRouteSchema = z.object({
  hosts: z.array(hostPattern).min(1),
  merchantCode: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, "1 to 32 letters, digits, _ or -"),
  platform: platformTarget,
  defaultLanguage: z.enum(LANGUAGE_CODES),
  brand: z.object({
    name: z.string().min(1).max(60),
    shortName: z.string().min(1).max(30),
    themeColor: colour,
    backgroundColor: colour.default("#ffffff"),
    /** Square icons, 72 to 512 px; the manifest lists them (docs/behaviour/install.md#icons). */
    icons: z
      .array(z.object({ src: z.string().min(1), sizes: z.string().regex(/^\d+x\d+$/), type: z.string().default("image/png") }))
      .default([]),
  }),
  /** Also write MC_SESSION_INFO, memberInfo and language to web storage for the platform's other same-origin apps (docs/behaviour/tracking.md#storage-compat). */
  storageCompat: z.boolean().default(false),
  /** Where members go after login or registration (default /m/home). */
  postLoginPath: z
    .string()
    .regex(/^\/m\//)
    .default("/m/home"),
  /** Forced password-change page (default /m/changePsw). */
  changePasswordPath: z
    .string()
    .regex(/^\/m\//)
    .default("/m/changePsw"),
  /**
   * Geetest widget script servers, tried in order. Their https origins are the only outside script hosts the page's
   * CSP allows; servers the platform's settings name are used only when they are same-origin or among these.
   */
  captchaScriptServers: z.array(scriptServer).max(3).default([]),
  /**
   * Tracking (docs/behaviour/tracking.md): the pixels its pages load, one per kind, and whether a player must accept them
   * first (a consent banner where the law asks for it).
   */
  tracking: z
    .object({
      pixels: z
        .array(pixelSchema)
        .max(PIXEL_KINDS.length)
        .refine((list) => new Set(list.map((p) => p.kind)).size === list.length, "one pixel per kind")
        .default([]),
      consentRequired: z.boolean().default(false),
    })
    .default({}),
  /** Outside origins this merchant's pages may show images (image CDNs) and frames (embedded games) from. */
  contentOrigins: z
    .object({ images: z.array(httpsOrigin).max(20).default([]), frames: z.array(httpsOrigin).max(20).default([]) })
    .default({}),
  /**
   * The mini-game box's script (docs/behaviour/support.md#minigame-script): an https URL (its origin joins the pages'
   * script-src) or a same-origin path (the sandbox's dice toy). Without it the box is not shown, MINIGAME3 or not.
   */
  miniGame: z.object({ scriptUrl: scriptServer }).optional(),
});

export type MerchantRoute = z.infer<typeof merchantRouteSchema>;
export type MerchantRouteInput = z.input<typeof merchantRouteSchema>;

/** The merchant a request belongs to, as loaders see it. */
export type Merchant = MerchantRoute & { host: string };
