import { Component, lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import "./chart.css";

// The drawing's code waits for the first paint and an idle moment: home and exchange show their
// figures first, and the chart's bytes and work never count against their first load
// (scripts/web-budget.ts LOADED_ON_USE, docs/web-performance.md).
const Sparkline = lazy(() => import("./Sparkline.tsx"));

/** A drawing whose code fails to download leaves its box empty: the page around it goes on. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** True once the browser is idle after the first paint (a short timer where it cannot say). */
function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(() => setReady(true), { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(() => setReady(true), 200);
    return () => window.clearTimeout(id);
  }, []);
  return ready;
}

export interface ChartProps {
  /** The points, oldest first; undefined while they load. */
  values: readonly number[] | undefined;
  /** What the chart says to a screen reader: the series and its change over the period. */
  label: string;
  /** Shown instead of a line when there is nothing to draw (a new customer's history). */
  emptyText?: string | undefined;
  /** Whether the series is "nothing yet" rather than a line to draw. */
  empty?: boolean;
  height?: number;
}

/**
 * A small line chart in a box of fixed height: a skeleton while the points or the drawing's code
 * load, a sentence when there is nothing to draw, the line otherwise. The box never changes size,
 * so nothing under it moves when the chart arrives.
 */
export function Chart({ values, label, emptyText, empty = false, height = 64 }: ChartProps) {
  const ready = useAfterFirstPaint();
  const skeleton = <span className="k-skeleton k-chart__skeleton" data-testid="chart-skeleton" />;
  let body = skeleton;
  if (values && empty) body = <p className="k-chart__empty">{emptyText}</p>;
  else if (values && values.length > 1 && ready) {
    body = (
      <ChartBoundary>
        <Suspense fallback={skeleton}>
          <Sparkline values={values} height={height} />
        </Suspense>
      </ChartBoundary>
    );
  }
  return (
    <figure
      className="k-chart"
      style={{ height }}
      role="img"
      aria-label={values ? label : undefined}
      aria-busy={values ? undefined : true}
    >
      {body}
    </figure>
  );
}
