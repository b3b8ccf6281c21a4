import { type ReactNode, useEffect, useRef } from "react";

/** A screen's heading; it takes the focus when the screen appears, so readers hear the change. */
export function Heading(props: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus({ preventScroll: true }), []);
  return (
    <h1 ref={ref} tabIndex={-1}>
      {props.children}
    </h1>
  );
}
