// The Firebase Auth emulator scripts/test.sh starts beside the servers (FIREBASE_AUTH_PORT), as the browser's SDK
// uses it: ID tokens for social and phone sign-ins, and the SMS codes it "sent".
import { request as httpRequest } from "node:http";

const PORT = Number(process.env.FIREBASE_AUTH_PORT ?? Number(process.env.TEST_PORT ?? 8790) + 400);
/** The project every sandbox merchant with Firebase uses (workers/wps-sandbox/merchants.ts). */
const PROJECT = "demo-mobile-web";

function call<T>(path: string, body?: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port: PORT,
        path,
        method: payload ? "POST" : "GET",
        headers: payload ? { "Content-Type": "application/json" } : {},
        timeout: 5_000,
      },
      (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
        res.on("end", () =>
          res.statusCode === 200 ? resolve(JSON.parse(text) as T) : reject(new Error(`${path}: ${res.statusCode} ${text}`)),
        );
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

/** The newest code the emulator sent to `phone` ("+19005550123"). */
export async function emulatorSmsCode(phone: string): Promise<string> {
  const { verificationCodes = [] } = await call<{ verificationCodes?: { phoneNumber: string; code: string }[] }>(
    `/emulator/v1/projects/${PROJECT}/verificationCodes`,
  );
  const sent = verificationCodes.filter((entry) => entry.phoneNumber === phone);
  if (sent.length === 0) throw new Error(`The emulator sent no code to ${phone}`);
  return sent[sent.length - 1]!.code;
}

/** An ID token for a Google account with this email, as signInWithCredential gets one from the emulator. */
export async function emulatorGoogleIdToken(email: string): Promise<string> {
  const claims = JSON.stringify({ sub: `emulated-${email}`, email, email_verified: true });
  const reply = await call<{ idToken: string }>(`/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=sandbox-web-api-key`, {
    postBody: `id_token=${encodeURIComponent(claims)}&providerId=google.com`,
    requestUri: "http://localhost",
    returnSecureToken: true,
  });
  return reply.idToken;
}
