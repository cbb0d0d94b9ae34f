// Amounts in the merchant's currency (docs/behaviour/promotions.md#currency): the format locale is pt-BR for BRL and
// Chinese (zh-CN) for every other currency. Plain functions for the edge and the browser.

/** The locale amounts are formatted in. */
export function currencyLocale(currency: string | null | undefined): "pt-BR" | "zh-CN" {
  return currency?.toUpperCase() === "BRL" ? "pt-BR" : "zh-CN";
}

/** A number from a number or a numeric string; null for anything else (NaN, Infinity, "", "12abc", objects). */
export function toNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string" || value.trim() === "") return null;
  const parsed = Number(value.trim());
  return Number.isFinite(parsed) ? parsed : null;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: string): Intl.NumberFormat | null {
  const code = currency.toUpperCase();
  let formatter = formatters.get(code);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat(currencyLocale(code), { style: "currency", currency: code, currencyDisplay: "symbol" });
    } catch {
      return null;
    }
    formatters.set(code, formatter);
  }
  return formatter;
}

/**
 * An amount in the merchant's currency (e.g. "R$ 1.234,50" for BRL, "US$1,234.50" for USD); null for non-numeric input.
 * A currency code Intl does not know is shown after the plain number.
 */
export function formatMoney(value: unknown, currency: string | null | undefined): string | null {
  const n = toNumber(value);
  if (n === null) return null;
  const code = currency?.trim() ?? "";
  const formatter = /^[A-Za-z]{3}$/.test(code) ? formatterFor(code) : null;
  if (formatter) return formatter.format(n);
  const plain = new Intl.NumberFormat(currencyLocale(code), { maximumFractionDigits: 2 }).format(n);
  return code ? `${plain} ${code}` : plain;
}
