import { sparkline } from "@fnando/sparkline/src/sparkline.js";
import { useEffect, useRef } from "react";
import { toDrawn } from "./chart-change.ts";

/** The drawing's own size; CSS stretches it to the box (the stroke keeps its width). */
const WIDTH = 300;

/**
 * A line and its filled area, drawn by @fnando/sparkline into an SVG (1.6 KB gzipped, no
 * dependency). Loaded by Chart.tsx after the first paint, in a chunk of its own.
 */
export default function Sparkline({ values, height }: { values: readonly number[]; height: number }) {
  const svg = useRef<SVGSVGElement>(null);
  const flat = new Set(values).size === 1;
  useEffect(() => {
    if (svg.current) sparkline(svg.current, toDrawn(values), { spotRadius: 0 });
  }, [values]);
  return (
    <svg
      ref={svg}
      className={flat ? "k-chart__svg k-chart__svg--flat" : "k-chart__svg"}
      width={WIDTH}
      height={height}
      strokeWidth={2}
      viewBox={`0 0 ${WIDTH} ${height}`}
      preserveAspectRatio="none"
      aria-hidden="true"
      data-testid="chart-line"
    />
  );
}
