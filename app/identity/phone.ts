// Phone numbers for SMS login, send-code and two-factor: '+', the dialling code, the number
// (docs/behaviour/identity.md#sms-codes).

/** A national number as typed: spaces, dots and hyphens between digit groups dropped. */
export function normalizeMobile(value: string): string {
  return value.trim().replace(/[\s.()-]/g, "");
}

export function isNationalNumber(value: string): boolean {
  return /^\d{4,15}$/.test(value);
}

/** A bare dialling code: 1 to 4 digits, no '+'. */
export function isDialingCode(value: string): boolean {
  return /^\d{1,4}$/.test(value);
}

/** The wire form: '+' + dialling code + national number (a leading trunk 0 is dropped). */
export function wireMobile(dialingCode: string, nationalNumber: string): string {
  return `+${dialingCode}${normalizeMobile(nationalNumber).replace(/^0+/, "")}`;
}
