import { RadioChoices } from "@kestrel/ui-base/radio-choices";
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
      <RadioChoices
        legend={t("cardOrder.form")}
        name="cardType"
        choices={forms}
        label={(f) => t(`cards.forms.${f}`)}
        value={cardType}
        onChange={setCardType}
        className="k-card-order__choices"
        choiceClassName="k-card-order__choice"
      />
      <RadioChoices
        legend={t("cardOrder.colour")}
        name="colour"
        choices={prices.designs.map((d) => d.id)}
        label={(id) => {
          const d = prices.designs.find((x) => x.id === id);
          return (
            <>
              <span className="k-card-order__swatch" style={{ background: d?.hex }} aria-hidden="true" />
              {t(`cards.colours.${d?.colour as "BLACK"}`)}
            </>
          );
        }}
        value={design}
        onChange={setDesign}
        className="k-card-order__choices"
        choiceClassName="k-card-order__choice"
      />
      {price ? <CardTerms price={price} /> : null}
      <FormError error={error} />
      <Button type="submit" fullWidth disabled={pending}>
        {t("cardOrder.continue")}
      </Button>
    </form>
  );
}
