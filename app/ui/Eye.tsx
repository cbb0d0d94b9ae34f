/** The show/hide password mark: an open eye, or one struck through while the password is shown. */
export function Eye({ struck }: { struck: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
        <circle cx="12" cy="12" r="3" />
        {struck ? <path d="M4 4l16 16" /> : null}
      </g>
    </svg>
  );
}
