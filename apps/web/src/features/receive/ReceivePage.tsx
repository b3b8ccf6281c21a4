import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AssetIcon } from "../../components/asset-icon/AssetIcon.tsx";
import { CopyButton } from "../../components/CopyButton.tsx";
import { SelectField } from "../../components/SelectField.tsx";
import { RowsSkeleton } from "../../components/skeleton/RowsSkeleton.tsx";
import { formatDate } from "../../lib/format/dates.ts";
import { formatMoney } from "../../lib/format/money.ts";
import { AddressQr } from "./AddressQr.tsx";
import { useReceiveWallets } from "./api/receive-wallets.ts";
import { useRecentDeposits } from "./api/recent-deposits.ts";
import "./receive.css";

/** /top-up/receive: the customer's own deposit address per currency, its QR code and pending deposits. */
export function ReceivePage() {
  const { t } = useTranslation();
  const wallets = useReceiveWallets();
  const receivable = (wallets.data?.wallets ?? []).filter((wallet) => wallet.network !== null);
  const [picked, setPicked] = useState<string | undefined>();
  const wallet = receivable.find((w) => w.currency === picked) ?? receivable[0];
  const deposits = useRecentDeposits(wallet?.currency);
  // The server's latest deposits: pending ones with their confirmations, then the credited ones,
  // whether or not this visit saw them pending (a fast chain confirms between two looks).
  const pending = deposits.data?.filter((d) => d.status === "PENDING") ?? [];
  const credited = deposits.data?.filter((d) => d.status === "COMPLETED") ?? [];

  return (
    <section className="k-surface k-receive">
      <h1 className="k-page-title">{t("pages.topUpReceive")}</h1>
      {wallets.isPending ? <RowsSkeleton /> : null}
      {wallets.error ? <p role="alert">{wallets.error.message}</p> : null}
      {wallets.data && !wallet ? <p>{t("receive.noWallets")}</p> : null}
      {wallet ? (
        <>
          <SelectField
            label={t("receive.currency")}
            value={wallet.currency}
            onChange={(event) => setPicked(event.target.value)}
          >
            {receivable.map((w) => (
              <option key={w.id} value={w.currency}>
                {`${w.currency} — ${w.name}`}
              </option>
            ))}
          </SelectField>
          <p className="k-receive__row k-receive__network">
            <span className="k-receive__label">{t("receive.network")}</span>{" "}
            {wallet.network ? <AssetIcon code={wallet.network} kind="network" size={20} /> : null}
            <strong>{wallet.networkName ?? wallet.network}</strong>
          </p>
          {wallet.address ? (
            <div className="k-receive__card">
              <AddressQr address={wallet.address} alt={t("receive.qrAlt", { currency: wallet.currency })} />
              <div className="k-receive__address">
                <p className="k-receive__label">{t("receive.address", { currency: wallet.currency })}</p>
                <code className="k-receive__code">{wallet.address}</code>
                <CopyButton text={wallet.address} />
              </div>
            </div>
          ) : (
            <p role="status">
              {wallet.addressUnavailableReason
                ? t("receive.unavailable", { reason: wallet.addressUnavailableReason })
                : t("receive.preparing")}
            </p>
          )}
          <p className="k-receive__note">
            {t("receive.onlyNetwork", {
              currency: wallet.currency,
              network: wallet.networkName ?? wallet.network ?? "",
            })}
            {wallet.requiredConfirmations
              ? ` ${t("receive.confirmations", { count: wallet.requiredConfirmations })}`
              : null}
          </p>
          {pending.length > 0 ? (
            <section aria-label={t("receive.pending")}>
              <h2 className="k-receive__subtitle">{t("receive.pending")}</h2>
              <ul className="k-receive__pending">
                {pending.map((deposit) => (
                  <li key={deposit.operationId}>
                    <strong>{formatMoney(deposit.amount, deposit.currency)}</strong>
                    <span>
                      {t("receive.progress", {
                        confirmations: deposit.receiveCryptoModel?.confirmations ?? 0,
                        required:
                          deposit.receiveCryptoModel?.requiredConfirmations ??
                          wallet.requiredConfirmations ??
                          "?",
                      })}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {credited.length > 0 ? (
            <section aria-label={t("receive.creditedTitle")}>
              <h2 className="k-receive__subtitle">{t("receive.creditedTitle")}</h2>
              <ul className="k-receive__pending">
                {credited.map((deposit) => (
                  <li key={deposit.operationId}>
                    <strong>{formatMoney(deposit.amount, deposit.currency)}</strong>
                    <span className="k-receive__credited">{t("receive.credited")}</span>
                    <time className="k-receive__when" dateTime={deposit.createdAt}>
                      {`${formatDate(deposit.createdAt, "dotted")} ${formatDate(deposit.createdAt, "time")}`}
                    </time>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
