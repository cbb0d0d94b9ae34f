// Customer-service path encryption: the path is encrypted and its last 8
// characters are the key; a path starting with http is plain (docs/behaviour/shell.md#customer-service-link).
import { desDecrypt, desEncrypt } from "./encryption";
import { randomAlnum } from "./random";

export const CS_KEY_LENGTH = 8;

/** base64(DES-ECB-PKCS7(url, key)) followed by the 8-character key itself. */
export function encryptCustomerServicePath(url: string, key: string = randomAlnum(CS_KEY_LENGTH)): string {
  return desEncrypt(url, key) + key;
}

/** What a client does with the path; here for tests and the contract's example. */
export function decryptCustomerServicePath(path: string): string {
  if (path.startsWith("http")) return path;
  return desDecrypt(path.slice(0, -CS_KEY_LENGTH), path.slice(-CS_KEY_LENGTH));
}
