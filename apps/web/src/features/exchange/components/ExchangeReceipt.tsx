import { formatPercent } from "@kestrel/money";
import { useTranslation } from "react-i18next";
import { SuccessModal } from "../../../components/modal/SuccessModal.tsx";
import { formatDate } from "../../../lib/format/dates.ts";
import { formatMoney } from "../../../lib/format/money.ts";
import { displayRate } from "../../../lib/format/rate.ts";
import type { ExchangeExecution } from "../api/exchange-calls.ts";
// Its texts load with it (lib/i18n/feature-texts.ts).
import "../../../lib/i18n/en-exchange.ts";

/** The success modal with the receipt: from, to, rate, fees, date. */
export function ExchangeReceipt({ receipt, onClose }: { receipt: ExchangeExecution; onClose: () => void }) {
  const { t } = useTranslation();
  const from = receipt.sourceCurrencyAmount;
  const to = receipt.targetCurrencyAmount;
  const date = `${formatDate(receipt.createdAt, "long")}, ${formatDate(receipt.createdAt, "time")}`;
  return (
    <SuccessModal
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t("exchange.successTitle")}
      date={date}
      value={formatMoney(to.amount, to.currencyCode)}
      buttonText={t("exchange.done")}
      onDone={onClose}
      details={
        <dl className="k-exchange__details">
          <dt>{t("exchange.youPay")}</dt>
          <dd>{formatMoney(from.amount, from.currencyCode)}</dd>
          <dt>{t("exchange.youReceive")}</dt>
          <dd>{formatMoney(to.amount, to.currencyCode)}</dd>
          <dt>{t("exchange.rate")}</dt>
          <dd>
            {t("exchange.rateValue", {
              from: from.currencyCode,
              rate: displayRate(receipt.exchangeRate),
              to: to.currencyCode,
            })}
          </dd>
          {receipt.feeInfo.map((fee) => (
            <FeeRow key={fee.type} label={t(`exchange.${fee.type}`)} value={formatPercent(fee.value)} />
          ))}
          <dt>{t("exchange.feeTotal")}</dt>
          <dd>{formatMoney(receipt.feeAmount.amount, receipt.feeAmount.currencyCode)}</dd>
        </dl>
      }
    />
  );
}

function FeeRow({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}
