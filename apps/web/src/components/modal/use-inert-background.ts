import { type RefObject, useEffect } from "react";

/**
 * While a modal is open, Radix hides everything else with aria-hidden but leaves it focusable,
 * and its two focus guards are aria-hidden with tabindex 0 (radix-ui/primitives#3593). axe reports
 * both as "aria-hidden-focus" (serious). Making the background `inert` removes it from the tab
 * order as well, and the guards are taken out of the tab order; the focus trap itself does not need
 * them, it wraps Tab on its own (FocusScope `loop`).
 *
 * Call it from a component inside the dialog content, so it runs when the content mounts.
 */
export function useInertBackground(content: RefObject<HTMLElement | null>) {
  // Stryker disable ArrayDeclaration: `content` is a useRef object, the same on every render, so
  // listing it or not runs the effect exactly once per mount either way.
  useEffect(() => {
    let restore: (() => void) | undefined;
    let active = true;
    // Radix adds the guards and aria-hidden in effects of the content's ancestors, which run after
    // this one; a microtask runs once they all have.
    queueMicrotask(() => {
      if (active && content.current) restore = makeOthersInert(content.current);
    });
    return () => {
      active = false;
      restore?.();
    };
  }, [content]);
}

// Stryker restore ArrayDeclaration
function makeOthersInert(dialog: HTMLElement): () => void {
  const madeInert: Element[] = [];
  for (const child of Array.from(document.body.children)) {
    if (child.contains(dialog) || child instanceof HTMLScriptElement) continue;
    if (child.hasAttribute("data-radix-focus-guard")) {
      child.setAttribute("tabindex", "-1");
    } else if (!child.hasAttribute("inert")) {
      // Stryker disable next-line StringLiteral: inert is a boolean attribute; any value makes the element inert.
      child.setAttribute("inert", "");
      madeInert.push(child);
    }
  }
  return () => {
    for (const element of madeInert) element.removeAttribute("inert");
  };
}
