// Registration and password rules, and the messages the platform answers with.
import { randomDigits } from "./random";

/** 4–16 letters or digits, starting with a letter. */
export const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9]{3,15}$/;
/** 6–20 letters and digits only. */
export const PASSWORD_PATTERN = /^[A-Za-z0-9]{6,20}$/;

export function isValidUsername(username: string): boolean {
  return USERNAME_PATTERN.test(username);
}

export function isValidPassword(password: string): boolean {
  return PASSWORD_PATTERN.test(password);
}

/** A candidate auto-generated username: "u" + 7 digits (the caller checks it is free). */
export function candidateUsername(): string {
  return `u${randomDigits(7)}`;
}

export const MESSAGES = {
  credentials: "Incorrect username or password",
  noUser: "User does not exist",
  noMobileUser: "No account uses this mobile number",
  verifyRequired: "Please complete the additional verification",
  codeExpired: "The verification code has expired or was not sent. Please request a new code.",
  codeInvalid: "The verification code is incorrect",
  mobileInvalid: "Invalid mobile number",
  mobileExists: "This mobile number is already registered",
  captchaRequired: "Please complete the captcha verification",
  captchaInvalid: "Captcha verification failed. Please try again.",
  usernameInvalid: "Username must be 4-16 letters or digits and start with a letter",
  usernameExists: "This username is already taken",
  passwordInvalid: "Password must be 6-20 letters or digits",
  passwordRequired: "Please enter a password",
  oldPasswordWrong: "The current password is incorrect",
  passwordSame: "The new password must be different from the current password",
  bindRequired: "This account is not linked to a member yet",
  identityTokenInvalid: "The sign-in could not be verified. Please try again.",
  identityLinked: "This account is already linked to a member",
  identityUnavailable: "Sign-in with this provider is not available",
  tooManySms: (seconds: number) => `Please wait ${seconds} seconds before requesting another code`,
} as const;
