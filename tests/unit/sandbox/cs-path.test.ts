import { describe, expect, it } from "vitest";
import { decryptCustomerServicePath, encryptCustomerServicePath } from "../../../workers/wps-sandbox/cs-path";
import { CS_KEY, CS_PATH, CS_URL } from "./vectors";

describe("customer-service path encryption", () => {
  it("matches an openssl-made path (base64 DES ciphertext + 8-char key)", () => {
    expect(encryptCustomerServicePath(CS_URL, CS_KEY)).toBe(CS_PATH);
    expect(decryptCustomerServicePath(CS_PATH)).toBe(CS_URL);
  });

  it("round-trips with a random key appended at the end", () => {
    const path = encryptCustomerServicePath(CS_URL);
    expect(path).toMatch(/^[A-Za-z0-9+/]+=*[A-Za-z0-9]{8}$/);
    expect(path.startsWith("http")).toBe(false);
    expect(decryptCustomerServicePath(path)).toBe(CS_URL);
  });

  it("leaves plain http(s) paths as they are", () => {
    expect(decryptCustomerServicePath("https://example.test/chat")).toBe("https://example.test/chat");
  });
});
