import { describe, expect, it } from "vitest";
import { currencyLocale, formatMoney, toNumber } from "~/promotions/money";

// Spaces in Intl output are narrow or no-break spaces: compare with plain spaces.
const plain = (text: string | null) => text?.replace(/[\u00a0\u202f]/g, " ") ?? null;

describe("currency format (docs/behaviour/promotions.md#currency)", () => {
  it("uses pt-BR for BRL and Chinese for everything else", () => {
    expect(currencyLocale("BRL")).toBe("pt-BR");
    expect(currencyLocale("brl")).toBe("pt-BR");
    expect(currencyLocale("USD")).toBe("zh-CN");
    expect(currencyLocale("VND")).toBe("zh-CN");
    expect(currencyLocale(null)).toBe("zh-CN");
  });

  it.each([
    [1234.5, "BRL", "R$ 1.234,50"],
    [88.5, "USD", "US$88.50"],
    [88000, "VND", "₫88,000"],
    [1000000, "CNY", "¥1,000,000.00"],
    ["42", "BRL", "R$ 42,00"],
    [0, "USD", "US$0.00"],
  ])("%s %s → %s", (value, currency, expected) => {
    expect(plain(formatMoney(value, currency))).toBe(expected);
  });

  it("shows a code Intl does not know after the plain number", () => {
    expect(formatMoney(12.345, "BTC1")).toBe("12.35 BTC1");
    expect(formatMoney(5, null)).toBe("5");
  });

  it.each([null, undefined, NaN, Infinity, "", "  ", "12abc", "abc", {}, [], true])("returns null for %j", (value) => {
    expect(formatMoney(value, "USD")).toBeNull();
  });
});

describe("toNumber", () => {
  it.each([null, undefined, NaN, -Infinity, "", "1,5", "x", {}, [1], false])("returns null for non-numeric %j", (value) => {
    expect(toNumber(value)).toBeNull();
  });

  it("reads numbers and numeric strings", () => {
    expect(toNumber(" 3.5 ")).toBe(3.5);
    expect(toNumber(-2)).toBe(-2);
  });
});
