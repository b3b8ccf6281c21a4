import { useState } from "react";
import { useTranslation } from "react-i18next";
import "./price-change.css";

export type PriceChange = { previous: string; current: string } | undefined;

/**
 * Whether a re-quote changed the figure on screen. `basis` is what the customer asked for (the
 * amount typed, the side, the currencies): while it stays the same, a new `figure` (what they pay
 * or get, formatted) is a changed price; a new basis starts afresh, since that change is theirs.
 * Both should describe the same offer: a basis taken from the form while the figure is still the
 * previous request's would report the customer's own change as a new price. An undefined basis
 * (no offer on screen, one being asked) changes nothing.
 */
export function usePriceChange(basis: string | undefined, figure: string | undefined): PriceChange {
  const [seen, setSeen] = useState<{ basis?: string; figure?: string; previous?: string }>({ basis });
  if (basis !== undefined && seen.basis !== basis) {
    setSeen({ basis, figure });
  } else if (basis !== undefined && figure !== undefined && figure !== seen.figure) {
    // Adjusting state while rendering (React's pattern for state derived from props): no effect lag.
    setSeen({ basis, figure, previous: seen.figure });
  }
  return (basis === undefined || seen.basis === basis) &&
    seen.previous !== undefined &&
    seen.figure !== undefined
    ? { previous: seen.previous, current: seen.figure }
    : undefined;
}

/** Says the price changed and shows the new figure highlighted, in a polite live region. */
export function PriceChangeNote({ change }: { change: PriceChange }) {
  const { t } = useTranslation();
  return (
    <p className="k-price-change" role="status">
      {change ? (
        <span className="k-price-change__text" data-testid="price-changed">
          {t("priceChange.changed", { current: change.current, previous: change.previous })}
        </span>
      ) : null}
    </p>
  );
}
