// In-memory CaptchaStore and SmsStore, so the captcha and SMS rules can be tested without D1.
import type { CaptchaResult, CaptchaStore, ChallengeRecord } from "../../../workers/wps-sandbox/captcha";
import type { SmsCode, SmsStore } from "../../../workers/wps-sandbox/sms";

export function memoryCaptchaStore(): CaptchaStore & { results: Map<string, CaptchaResult> } {
  const challenges = new Map<string, ChallengeRecord>();
  const results = new Map<string, CaptchaResult>();
  return {
    results,
    async addChallenge(record) {
      challenges.set(record.challenge, { ...record });
    },
    async takeChallenge(challenge) {
      const record = challenges.get(challenge) ?? null;
      challenges.delete(challenge);
      return record;
    },
    async addResult(result) {
      results.set(result.key, { ...result });
    },
    async findResult(key) {
      const result = results.get(key);
      return result === undefined ? null : { ...result };
    },
    async markUsed(key, at) {
      const result = results.get(key);
      if (result === undefined || result.usedAt !== null) return false;
      result.usedAt = at;
      return true;
    },
  };
}

export function memorySmsStore(): SmsStore {
  const codes: SmsCode[] = [];
  const newestFirst = (list: SmsCode[]) => [...list].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
  return {
    async latest(merchant, mobileNum) {
      return newestFirst(codes.filter((c) => c.merchant === merchant && c.mobileNum === mobileNum))[0] ?? null;
    },
    async add(code) {
      const stored = { ...code, id: codes.length + 1 };
      codes.push(stored);
      return { ...stored };
    },
    async list(merchant, mobileNum) {
      return newestFirst(codes.filter((c) => c.merchant === merchant && (mobileNum === undefined || c.mobileNum === mobileNum)));
    },
    async markUsed(id, at) {
      const code = codes.find((c) => c.id === id);
      if (code === undefined || code.usedAt !== null) return false;
      code.usedAt = at;
      return true;
    },
  };
}
