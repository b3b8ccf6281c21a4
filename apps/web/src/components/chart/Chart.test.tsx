import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Chart } from "./Chart.tsx";
import { changeOf, toDrawn } from "./chart-change.ts";

describe("Chart", () => {
  it("holds its place with a skeleton of its own height while the points load", () => {
    render(<Chart values={undefined} label="Balance" height={64} />);
    const box = screen.getByRole("img", { busy: true });
    expect(box.style.height).toBe("64px");
    expect(screen.getByTestId("chart-skeleton")).not.toBeNull();
    expect(screen.queryByTestId("chart-line")).toBeNull();
  });

  it("draws the series as a line in the same box, labelled with its change", async () => {
    render(<Chart values={[100, 150, 125, 200]} label="Balance over 30 days, up 100%" height={64} />);
    const line = await screen.findByTestId("chart-line");
    const box = screen.getByRole("img", { name: "Balance over 30 days, up 100%" });
    expect(box.style.height).toBe("64px");
    expect(screen.queryByTestId("chart-skeleton")).toBeNull();
    // One point per value: a move to the first, a line to each (the library's path).
    const path = line.querySelector("path.sparkline--line")?.getAttribute("d") ?? "";
    expect(path.match(/L/g)).toHaveLength(4);
    // The lowest value sits at the bottom of the drawing, the highest at its top.
    const ys = [...path.matchAll(/L [\d.]+ ([\d.]+)/g)].map((m) => Number(m[1]));
    expect(Math.max(...ys)).toBe(ys[0]);
    expect(Math.min(...ys)).toBe(ys[3]);
  });

  it("says a sentence instead of a line when there is nothing to draw", () => {
    render(
      <Chart values={[0, 0, 0]} empty emptyText="Your balance shows here once money arrives." label="x" />,
    );
    expect(screen.getByText("Your balance shows here once money arrives.")).not.toBeNull();
    expect(screen.queryByTestId("chart-skeleton")).toBeNull();
    expect(screen.queryByTestId("chart-line")).toBeNull();
  });
});

describe("a chart's change", () => {
  it("gives the direction and the percentage from the first point to the last", () => {
    expect(changeOf([100, 80, 104])).toEqual({ direction: "up", percent: "4.0" });
    expect(changeOf([200, 150])).toEqual({ direction: "down", percent: "25.0" });
    expect(changeOf([5, 9, 5])).toEqual({ direction: "flat" });
    expect(changeOf([0, 0, 12])).toEqual({ direction: "fromZero" });
    expect(changeOf([60000, 60001])).toEqual({ direction: "up", percent: "<0.1" });
  });

  it("draws the movement above the lowest point, and a flat series level", () => {
    expect(toDrawn([60000, 60010, 60005])).toEqual([0, 10, 5]);
    expect(toDrawn([7, 7, 7])).toEqual([1, 1, 1]);
  });
});
