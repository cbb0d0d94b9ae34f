// The platform timeouts the test server runs with: scripts/test.sh exports these and passes them to the Worker as
// vars, so timeout tests take seconds (production keeps 30 s a call, 5 s a page and 8 s a form post).
export function testTimings(): { callTimeoutMs: number; pageDeadlineMs: number; actionDeadlineMs: number } {
  return {
    callTimeoutMs: Number(process.env.PLATFORM_TIMEOUT_MS ?? 6_000),
    pageDeadlineMs: Number(process.env.PAGE_DEADLINE_MS ?? 4_000),
    actionDeadlineMs: Number(process.env.ACTION_DEADLINE_MS ?? 5_000),
  };
}
