import type { ApiError } from "@kestrel/api-client";
import { fieldMessage } from "@kestrel/api-client";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { AmountInput } from "../../components/AmountInput.tsx";
import { Button } from "../../components/Button.tsx";
import { FormError } from "../../components/FormError.tsx";
import { RowsSkeleton } from "../../components/skeleton/RowsSkeleton.tsx";
import { useMerchantData } from "../../lib/config-service/queries.ts";
import { formatMoney, toWire } from "../../lib/format/money.ts";
import { useApi } from "../../lib/session/session-context.tsx";
import { useWallets, type Wallet } from "../../lib/wallets/wallet-queries.ts";
import { type Recipient, type SendFee, sendFeeQuery, useSendFee } from "./api/send-calls.ts";
import { SendModals } from "./SendModals.tsx";
import { SendSummary } from "./SendSummary.tsx";
import { computeSend } from "./send-amounts.ts";
import { useSendFlow } from "./use-send-flow.ts";
import "../../lib/i18n/en-claim-flow.ts";
import { WalletPicker } from "./WalletPicker.tsx";
import "./send.css";

/** A recipient the page has judged valid, and how it reads in the confirmation step. */
export interface CheckedRecipient {
  recipient: Recipient;
  text: string;
}

export interface SendFormProps {
  title: string;
  /** The recipient once what was typed is valid (for the fee shown while typing). */
  recipient: Recipient | undefined;
  /** The recipient's field; it may check what is typed against the wallet and amount. */
  recipientInput: (context: { wallet: Wallet; amount: string }) => ReactNode;
  /** Which wallets can send this way (an address needs a wallet on a network). */
  walletFilter?: (wallet: Wallet) => boolean;
  /**
   * Judges what was typed when the customer presses Continue (it may wait, e.g. for the phone
   * number library) and shows the field's own error; undefined when the recipient is not valid.
   */
  checkRecipient: () => CheckedRecipient | undefined | Promise<CheckedRecipient | undefined>;
  /** A server refusal naming the recipient's field: shown there (answers true), else false. */
  onRecipientError: (error: ApiError) => boolean;
}

/** Shared by the send pages: wallet, amount, recipient, fee and total, a confirmation, the send. */
export function SendForm(props: SendFormProps) {
  const { t } = useTranslation();
  const wallets = useWallets();
  const list = (wallets.data?.wallets ?? []).filter(props.walletFilter ?? (() => true));
  const [picked, setPicked] = useState<string | undefined>();
  const wallet = list.find((w) => w.currency === picked) ?? list[0];
  const currency = wallet?.currency ?? "";
  const [amount, setAmount] = useState("");
  const [amountError, setAmountError] = useState<string | undefined>();
  // What Continue judged: the confirmation step shows and sends exactly this.
  const [confirming, setConfirming] = useState<{ to: CheckedRecipient; fee: SendFee } | null>(null);
  const [checking, setChecking] = useState(false);
  const [checkError, setCheckError] = useState<Error | undefined>();
  const api = useApi();
  const queryClient = useQueryClient();
  const validAmount = computeSend(amount, "0", "999999999999", currency).ok ? amount : "";
  const fee = useSendFee(currency, validAmount, props.recipient);
  const shownFee = confirming?.fee ?? fee.data;
  const feeValue = shownFee?.fee ?? "0";
  // A phone that is no customer's yet: the money waits for them (said before anything moves).
  const invite = confirming?.fee.invite === true;
  const merchantTitle = useMerchantData().data?.title ?? "";
  const amounts = computeSend(amount, feeValue, wallet?.availableBalance ?? "0", currency);
  const flow = useSendFlow(
    (error) => {
      setConfirming(null);
      if (error.code === "FEE_CHANGED") {
        // The fee went up since it was shown: show the new one before anything is sent.
        void fee.refetch();
        setAmountError(error.message);
        return true;
      }
      if (error.field === "amount") {
        setAmountError(fieldMessage(error));
        return true;
      }
      return props.onRecipientError(error);
    },
    () => {
      // Done: the form starts over, so closing the result cannot send the same money again.
      setConfirming(null);
      setAmount("");
    },
  );

  if (!wallet) {
    return (
      <section className="k-surface k-send">
        <h1 className="k-page-title">{props.title}</h1>
        {wallets.isPending ? <RowsSkeleton /> : <p>{wallets.error?.message ?? t("sendForm.noWallets")}</p>}
      </section>
    );
  }

  // Continue always answers: it waits for what the recipient's check needs and for the fee of
  // this amount and recipient (asked here if it is not in yet), then confirms or says why not.
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (checking) return;
    setAmountError(amounts.ok ? undefined : t(`sendForm.errors.${amounts.reason}`));
    setCheckError(undefined);
    setChecking(true);
    try {
      const to = await props.checkRecipient();
      if (!to || !amounts.ok) return;
      const answer = await queryClient.fetchQuery(sendFeeQuery(api, currency, validAmount, to.recipient));
      // The amount is judged again with this fee: it may not fit the balance with it.
      const judged = computeSend(amount, answer.fee, wallet?.availableBalance ?? "0", currency);
      if (judged.ok) setConfirming({ to, fee: answer });
      else setAmountError(t(`sendForm.errors.${judged.reason}`));
    } catch (error) {
      setCheckError(error instanceof Error ? error : new Error(String(error)));
    } finally {
      setChecking(false);
    }
  };

  const money = (minor: bigint) => formatMoney(toWire(minor, currency), currency);
  return (
    <section className="k-surface k-send">
      <h1 className="k-page-title">{props.title}</h1>
      {confirming && amounts.ok ? (
        <SendSummary
          currency={currency}
          amount={amounts.amount}
          fee={amounts.fee}
          total={amounts.total}
          recipient={confirming.to.text}
          notice={invite ? t("claimFlow.notice", { merchant: merchantTitle }) : undefined}
          sending={flow.sending}
          onEdit={() => setConfirming(null)}
          onConfirm={() =>
            void flow.send({
              currency,
              amount: toWire(amounts.amount, currency),
              fee: feeValue,
              recipient: confirming.to.recipient,
              ...(invite ? { invite: true } : {}),
            })
          }
        />
      ) : (
        <form className="k-send__form" onSubmit={(event) => void submit(event)} noValidate>
          <WalletPicker wallets={list} value={currency} onChange={setPicked} />
          <AmountInput
            label={t("sendForm.amount")}
            value={amount}
            suffix={currency}
            error={amountError}
            onChange={(next) => {
              setAmount(next);
              setAmountError(undefined);
            }}
          />
          {props.recipientInput({ wallet, amount: validAmount })}
          <FormError error={checkError ?? fee.error ?? undefined} />
          <dl className="k-send__details" aria-live="polite">
            <dt>{t("sendForm.fee")}</dt>
            <dd>{fee.data ? money(amounts.ok ? amounts.fee : 0n) : "—"}</dd>
            <dt>{t("sendForm.total")}</dt>
            <dd>{amounts.ok && fee.data ? money(amounts.total) : "—"}</dd>
          </dl>
          <Button type="submit" fullWidth disabled={checking}>
            {checking ? t("sendForm.checking") : t("sendForm.continue")}
          </Button>
        </form>
      )}
      <SendModals flow={flow} />
    </section>
  );
}
