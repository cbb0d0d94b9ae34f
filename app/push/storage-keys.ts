// Web push's web storage keys (docs/behaviour/firebase.md#push-token, #push-bind).
/** The device's FCM registration token (the name other apps of the platform read, docs/behaviour/firebase.md#push-token). */
export const WEB_TOKEN_KEY = "FCM_webToken";
/** Session flag: the player closed the prompt or the blocked-notifications notice (docs/behaviour/firebase.md#notification-prompt). */
export const SKIP_KEY = "FCM_skipNotification";
/** The member the stored token is bound to on the platform (docs/behaviour/firebase.md#push-bind). */
export const BOUND_MEMBER_KEY = "FCM_boundMember";
