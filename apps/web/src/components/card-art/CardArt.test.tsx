import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/render.tsx";
import { CardArt } from "./CardArt.tsx";

describe("CardArt", () => {
  it("draws a plastic card in the design's colour with the program and the short mask", () => {
    renderWithProviders(
      <CardArt colour="#1F3FBF" form="PLASTIC" programName="Kestrel Everyday" number="400000******3220" />,
    );
    const art = screen.getByTestId("card-art");
    expect(art.textContent).toContain("Kestrel Everyday");
    expect(art.textContent).toContain("•• 3220");
    expect(art.textContent).not.toContain("400000");
    expect(art.style.backgroundColor.toUpperCase()).toMatch(/#1F3FBF|RGB\(31, 63, 191\)/);
    // White reads better than black on that blue (the theme's contrast helper decides).
    expect(art.style.color.toUpperCase()).toMatch(/#FFFFFF|RGB\(255, 255, 255\)/);
    expect(art.querySelector(".k-card-art__chip")).not.toBeNull();
  });

  it("marks a virtual card, picks dark text on a light design and hides digits not yet issued", () => {
    renderWithProviders(<CardArt colour="#F2C94C" form="VIRTUAL" programName="Nimbus" number={null} />);
    const art = screen.getByTestId("card-art");
    expect(art.textContent).toContain("Virtual");
    expect(art.textContent).toContain("•• ••••");
    expect(art.style.color.toUpperCase()).toMatch(/#000000|RGB\(0, 0, 0\)/);
    expect(art.querySelector(".k-card-art__chip")).toBeNull();
  });
});
