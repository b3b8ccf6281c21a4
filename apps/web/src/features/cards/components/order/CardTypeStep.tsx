import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../../components/Button.tsx";
import { CardArt } from "../../../../components/card-art/CardArt.tsx";
import { FormError } from "../../../../components/FormError.tsx";
import type { CardPrices } from "../../api/cards-queries.ts";
import { CardTerms } from "../CardTerms.tsx";

/** Step 1: the form (PLASTIC, VIRTUAL) and the colour, with what the card costs. */
export function CardTypeStep({
  prices,
  pending,
  error,
  onSubmit,
}: {
  prices: CardPrices;
  pending: boolean;
  error: Error | undefined;
  onSubmit: (v: { cardType: "PLASTIC" | "VIRTUAL"; cardDesignId: number }) => void;
}) {
  const { t } = useTranslation();
  const forms = prices.prices.map((p) => p.cardType);
  const [cardType, setCardType] = useState(forms[0] ?? "VIRTUAL");
  const [design, setDesign] = useState(prices.designs[0]?.id ?? 1);
  const price = prices.prices.find((p) => p.cardType === cardType);
  return (
    <form
      className="k-card-order__form"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit({ cardType, cardDesignId: design });
      }}
    >
      {/* The card as it will look, following the form and colour chosen below. */}
      <CardArt
        colour={prices.designs.find((d) => d.id === design)?.hex}
        form={cardType}
        programName={prices.name}
      />
      <fieldset className="k-card-order__choices">
        <legend>{t("cardOrder.form")}</legend>
        {forms.map((f) => (
          <label key={f} className="k-card-order__choice">
            <input
              type="radio"
              name="cardType"
              value={f}
              checked={cardType === f}
              onChange={() => setCardType(f)}
            />
            {t(`cards.forms.${f}`)}
          </label>
        ))}
      </fieldset>
      <fieldset className="k-card-order__choices">
        <legend>{t("cardOrder.colour")}</legend>
        {prices.designs.map((d) => (
          <label key={d.id} className="k-card-order__choice">
            <input
              type="radio"
              name="colour"
              value={d.id}
              checked={design === d.id}
              onChange={() => setDesign(d.id)}
            />
            <span className="k-card-order__swatch" style={{ background: d.hex }} aria-hidden="true" />
            {t(`cards.colours.${d.colour as "BLACK"}`)}
          </label>
        ))}
      </fieldset>
      {price ? <CardTerms price={price} /> : null}
      <FormError error={error} />
      <Button type="submit" fullWidth disabled={pending}>
        {t("cardOrder.continue")}
      </Button>
    </form>
  );
}
