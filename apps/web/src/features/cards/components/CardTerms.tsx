import { useTranslation } from "react-i18next";
import { formatMoney } from "../../../lib/format/money.ts";
import type { CardPrice } from "../api/cards-queries.ts";
import { totalFeePercent } from "../card-fee.ts";

/**
 * What a card costs and runs on: price, delivery, plan and fees (spec §3), before and after
 * ordering. The fees read as the one percent the customer pays, not the three parts it is made of.
 */
export function CardTerms({
  price,
  showPrice = true,
}: {
  price: Pick<CardPrice, "price" | "delivery" | "currency" | "plan" | "fees" | "cardType">;
  showPrice?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <dl className="k-cards__terms">
      {showPrice ? (
        <>
          <dt>{t(`cards.forms.${price.cardType}`)}</dt>
          <dd>
            {t("cards.priceLine", { price: formatMoney(price.price, price.currency) })}
            {price.cardType === "PLASTIC" && price.delivery !== "0.00"
              ? ` ${t("cards.deliveryLine", { delivery: formatMoney(price.delivery, price.currency) })}`
              : ""}
          </dd>
        </>
      ) : null}
      <dt>{t("cards.plan")}</dt>
      <dd>{t(`words.plan.${price.plan}`)}</dd>
      <dt>{t("cards.fees")}</dt>
      <dd>{t("cards.feeLine", { percent: totalFeePercent(price.fees) })}</dd>
    </dl>
  );
}
