import { INTERACTION_EVENT } from "./first-interaction";

// The player's first touch of the page, noted before the page's scripts run (./first-interaction.ts says why).
// Capturing, passive listeners: they see every touch and delay none. Not "scroll": the page scrolls itself too (a
// carousel turning, the scroll restored), and a player's scroll begins with a touch, the wheel, a key or a pointer.
const KINDS = ["pointerdown", "keydown", "touchstart", "wheel"];
export const FIRST_INTERACTION_CAPTURE =
  `(function(){var k=${JSON.stringify(KINDS)},o={capture:true,passive:true};function f(){` +
  `k.forEach(function(n){removeEventListener(n,f,o)});window.__mcInteracted=true;dispatchEvent(new Event(${JSON.stringify(INTERACTION_EVENT)}))}` +
  `k.forEach(function(n){addEventListener(n,f,o)})})();`;

export function FirstInteractionCapture({ nonce }: { nonce: string | undefined }) {
  // The browser hides a nonce attribute once it has read it: not a difference to report when hydrating.
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: FIRST_INTERACTION_CAPTURE }} />;
}
