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
  geetestVersion: "v3" | "v4";
  /** Fixed so the captcha id is stable across restarts (v3 `gt`, v4 `captchaId`). */
  geetestId: string;
  /** Host names (with the default wrangler dev port) the domain speed test can try. */
  domainList: readonly string[];
  /** Whether site config serves the customer-service path encrypted (spec shell §3). */
  encryptCustomerServicePath: boolean;
}

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
      FIREBASECREATEACC3: false,
      PWDEXPFORCECHANGE3: true,
      MANDATORYAPPUPDATES3: false,
      MINIGAME3: true,
    },
    captcha: { login: false, sms: false, register: true },
    geetestVersion: "v3",
    geetestId: "3f1c0e5a9b7d4c2e8a6f0b1d2c3e4f5a",
    domainList: ["demo.localhost:8787", "localhost:8787"],
    encryptCustomerServicePath: true,
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
    },
    captcha: { login: true, sms: true, register: true },
    geetestVersion: "v4",
    geetestId: "7a2b9c4d6e8f0a1b3c5d7e9f1a2b4c6d",
    domainList: ["vn.localhost:8787", "vn88.localhost:8787"],
    encryptCustomerServicePath: false,
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
    },
    captcha: { login: false, sms: false, register: true },
    geetestVersion: "v3",
    geetestId: "c4e6a8b0d2f4e6a8c0b2d4f6a8c0e2b4",
    domainList: ["br.localhost:8787", "br777.localhost:8787"],
    encryptCustomerServicePath: false,
  },
};

export function findMerchant(code: string | null): Merchant | undefined {
  if (code === null) return undefined;
  // Own-property check so "constructor" and friends are not merchants.
  return Object.prototype.hasOwnProperty.call(MERCHANTS, code) ? MERCHANTS[code] : undefined;
}

export interface SeedMember {
  username: string;
  password: string;
  /** 0 regular; 4 restricted (no chat permission). */
  type: number;
}

/** Seeded into every merchant, with the merchant's default language. */
export const SEED_MEMBERS: readonly SeedMember[] = [
  { username: "demo01", password: "demo1234", type: 0 },
  { username: "restricted01", password: "demo1234", type: 4 },
];
