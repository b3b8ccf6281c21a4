import { ApiError } from "@kestrel/api-client";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { AmountInput } from "../../components/AmountInput.tsx";
import { Button } from "../../components/Button.tsx";
import { FormError } from "../../components/FormError.tsx";
import { ErrorModal } from "../../components/modal/ErrorModal.tsx";
import { PendingModal } from "../../components/modal/PendingModal.tsx";
import { SmsConfirmationModal, type SmsConfirmResult } from "../../components/modal/SmsConfirmationModal.tsx";
import { RowsSkeleton } from "../../components/skeleton/RowsSkeleton.tsx";
import { TextField } from "../../components/TextField.tsx";
import { formatDate } from "../../lib/format/dates.ts";
import { formatMoney, readAmount, toWire } from "../../lib/format/money.ts";
import { ROUTES } from "../../lib/routes.ts";
import {
  type Recipient,
  useAddRecipient,
  useDeleteRecipient,
  useIbanList,
  useRecipients,
  useWithdraw,
  useWithdrawData,
  type Withdrawal,
} from "./api/iban-calls.ts";
import { groupIban } from "./components/IbanAccount.tsx";
import "./iban.css";
// Its texts load with it (lib/i18n/feature-texts.ts).
import "../../lib/i18n/en-iban.ts";

type Modal =
  | { kind: "none" }
  | { kind: "sms" }
  | { kind: "done"; result: Withdrawal }
  | { kind: "error"; message: string };

/** iban/withdraw/bank: pick or add a recipient, the amount and fee, SMS confirmation, pending, then done. */
export function IbanWithdrawPage() {
  const { t } = useTranslation();
  const list = useIbanList();
  const item = list.data?.ibans[0];
  const ibanId = item?.iban ? (item.id ?? undefined) : undefined;
  if (list.isPending) {
    return (
      <section className="k-surface">
        <h1 className="k-page-title">{t("ibanWithdraw.title")}</h1>
        <RowsSkeleton />
      </section>
    );
  }
  if (!ibanId) {
    return (
      <section className="k-surface">
        <h1 className="k-page-title">{t("ibanWithdraw.title")}</h1>
        <p>
          {t("ibanWithdraw.noIban")} <Link to={ROUTES.iban}>{t("iban.title")}</Link>
        </p>
      </section>
    );
  }
  return <WithdrawForm ibanId={ibanId} />;
}

