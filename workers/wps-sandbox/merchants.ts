// Seed data for the demo merchants. Merchant configuration is static (code),
// members live in D1 (seeded from SEED_MEMBERS by db.ts).
import type { Language } from "./languages";

export const WHITELABEL_FLAGS = [
  "CBS3", // chat
  "REWCEN3", // rewards centre
  "UPDATEMOBILEICC3",
  "FIREBASECREATEACC3",
  "PWDEXPFORCECHANGE3",
  "MANDATORYAPPUPDATES3",
  "MINIGAME3",
  "AUTOLOGIN3", // white-label auto-login
] as const;

export type WhitelabelFlag = (typeof WHITELABEL_FLAGS)[number];

export interface Merchant {
  code: string;
  brand: string;
  defaultLanguage: Language;
  currency: string;
  currencySymbol: string;
  countryCode: string;
  countryDialingCode: string;
  whitelabelVal: Record<WhitelabelFlag, boolean>;
  captcha: { login: boolean; sms: boolean; register: boolean };
  /** Registration options (settings `register`). */
  register: { autoUsername: boolean; mobile: boolean; passwordRequiredForMobile: boolean };
  /**
   * Login options (settings `login`): `sms` = the SMS login mode is offered; `slider` = the login slider flag, the captcha
   * is the slider instead of the plain click (docs/platform-contract.md#get-wpssystemsetting).
   */
  login: { sms: boolean; slider: boolean };
  geetestVersion: "v3" | "v4";
  /** Where the widget scripts load from (`${server}/gt.js` or `/gt4.js`); a fault can override it. */
  geetestScriptServers: readonly string[];
  /** Fixed so the captcha id is stable across restarts (v3 `gt`, v4 `captchaId`). */
  geetestId: string;
  /** Host names (with the default wrangler dev port) the domain speed test can try. */
  domainList: readonly string[];
  /** Whether site config serves the customer-service path encrypted (docs/behaviour/shell.md#customer-service-link). */
  encryptCustomerServicePath: boolean;
  /** The settings' `sms` object: the merchant's Firebase project (docs/platform-contract.md#get-wpssystemsetting). */
  firebase: FirebaseSettings;
}

export interface FirebaseSettings {
  /** SMS codes are sent by Firebase phone auth (the platform's send-code is not used). */
  firebase: boolean;
  apiKey: string | null;
  appId?: string;
  authDomain?: string;
  projectId?: string;
  messagingSenderId?: string;
  vapidKey?: string;
  /** Social sign-in providers enabled in the project. */
  providers?: readonly string[];
  /** A new social identity is registered without asking. */
  autoRegister?: boolean;
}

/**
 * The Firebase project every sandbox merchant with Firebase uses: a "demo-" project id, which the Auth emulator serves
 * without any Google account (docs/decisions/0055-firebase.md).
 */
export const SANDBOX_FIREBASE_PROJECT = "demo-mobile-web";

const sandboxFirebaseApp = {
  apiKey: "sandbox-web-api-key",
  appId: "1:100000000001:web:5a4d0b0c1e2f3a4b",
  authDomain: `${SANDBOX_FIREBASE_PROJECT}.firebaseapp.com`,
  projectId: SANDBOX_FIREBASE_PROJECT,
  messagingSenderId: "100000000001",
};

/** A P-256 public key: web push needs one of this shape (the sandbox never signs a push with it). */
const SANDBOX_VAPID_KEY = "BKsgo82xk3_6CXEFBCvJ1m2h9jtUXM9zsCun9j6CFOMwZkuERCCPdxE_44WJKVrHuqXSTbOrTWHKuj-PqHZS69w";

const NO_FIREBASE: FirebaseSettings = { firebase: false, apiKey: null };

/** The sandbox's own widget scripts (routes/captcha-widget.ts). */
export const DEFAULT_SCRIPT_SERVERS: readonly string[] = ["/wps/sandbox-pages/geetest"];

