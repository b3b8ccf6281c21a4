import { fieldMessage } from "@kestrel/api-client";
import { RadioChoices } from "@kestrel/ui-base/radio-choices";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { AmountInput } from "../../../components/AmountInput.tsx";
import { Button } from "../../../components/Button.tsx";
import { ErrorModal } from "../../../components/modal/ErrorModal.tsx";
import { Modal } from "../../../components/modal/Modal.tsx";
import { SuccessModal } from "../../../components/modal/SuccessModal.tsx";
import { SelectField } from "../../../components/SelectField.tsx";
import { Spinner } from "../../../components/Spinner.tsx";
import { formatDate } from "../../../lib/format/dates.ts";
import { formatMoney, readAmount, toWire } from "../../../lib/format/money.ts";
import { useWallets } from "../../../lib/wallets/wallet-queries.ts";
import { type Deposit, type DepositTemplates, type OpenDraft, useOpenDeposit } from "../api/earn-queries.ts";
import { simulate } from "../earn-math.ts";
import { Simulator } from "./Simulator.tsx";
// Its texts load with it (lib/i18n/feature-texts.ts).
import "../../../lib/i18n/en-earn.ts";

/** The draft (spec §3: wallet, type, duration, amount), its checks (spec §5), a confirmation, a receipt. */
export function OpenDeposit({ templates }: { templates: DepositTemplates }) {
  const { t } = useTranslation();
  const wallets = useWallets();
  const open = useOpenDeposit();
  const [picked, setCurrency] = useState<string | undefined>();
  // Until the customer picks, the first offered currency they hold money in.
  const held = templates.find((x) =>
    wallets.data?.wallets.some(
      (w) => w.currency === x.currency && (readAmount(w.availableBalance, w.currency) ?? 0n) > 0n,
    ),
  );
  const currency = picked ?? held?.currency ?? templates[0]?.currency ?? "";
  const [productType, setProductType] = useState<"FIX" | "FLEX">("FLEX");
  const [months, setMonths] = useState<number | undefined>();
  const [amount, setAmount] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState<OpenDraft | undefined>();
  const [opened, setOpened] = useState<Deposit | undefined>();
  // One key per draft: a retry of the same draft cannot open a second deposit.
  const key = useRef<{ draft: string; key: string } | null>(null);

  const durations = templates.find((x) => x.currency === currency)?.durations ?? [];
  const ofType = durations.filter((d) => d.productType === productType);
  const term = ofType.find((d) => d.months === months) ?? ofType[0];
  const wallet = wallets.data?.wallets.find((w) => w.currency === currency);
  const principal = readAmount(amount, currency);
  const show = (value: string) => formatMoney(value, currency);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!term) return;
    const min = readAmount(term.minAmount, currency) ?? 0n;
    const max = readAmount(term.maxAmount, currency) ?? 0n;
    const problem =
      principal === undefined || principal <= 0n
        ? t("earn.errors.amount")
        : principal < min || principal > max
          ? t("earn.errors.bounds", { min: show(term.minAmount), max: show(term.maxAmount) })
          : wallet && principal > (readAmount(wallet.availableBalance, currency) ?? 0n)
            ? t("earn.errors.balance")
            : undefined;
    setError(problem);
    if (!problem && principal !== undefined)
      setConfirming({ currency, productType, months: term.months, amount: toWire(principal, currency) });
  };

  const confirm = (draft: OpenDraft) => {
    const text = JSON.stringify(draft);
    if (key.current?.draft !== text) key.current = { draft: text, key: crypto.randomUUID() };
    open.mutate(
      { draft, key: key.current.key },
      {
        onSuccess: (deposit) => {
          key.current = null;
          setConfirming(undefined);
          setAmount("");
          setOpened(deposit);
        },
        onError: (e) => {
          if ("field" in e && e.field === "amount") {
            setConfirming(undefined);
            setError(fieldMessage(e as Parameters<typeof fieldMessage>[0]));
            open.reset();
          }
        },
      },
    );
  };

  const expiry = (m: number) => {
    const d = new Date();
    d.setMonth(d.getMonth() + m);
    return formatDate(d, "long");
  };

  return (
    <section className="k-surface k-earn__open" aria-labelledby="earn-open">
      <h2 id="earn-open" className="k-earn__heading">
        {t("earn.open")}
      </h2>
      <form className="k-earn__form" onSubmit={submit} noValidate>
        <SelectField
          label={t("earn.currency")}
          value={currency}
          onChange={(e) => setCurrency(e.target.value)}
        >
          {templates.map((x) => (
            <option key={x.currency} value={x.currency}>
              {x.currency}
            </option>
          ))}
        </SelectField>
        <RadioChoices
          legend={t("earn.type")}
          name="productType"
          choices={["FLEX", "FIX"] as const}
          label={(type) => <span>{t(`words.productType.${type}`)}</span>}
          value={productType}
          onChange={setProductType}
          disabled={(type) => !durations.some((d) => d.productType === type)}
          className="k-earn__types"
          choiceClassName="k-earn__type"
        />
        <p className="k-earn__rule">{t(`earn.rules.${productType}`)}</p>
        <SelectField
          label={t("earn.duration")}
          value={term ? String(term.months) : ""}
          onChange={(e) => setMonths(Number(e.target.value))}
        >
          {ofType.map((d) => (
            <option key={d.id} value={d.months}>
              {`${t("earn.months", { count: d.months })} · ${t("earn.rate", { percents: d.percents })}`}
            </option>
          ))}
        </SelectField>
        <AmountInput
          label={t("earn.amount")}
          value={amount}
          suffix={currency}
          error={error}
          onChange={(next) => {
            setAmount(next);
            setError(undefined);
          }}
        />
        <p className="k-earn__hint">
          {term ? t("earn.bounds", { min: show(term.minAmount), max: show(term.maxAmount) }) : null}
          {wallet ? ` · ${t("earn.available", { amount: show(wallet.availableBalance) })}` : null}
        </p>
        <Button type="submit" fullWidth disabled={!term}>
          {t("earn.continue")}
        </Button>
      </form>
      {term ? (
        <Simulator key={currency} currency={currency} months={term.months} durations={durations} />
      ) : null}
      <Modal
        open={confirming !== undefined && !open.isError}
        onOpenChange={(o) => (o ? undefined : setConfirming(undefined))}
        title={t("earn.confirm.title")}
      >
        {confirming && term ? (
          <div className="k-earn__confirm">
            <dl className="k-earn__summary">
              <dt>{t("earn.confirm.amount")}</dt>
              <dd>{show(confirming.amount)}</dd>
              <dt>{t("earn.confirm.type")}</dt>
              <dd>{`${t(`words.productType.${confirming.productType}`)} · ${t("earn.months", { count: confirming.months })}`}</dd>
              <dt>{t("earn.confirm.rate")}</dt>
              <dd>{t("earn.rate", { percents: term.percents })}</dd>
              <dt>{t("earn.confirm.expiry")}</dt>
              <dd>{expiry(confirming.months)}</dd>
              <dt>{t("earn.confirm.payback")}</dt>
              <dd>
                {show(
                  toWire(
                    simulate(readAmount(confirming.amount, currency) ?? 0n, term, 1, new Date()).atMaturity,
                    currency,
                  ),
                )}
              </dd>
            </dl>
            <p className="k-earn__rule">{t(`earn.rules.${confirming.productType}`)}</p>
            <Button fullWidth disabled={open.isPending} onClick={() => confirm(confirming)}>
              {open.isPending ? <Spinner /> : t("earn.confirm.button")}
            </Button>
            <Button variant="ghost" fullWidth onClick={() => setConfirming(undefined)}>
              {t("earn.confirm.edit")}
            </Button>
          </div>
        ) : null}
      </Modal>
      <SuccessModal
        open={opened !== undefined}
        onOpenChange={(o) => (o ? undefined : setOpened(undefined))}
        title={t("earn.opened.title")}
        date={opened ? formatDate(opened.openedAt, "long") : undefined}
        value={opened ? formatMoney(opened.currencyAmount, opened.currency) : undefined}
        details={
          opened
            ? `${t(`words.productType.${opened.productType}`)} · ${t("earn.months", { count: opened.months })} · ${t("earn.rate", { percents: opened.percents })}`
            : undefined
        }
        description={t("earn.opened.description")}
      />
      <ErrorModal
        open={open.isError}
        onOpenChange={() => {
          open.reset();
          setConfirming(undefined);
        }}
        message={open.error?.message}
      />
    </section>
  );
}
