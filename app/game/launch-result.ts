// What the launch route's loader (JS off) and action (JS on) tell the launch screen.

export type LaunchResult =
  | { status: "launched"; gameUrl: string }
  | { status: "timeout" }
  /** message: the platform's own text (already in the member's language), or null for 'game_launch_failed'. */
  | { status: "failed"; message: string | null }
  | { status: "invalid" };

/** The screen's states: launching shows the delayed loading indicator; returned is a page restored by Back. */
export type LaunchPhase = "launching" | "redirecting" | "timeout" | "failed" | "invalid" | "returned";