export const MERCHANTS: Readonly<Record<string, Merchant>> = {
  demo: {
    code: "demo",
    brand: "Demo Play",
    defaultLanguage: "EN",
    currency: "USD",
    currencySymbol: "$",
    countryCode: "US",
    countryDialingCode: "1",
    whitelabelVal: {
      CBS3: true,
      REWCEN3: true,
      UPDATEMOBILEICC3: false,
      FIREBASECREATEACC3: true,
      PWDEXPFORCECHANGE3: true,
      MANDATORYAPPUPDATES3: false,
      MINIGAME3: true,
      AUTOLOGIN3: true,
    },
    captcha: { login: false, sms: false, register: true },
    register: { autoUsername: false, mobile: true, passwordRequiredForMobile: true },
    login: { sms: true, slider: false },
    geetestVersion: "v3",
    geetestId: "3f1c0e5a9b7d4c2e8a6f0b1d2c3e4f5a",
    geetestScriptServers: DEFAULT_SCRIPT_SERVERS,
    domainList: ["demo.localhost:8787", "localhost:8787"],
    encryptCustomerServicePath: true,
    // Google sign-in, SMS codes by Firebase, push; a new identity is offered the choice (with "register new").
    firebase: { firebase: true, ...sandboxFirebaseApp, vapidKey: SANDBOX_VAPID_KEY, providers: ["google"], autoRegister: false },
  },
  vn88: {
    code: "vn88",
    brand: "VN88 Xổ Số",
    defaultLanguage: "VI",
    currency: "VND",
    currencySymbol: "₫",
    countryCode: "VN",
    countryDialingCode: "84",
    whitelabelVal: {
      CBS3: false,
      REWCEN3: false,
      UPDATEMOBILEICC3: true,
      FIREBASECREATEACC3: false,
      PWDEXPFORCECHANGE3: false,
      MANDATORYAPPUPDATES3: false,
      MINIGAME3: false,
      AUTOLOGIN3: false,
    },
    captcha: { login: true, sms: true, register: true },
    register: { autoUsername: true, mobile: true, passwordRequiredForMobile: false },
    login: { sms: true, slider: false },
    geetestVersion: "v4",
    geetestId: "7a2b9c4d6e8f0a1b3c5d7e9f1a2b4c6d",
    geetestScriptServers: DEFAULT_SCRIPT_SERVERS,
    domainList: ["vn.localhost:8787", "vn88.localhost:8787"],
    encryptCustomerServicePath: false,
    firebase: NO_FIREBASE,
  },
  br777: {
    code: "br777",
    brand: "BR777 Sorte",
    defaultLanguage: "PT-BR",
    currency: "BRL",
    currencySymbol: "R$",
    countryCode: "BR",
    countryDialingCode: "55",
    whitelabelVal: {
      CBS3: true,
      REWCEN3: false,
      UPDATEMOBILEICC3: true,
      FIREBASECREATEACC3: false,
      PWDEXPFORCECHANGE3: false,
      MANDATORYAPPUPDATES3: false,
      MINIGAME3: false,
      AUTOLOGIN3: true,
    },
    captcha: { login: false, sms: false, register: true },
    register: { autoUsername: false, mobile: true, passwordRequiredForMobile: true },
    login: { sms: true, slider: true },
    geetestVersion: "v3",
    geetestId: "c4e6a8b0d2f4e6a8c0b2d4f6a8c0e2b4",
    geetestScriptServers: DEFAULT_SCRIPT_SERVERS,
    domainList: ["br.localhost:8787", "br777.localhost:8787"],
    encryptCustomerServicePath: false,
    // Google and Facebook sign-in, registered at once; SMS codes stay with the platform; no push.
    firebase: { firebase: false, ...sandboxFirebaseApp, providers: ["google", "facebook"], autoRegister: true },
  },
  // Served by no checked-in route: an operator's routes file adds it (examples/routes.shop.json), to preview a new
  // merchant's brand and language on shop.localhost (docs/behaviour/operations.md#preview). No content seeded yet.
  shop: {
    code: "shop",
    brand: "Lucky Shop",
    defaultLanguage: "TH",
    currency: "THB",
    currencySymbol: "฿",
    countryCode: "TH",
    countryDialingCode: "66",
    whitelabelVal: {
      CBS3: true,
      REWCEN3: false,
      UPDATEMOBILEICC3: false,
      FIREBASECREATEACC3: false,
      PWDEXPFORCECHANGE3: false,
      MANDATORYAPPUPDATES3: false,
      MINIGAME3: false,
      AUTOLOGIN3: false,
    },
    captcha: { login: false, sms: false, register: true },
    register: { autoUsername: false, mobile: true, passwordRequiredForMobile: true },
    login: { sms: false, slider: false },
    geetestVersion: "v3",
    geetestId: "5d7f9b1c3e5a7c9e1b3d5f7a9c1e3b5d",
    geetestScriptServers: DEFAULT_SCRIPT_SERVERS,
    domainList: ["shop.localhost:8787"],
    encryptCustomerServicePath: false,
    firebase: NO_FIREBASE,
  },
};

