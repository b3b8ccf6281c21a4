import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/Button.tsx";
import { FormError } from "../../../components/FormError.tsx";
import { ErrorModal } from "../../../components/modal/ErrorModal.tsx";
import { Modal } from "../../../components/modal/Modal.tsx";
import { SuccessModal } from "../../../components/modal/SuccessModal.tsx";
import { Spinner } from "../../../components/Spinner.tsx";
import { RowsSkeleton } from "../../../components/skeleton/RowsSkeleton.tsx";
import { formatDate } from "../../../lib/format/dates.ts";
import { formatMoney, readAmount, toWire } from "../../../lib/format/money.ts";
import { type Deposit, useCloseDeposit, useDeposits } from "../api/earn-queries.ts";
// Its texts load with it (lib/i18n/feature-texts.ts).
import "../../../lib/i18n/en-earn.ts";

/** What closing pays now (spec §4): FLEX principal with profit, FIX early the principal only. */
function closePays(d: Deposit): string {
  const principal = readAmount(d.currencyAmount, d.currency) ?? 0n;
  const profit = readAmount(d.currentProfit, d.currency) ?? 0n;
  const matured = new Date(d.expiryDate).getTime() <= Date.now();
  return toWire(d.productType === "FLEX" || matured ? principal + profit : principal, d.currency);
}

/** The open deposits with their totals in the merchant's fiat, and closing one. */
export function DepositsSection() {
  const { t } = useTranslation();
  const deposits = useDeposits();
  const close = useCloseDeposit();
  const [closing, setClosing] = useState<Deposit | undefined>();
  const [closed, setClosed] = useState<Deposit | undefined>();
  const list = deposits.data?.deposits ?? [];
  const totals = deposits.data?.totals;

  return (
    <section className="k-surface k-earn__deposits" aria-labelledby="earn-deposits">
      <h2 id="earn-deposits" className="k-earn__heading">
        {t("earn.yourDeposits")}
      </h2>
      {deposits.isPending ? <RowsSkeleton rows={2} /> : null}
      <FormError error={deposits.error ?? undefined} />
      {totals && list.length > 0 ? (
        <dl className="k-earn__totals">
          <div>
            <dt>{t("earn.total")}</dt>
            <dd>{formatMoney(totals.amount, totals.fiatCurrency)}</dd>
          </div>
          <div>
            <dt>{t("earn.profit")}</dt>
            <dd>{formatMoney(totals.profit, totals.fiatCurrency)}</dd>
          </div>
        </dl>
      ) : null}
      {deposits.isSuccess && list.length === 0 ? <p className="k-earn__empty">{t("earn.empty")}</p> : null}
      <ul className="k-earn__list">
        {list.map((d) => (
          <li key={d.id} className="k-earn__deposit">
            <div className="k-earn__deposit-head">
              <strong>{formatMoney(d.currencyAmount, d.currency)}</strong>
              <span className="k-earn__tag">
                {t(`words.productType.${d.productType}`)} · {t("earn.months", { count: d.months })} ·{" "}
                {t("earn.rate", { percents: d.percents })}
              </span>
            </div>
            <dl className="k-earn__deposit-body">
              <dt>{t("earn.deposit.profit")}</dt>
              <dd>{formatMoney(d.currentProfit, d.currency)}</dd>
            </dl>
            <div className="k-earn__deposit-foot">
              <span>{t("earn.deposit.expiry", { date: formatDate(d.expiryDate, "long") })}</span>
              <Button
                variant="secondary"
                onClick={() => setClosing(d)}
                aria-label={`${t("earn.deposit.close")} ${formatMoney(d.currencyAmount, d.currency)}`}
              >
                {t("earn.deposit.close")}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <Modal
        open={closing !== undefined && !close.isError}
        onOpenChange={(open) => (open ? undefined : setClosing(undefined))}
        title={t("earn.close.title")}
      >
        {closing ? (
          <div className="k-earn__confirm">
            <p>{t(`earn.rules.${closing.productType}`)}</p>
            <dl className="k-earn__summary">
              <dt>{t("earn.close.youReceive")}</dt>
              <dd>{formatMoney(closePays(closing), closing.currency)}</dd>
            </dl>
            <Button
              fullWidth
              disabled={close.isPending}
              onClick={() =>
                close.mutate(
                  { depositId: closing.id, key: `close-${closing.id}` },
                  {
                    onSuccess: (done) => {
                      setClosing(undefined);
                      setClosed(done);
                    },
                  },
                )
              }
            >
              {close.isPending ? <Spinner /> : t("earn.close.button")}
            </Button>
            <Button variant="ghost" fullWidth onClick={() => setClosing(undefined)}>
              {t("earn.close.keep")}
            </Button>
          </div>
        ) : null}
      </Modal>
      <SuccessModal
        open={closed !== undefined}
        onOpenChange={(open) => (open ? undefined : setClosed(undefined))}
        title={t("earn.closed.title")}
        value={closed ? formatMoney(closePaid(closed), closed.currency) : undefined}
        description={closed ? t("earn.closed.description", { currency: closed.currency }) : undefined}
      />
      <ErrorModal
        open={close.isError}
        onOpenChange={() => {
          close.reset();
          setClosing(undefined);
        }}
        message={close.error?.message}
      />
    </section>
  );
}

/** What a closed deposit paid: the principal and the profit paid with it. */
function closePaid(d: Deposit): string {
  const principal = readAmount(d.currencyAmount, d.currency) ?? 0n;
  return toWire(principal + (readAmount(d.currentProfit, d.currency) ?? 0n), d.currency);
}
