import { readableTextColor } from "@kestrel/domain";
import { maskCardNumber } from "@kestrel/money";
import { useTranslation } from "react-i18next";
import "./card-art.css";

const HEX = /^#[0-9a-fA-F]{6}$/;
const FALLBACK = "#1B1B1F";

/**
 * A payment card drawn from the merchant's configuration: the design's colour, the form (a chip
 * on plastic, a "Virtual" mark on virtual), the program's name and the short mask of the number
 * (`•• 4242`). Text on it is black or white, whichever the colour reads better with (the contrast
 * helper the theme uses). Decorative: the card's words are said in text next to it.
 */
export function CardArt({
  colour,
  form,
  programName,
  number,
}: {
  /** The design's #RRGGBB. */
  colour: string | undefined;
  form: "PLASTIC" | "VIRTUAL";
  programName: string | undefined;
  /** The card's masked number as the API gives it; none while the card is being ordered. */
  number?: string | null;
}) {
  const { t } = useTranslation();
  const background = colour && HEX.test(colour) ? colour : FALLBACK;
  return (
    <div
      className={`k-card-art k-card-art--${form.toLowerCase()}`}
      style={{ backgroundColor: background, color: readableTextColor(background) }}
      aria-hidden="true"
      data-testid="card-art"
    >
      <span className="k-card-art__program">{programName ?? ""}</span>
      {form === "PLASTIC" ? (
        <span className="k-card-art__chip" />
      ) : (
        <span className="k-card-art__virtual">{t("cards.forms.VIRTUAL")}</span>
      )}
      <span className="k-card-art__number k-amount">
        {number ? maskCardNumber(number, "short") : "•• ••••"}
      </span>
    </div>
  );
}
