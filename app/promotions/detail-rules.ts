// Pure rules of the promotion pages (docs/behaviour/promotions.md#promotion-pages): the sign-in calendar built from
// the platform's cycle, and the masking of other players' names on the leaderboard. Shared by the edge and tests.

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export type SignInCycle = {
  /** First day of the cycle, YYYY-MM-DD (UTC). */
  cycleStart: string;
  days: number;
  /** The platform's today, YYYY-MM-DD (UTC): the platform's clock decides, not the browser's. */
  today: string;
  signedDates: readonly string[];
  /** The reward of each day of the cycle, in order. */
  rewards: readonly number[];
};

export type CalendarDayState = "signed" | "missed" | "today-open" | "today-signed" | "upcoming";
export type CalendarDay = { date: string; day: number; reward: number | null; state: CalendarDayState };
export type SignInCalendar = { days: CalendarDay[]; todaySigned: boolean; todayReward: number | null; inCycle: boolean };

function epochOf(isoDay: string): number | null {
  if (!ISO_DAY.test(isoDay)) return null;
  const epoch = Date.parse(`${isoDay}T00:00:00Z`);
  return Number.isNaN(epoch) ? null : epoch;
}

/**
 * One cell per day of the cycle: signed, missed (a past day not signed), today (signed or not), upcoming. A today
 * outside the cycle leaves every cell past or upcoming and nothing to claim.
 */
export function buildSignInCalendar(cycle: SignInCycle): SignInCalendar {
  const start = epochOf(cycle.cycleStart);
  const today = epochOf(cycle.today);
  if (start === null || today === null) return { days: [], todaySigned: false, todayReward: null, inCycle: false };
  const signed = new Set(cycle.signedDates);
  const count = Math.max(0, Math.min(31, Math.floor(cycle.days)));
  const days: CalendarDay[] = [];
  for (let i = 0; i < count; i++) {
    const epoch = start + i * DAY_MS;
    const date = new Date(epoch).toISOString().slice(0, 10);
    const isSigned = signed.has(date);
    const state: CalendarDayState =
      epoch === today ? (isSigned ? "today-signed" : "today-open") : epoch < today ? (isSigned ? "signed" : "missed") : "upcoming";
    days.push({ date, day: i + 1, reward: cycle.rewards[i] ?? null, state });
  }
  const todayCell = days.find((d) => d.state === "today-open" || d.state === "today-signed");
  return {
    days,
    todaySigned: todayCell?.state === "today-signed",
    todayReward: todayCell?.reward ?? null,
    inCycle: todayCell !== undefined,
  };
}

/**
 * Another player's name as the leaderboard shows it: the first two and last two characters with three stars between
 * ("lu***88"); names of four characters or fewer keep only the first ("a***"). Whatever the platform sends, a full name
 * of another player never reaches the page.
 */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length === 0) return "***";
  if (chars.length <= 4) return `${chars[0]}***`;
  return `${chars.slice(0, 2).join("")}***${chars.slice(-2).join("")}`;
}