function WithdrawForm({ ibanId }: { ibanId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const data = useWithdrawData(ibanId);
  const recipients = useRecipients();
  const withdraw = useWithdraw();
  const remove = useDeleteRecipient();
  const [recipientId, setRecipientId] = useState<string | undefined>();
  const [adding, setAdding] = useState(false);
  const [amount, setAmount] = useState("");
  const [reference, setReference] = useState("");
  const [errors, setErrors] = useState<{ amount?: string; recipient?: string }>({});
  const [modal, setModal] = useState<Modal>({ kind: "none" });
  // One key per withdrawal: the SMS repeat and any retry send the same one, so it moves once.
  const action = useRef<{
    key: string;
    body: { recipientId: string; amount: string; reference?: string };
  } | null>(null);

  const list = recipients.data?.recipients ?? [];
  const chosen = list.find((r) => r.id === recipientId) ?? (adding ? undefined : list[0]);
  const fee = readAmount(data.data?.fees.fixFee ?? "0", "EUR") ?? 0n;
  const minor = readAmount(amount, "EUR");

  const attempt = async (code?: string) => {
    const current = action.current;
    if (!current) return;
    const result = await withdraw.mutateAsync({
      ibanId,
      body: current.body,
      key: current.key,
      ...(code ? { code } : {}),
    });
    action.current = null;
    setAmount("");
    setReference("");
    setModal({ kind: "done", result });
  };

  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.code === "CONFIRMATION_REQUIRED") return setModal({ kind: "sms" });
    if (error instanceof ApiError && error.field === "amount") {
      setModal({ kind: "none" });
      return setErrors({ amount: error.message });
    }
    setModal({ kind: "error", message: error instanceof Error ? error.message : String(error) });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!chosen) next.recipient = t("ibanWithdraw.chooseRecipient");
    if (!minor || minor <= 0n) next.amount = t("sendForm.errors.amount");
    setErrors(next);
    if (!chosen || !minor || minor <= 0n) return;
    const body = {
      recipientId: chosen.id,
      amount: toWire(minor, "EUR"),
      ...(reference.trim() ? { reference: reference.trim() } : {}),
    };
    if (!action.current || JSON.stringify(action.current.body) !== JSON.stringify(body))
      action.current = { key: crypto.randomUUID(), body };
    attempt().catch(onError);
  };

  const confirmCode = async (code: string): Promise<SmsConfirmResult> => {
    try {
      await attempt(code);
      return { ok: true };
    } catch (error) {
      if (error instanceof ApiError && error.field === "X-Confirmation-Code")
        return { ok: false, message: error.message };
      onError(error);
      return { ok: true };
    }
  };

  const close = (open: boolean) => {
    if (!open) setModal({ kind: "none" });
  };
  const result = modal.kind === "done" ? modal.result : undefined;
  return (
    <section className="k-surface k-iban__withdraw">
      <h1 className="k-page-title">{t("ibanWithdraw.title")}</h1>
      {data.data ? (
        <p className="k-iban__muted">
          {t("ibanWithdraw.available", { amount: formatMoney(data.data.availableBalance, "EUR") })} ·{" "}
          {t("ibanWithdraw.limits", {
            min: formatMoney(data.data.minAmount, "EUR"),
            max: formatMoney(data.data.maxAmount, "EUR"),
          })}
        </p>
      ) : null}
      <form className="k-iban__form" onSubmit={submit} noValidate>
        <fieldset className="k-iban__recipients">
          <legend>{t("ibanWithdraw.recipient")}</legend>
          {list.map((r) => (
            <RecipientRow
              key={r.id}
              recipient={r}
              checked={chosen?.id === r.id}
              onPick={() => {
                setRecipientId(r.id);
                setAdding(false);
                setErrors({});
              }}
              onRemove={() => remove.mutate(r.id)}
            />
          ))}
          {errors.recipient ? (
            <p className="k-field__error" role="alert">
              {errors.recipient}
            </p>
          ) : null}
        </fieldset>
        {adding || (recipients.isSuccess && list.length === 0) ? (
          <NewRecipient
            onAdded={(r) => {
              setRecipientId(r.id);
              setAdding(false);
              setErrors({});
            }}
          />
        ) : (
          <Button variant="ghost" onClick={() => setAdding(true)}>
            + {t("ibanWithdraw.newRecipient")}
          </Button>
        )}
        <AmountInput
          label={t("ibanWithdraw.amount")}
          value={amount}
          suffix="EUR"
          error={errors.amount}
          onChange={(v) => {
            setAmount(v);
            setErrors((e) => ({ ...e, amount: undefined }));
          }}
        />
        <TextField
          label={t("ibanWithdraw.reference")}
          value={reference}
          maxLength={140}
          onChange={(e) => setReference(e.target.value)}
        />
        <dl className="k-iban__details" aria-live="polite">
          <dt>{t("ibanWithdraw.fee")}</dt>
          <dd>{data.data ? formatMoney(data.data.fees.fixFee, "EUR") : "—"}</dd>
          <dt>{t("ibanWithdraw.total")}</dt>
          <dd>{minor ? formatMoney(toWire(minor + fee, "EUR"), "EUR") : "—"}</dd>
        </dl>
        <FormError error={data.error ?? recipients.error ?? undefined} />
        <Button type="submit" fullWidth disabled={withdraw.isPending}>
          {t("ibanWithdraw.continue")}
        </Button>
      </form>
      <SmsConfirmationModal
        open={modal.kind === "sms"}
        onOpenChange={close}
        onConfirm={confirmCode}
        onResend={() =>
          attempt().catch((e) =>
            e instanceof ApiError && e.code === "CONFIRMATION_REQUIRED" ? undefined : onError(e),
          )
        }
      />
      {result ? (
        <PendingModal
          open
          onOpenChange={close}
          title={t("ibanWithdraw.pendingTitle")}
          date={`${formatDate(result.createdAt, "long")}, ${formatDate(result.createdAt, "time")}`}
          value={formatMoney(result.amount, "EUR")}
          details={
            <dl className="k-iban__details">
              <dt>{t("ibanWithdraw.recipient")}</dt>
              <dd>{result.recipient.name}</dd>
              <dt>{t("ibanWithdraw.fee")}</dt>
              <dd>{formatMoney(result.fee, "EUR")}</dd>
            </dl>
          }
          description={t("ibanWithdraw.pendingDescription")}
          buttonText={t("ibanWithdraw.backToIban")}
          onDone={() => navigate(ROUTES.iban)}
        />
      ) : null}
      <ErrorModal
        open={modal.kind === "error"}
        onOpenChange={close}
        message={modal.kind === "error" ? modal.message : undefined}
        onRetry={() => setModal({ kind: "none" })}
      />
    </section>
  );
}

function RecipientRow(p: {
  recipient: Recipient;
  checked: boolean;
  onPick: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="k-iban__recipient">
      <label>
        <input type="radio" name="recipient" checked={p.checked} onChange={p.onPick} />
        <span>
          {p.recipient.name}
          <small>
            {groupIban(p.recipient.iban)} · {p.recipient.bic}
          </small>
        </span>
      </label>
      <Button
        variant="ghost"
        aria-label={t("ibanWithdraw.remove", { name: p.recipient.name })}
        onClick={p.onRemove}
      >
        ×
      </Button>
    </div>
  );
}

function NewRecipient({ onAdded }: { onAdded: (r: Recipient) => void }) {
  const { t } = useTranslation();
  const add = useAddRecipient();
  const [form, setForm] = useState({ name: "", iban: "", bic: "" });
  const field = add.error instanceof ApiError ? add.error.field : undefined;
  const fieldError = (name: string) => (field === name ? add.error?.message : undefined);
  const set = (name: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [name]: e.target.value }));
  return (
    <fieldset className="k-iban__form k-iban__new-recipient">
      <legend>{t("ibanWithdraw.newRecipient")}</legend>
      <TextField
        label={t("ibanWithdraw.name")}
        value={form.name}
        onChange={set("name")}
        error={fieldError("name")}
      />
      <TextField
        label={t("ibanWithdraw.iban")}
        value={form.iban}
        onChange={set("iban")}
        spellCheck={false}
        autoComplete="off"
        error={fieldError("iban")}
      />
      <TextField
        label={t("ibanWithdraw.bic")}
        value={form.bic}
        onChange={set("bic")}
        spellCheck={false}
        autoComplete="off"
        error={fieldError("bic")}
      />
      {field ? null : <FormError error={add.error ?? undefined} />}
      <Button
        variant="secondary"
        disabled={add.isPending}
        onClick={() => add.mutate(form, { onSuccess: onAdded })}
      >
        {t("ibanWithdraw.save")}
      </Button>
    </fieldset>
  );
}
