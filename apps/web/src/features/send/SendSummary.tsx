import { useTranslation } from "react-i18next";
import { Button } from "../../components/Button.tsx";
import { formatMoney, toWire } from "../../lib/format/money.ts";

export interface SendSummaryProps {
  currency: string;
  amount: bigint;
  fee: bigint;
  total: bigint;
  recipient: string;
  /** What the sender must know before the money moves (a recipient not yet a customer). */
  notice?: string | undefined;
  sending: boolean;
  onConfirm: () => void;
  onEdit: () => void;
}

/** The confirmation step: what leaves the wallet and to whom, before any money moves. */
export function SendSummary(props: SendSummaryProps) {
  const { t } = useTranslation();
  const money = (minor: bigint) => formatMoney(toWire(minor, props.currency), props.currency);
  return (
    <section className="k-send__summary" aria-label={t("sendForm.confirmTitle")}>
      <h2 className="k-send__subtitle">{t("sendForm.confirmTitle")}</h2>
      <dl className="k-send__details">
        <dt>{t("sendForm.recipient")}</dt>
        <dd>{props.recipient}</dd>
        <dt>{t("sendForm.amount")}</dt>
        <dd>{money(props.amount)}</dd>
        <dt>{t("sendForm.fee")}</dt>
        <dd>{money(props.fee)}</dd>
        <dt>{t("sendForm.total")}</dt>
        <dd>
          <strong>{money(props.total)}</strong>
        </dd>
      </dl>
      {props.notice ? (
        <p className="k-send__notice" role="note">
          {props.notice}
        </p>
      ) : null}
      <div className="k-send__actions">
        <Button variant="secondary" onClick={props.onEdit} disabled={props.sending}>
          {t("sendForm.edit")}
        </Button>
        <Button onClick={props.onConfirm} disabled={props.sending}>
          {props.sending ? t("sendForm.sending") : t("sendForm.confirm")}
        </Button>
      </div>
    </section>
  );
}
