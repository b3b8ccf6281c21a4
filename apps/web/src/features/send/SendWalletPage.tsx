import { fieldMessage } from "@kestrel/api-client";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AddressField } from "./AddressField.tsx";
import type { AddressStatus } from "./address-check.ts";
import { SendForm } from "./SendForm.tsx";

/** /send/wallet: send to an address; outside the merchant it stays pending until the chain confirms. */
export function SendWalletPage() {
  const { t } = useTranslation();
  const [address, setAddress] = useState("");
  const [status, setStatus] = useState<AddressStatus>({ state: "empty" });
  const [error, setError] = useState<string | undefined>();
  const valid = status.state === "valid" && address !== "";

  return (
    <SendForm
      title={t("pages.sendWallet")}
      recipient={valid ? { address } : undefined}
      walletFilter={(wallet) => wallet.network !== null}
      checkRecipient={() => {
        if (address === "") setError(t("sendForm.errors.address"));
        return valid ? { recipient: { address }, text: address } : undefined;
      }}
      onRecipientError={(apiError) => {
        if (apiError.field !== "address") return false;
        setError(fieldMessage(apiError));
        return true;
      }}
      recipientInput={({ wallet, amount }) => (
        <AddressField
          wallet={wallet}
          amount={amount}
          address={address}
          error={error}
          onStatus={setStatus}
          onChange={(next) => {
            setAddress(next);
            setError(undefined);
          }}
        />
      )}
    />
  );
}
