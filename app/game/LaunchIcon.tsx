/** The launch page's mark: a stopwatch when the launch timed out, a die back from the game, else an exclamation mark. */
export function LaunchIcon({ phase }: { phase: "timeout" | "returned" | "other" }) {
  return (
    <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" focusable="false">
      <g fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round">
        {phase === "timeout" ? (
          <>
            <circle cx="12" cy="13.5" r="7.5" />
            <path d="M12 13.5V9.5M10 2.5h4M18.5 6.5l1.5-1.5" />
          </>
        ) : phase === "returned" ? (
          <>
            <rect x="4" y="4" width="16" height="16" rx="3.5" />
            <circle cx="9" cy="9" r="0.6" fill="currentColor" />
            <circle cx="15" cy="15" r="0.6" fill="currentColor" />
            <circle cx="12" cy="12" r="0.6" fill="currentColor" />
          </>
        ) : (
          <path d="M12 5v9M12 19v.01" strokeWidth="3" />
        )}
      </g>
    </svg>
  );
}
