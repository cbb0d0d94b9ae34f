import { useState, type FocusEvent } from "react";

/**
 * Whether the pointer is over an element or focus is inside it: what pauses a carousel's autoplay, so nothing moves
 * while a player reads or operates it. Spread `handlers` on the element.
 */
export function useAttentionWithin() {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  return {
    within: hovered || focused,
    handlers: {
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => setHovered(false),
      onFocus: () => setFocused(true),
      onBlur: (event: FocusEvent<HTMLElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      },
    },
  };
}
