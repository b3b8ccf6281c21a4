import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../components/TextField.tsx";
import { useApi } from "../../lib/session/session-context.tsx";
import type { Wallet } from "../../lib/wallets/wallet-queries.ts";
import { type AddressStatus, addressVerdict } from "./address-check.ts";
import { validateSend } from "./api/send-calls.ts";

const DEBOUNCE_MS = 400;

/**
 * The recipient's address, checked as typed: the network's pattern at once, then (debounced)
 * POST /v1/wallet/send/validate, whose address refusals show at the field.
 */
export function AddressField(props: {
  wallet: Wallet;
  amount: string;
  address: string;
  error: string | undefined;
  onChange: (address: string) => void;
  onStatus: (status: AddressStatus) => void;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const { wallet, amount, address, onStatus } = props;
  const [settled, setSettled] = useState(address);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(address), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [address]);
  const typing = settled !== address;
  const check = useQuery({
    queryKey: ["sendValidate", wallet.currency, amount, settled],
    queryFn: () => validateSend(api, { currency: wallet.currency, amount, address: settled }),
    enabled: !typing && settled !== "" && amount !== "",
    staleTime: 30_000,
  });
  const status = addressVerdict({
    address,
    pattern: wallet.pattern,
    checking: typing || check.isFetching,
    validation: check.data,
  });
  // Told once per change of verdict, not on every render (the parent stores it).
  const statusKey = JSON.stringify(status);
  useEffect(() => onStatus(JSON.parse(statusKey) as AddressStatus), [onStatus, statusKey]);

  const hint =
    status.state === "checking"
      ? t("sendForm.addressChecking")
      : status.state === "valid" && address !== ""
        ? t("sendForm.addressOk")
        : undefined;
  const error =
    props.error ??
    (status.state === "invalid" ? (status.message ?? t("sendForm.errors.addressInvalid")) : undefined);
  return (
    <TextField
      label={t("sendForm.address")}
      autoComplete="off"
      spellCheck={false}
      value={address}
      hint={error ? undefined : hint}
      error={error}
      onChange={(event) => props.onChange(event.target.value.trim())}
    />
  );
}