export function findMerchant(code: string | null): Merchant | undefined {
  if (code === null) return undefined;
  // Own-property check so "constructor" and friends are not merchants.
  return Object.prototype.hasOwnProperty.call(MERCHANTS, code) ? MERCHANTS[code] : undefined;
}

export type TwoFactorMethod = "E" | "P" | "G" | "S";

export interface SeedMember {
  username: string;
  /** The plain password; `null` = the DEFAULT_MEMBER_PASSWORD var. */
  password: string | null;
  /** 0 regular; 1 and 2 other member types that may use promotions; 4 restricted (no chat permission). */
  type: number;
  passwordExpired?: boolean;
  /** National number; stored as "+" + the merchant's dialling code + this. */
  mobile?: string;
  email?: string;
  payeeName?: string;
  /** Base32 TOTP secret (SHA-1, 6 digits, 30 s). */
  gaSecret?: string;
  /** Two-factor methods: E email, P payee name, G authenticator, S sms. */
  twoFactor?: readonly TwoFactorMethod[];
  /** A Google account linked for social sign-in (by its email), on merchants with Firebase. */
  socialEmail?: string;
}

/** Seed members whose every login is a first-time login (the announcement popup's F audience). */
export const ALWAYS_FIRST_LOGIN: ReadonlySet<string> = new Set(["fresh01"]);

export const DEMO_EMAIL = "email01@example.com";
export const DEMO_PAYEE_NAME = "Nguyen Van A";
export const DEMO_TOTP_SECRET = "JBSWY3DPEHPK3PXP";
/** The Google account seed member social01 signs in with. */
export const SOCIAL_EMAIL = "social01@example.com";

/** Seeded into every merchant, with the merchant's default language. */
export const SEED_MEMBERS: readonly SeedMember[] = [
  { username: "demo01", password: "demo1234", type: 0, mobile: "900000001" },
  { username: "restricted01", password: "demo1234", type: 4 },
  { username: "expired01", password: "demo1234", type: 0, passwordExpired: true },
  { username: "default01", password: null, type: 0 },
  // Every login is a first-time login (the F announcement audience): workers/wps-sandbox/routes/announcements.ts.
  { username: "fresh01", password: "demo1234", type: 0 },
  { username: "email01", password: "demo1234", type: 0, email: DEMO_EMAIL, twoFactor: ["E"] },
  { username: "payee01", password: "demo1234", type: 0, payeeName: DEMO_PAYEE_NAME, twoFactor: ["P"] },
  { username: "ga01", password: "demo1234", type: 0, gaSecret: DEMO_TOTP_SECRET, twoFactor: ["G"] },
  { username: "sms01", password: "demo1234", type: 0, mobile: "900000005", twoFactor: ["S"] },
  {
    username: "twofa01",
    password: "demo1234",
    type: 0,
    mobile: "900000006",
    email: DEMO_EMAIL,
    payeeName: DEMO_PAYEE_NAME,
    gaSecret: DEMO_TOTP_SECRET,
    twoFactor: ["E", "P", "G", "S"],
  },
  // Promotions (docs/platform-contract.md#members-for-promotions): member types 1 and 2, and the one VIP member whose
  // club label is AUTO (VIP benefits shown).
  { username: "member1", password: "demo1234", type: 1 },
  { username: "member2", password: "demo1234", type: 2 },
  { username: "vip01", password: "demo1234", type: 0 },
  // Social sign-in (docs/platform-contract.md#identity-provider-tokens): linked to this Google account.
  { username: "social01", password: "demo1234", type: 0, socialEmail: SOCIAL_EMAIL },
  // …and one whose login also needs its payee name (two-factor after a social sign-in).
  {
    username: "socialpayee01",
    password: "demo1234",
    type: 0,
    payeeName: DEMO_PAYEE_NAME,
    twoFactor: ["P"],
    socialEmail: "socialpayee01@example.com",
  },
];

/** The members whose club label is AUTO (VIP benefits shown); every other member has a MANUAL label. */
export const AUTO_CLUB_MEMBERS: readonly string[] = ["vip01"];
