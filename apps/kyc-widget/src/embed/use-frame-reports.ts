import { type RefObject, useEffect } from "react";
import type { Bridge } from "./bridge.ts";

/**
 * Tells the host what it needs to size and place the frame: `resize` with the content's height
 * whenever it changes, and `scroll` whenever the screen changes (`view`), so the host brings the
 * top of the new step into view.
 */
export function useFrameReports(bridge: Bridge, root: RefObject<HTMLElement | null>, view: string) {
  useEffect(() => {
    const element = root.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    let last = -1;
    const report = () => {
      const height = Math.ceil(element.getBoundingClientRect().height);
      if (height !== last) bridge.post({ type: "resize", height });
      last = height;
    };
    const observer = new ResizeObserver(report);
    observer.observe(element);
    report();
    return () => observer.disconnect();
  }, [bridge, root]);

  useEffect(() => {
    if (view) bridge.post({ type: "scroll", top: 0 });
  }, [bridge, view]);
}
