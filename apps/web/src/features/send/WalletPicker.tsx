import { useTranslation } from "react-i18next";
import { SelectField } from "../../components/SelectField.tsx";
import { formatMoney } from "../../lib/format/money.ts";
import type { Wallet } from "../../lib/wallets/wallet-queries.ts";

/** The wallet to send from, each option with its available balance. */
export function WalletPicker({
  wallets,
  value,
  onChange,
}: {
  wallets: readonly Wallet[];
  value: string;
  onChange: (currency: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={t("sendForm.currency")}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      {wallets.map((wallet) => (
        <option key={wallet.id} value={wallet.currency}>
          {/* "0.01000000 BTC available": the amount names its currency; short enough for a phone. */}
          {t("sendForm.walletOption", { amount: formatMoney(wallet.availableBalance, wallet.currency) })}
        </option>
      ))}
    </SelectField>
  );
}
