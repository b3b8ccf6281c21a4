import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { AssetIcon } from "../../../components/asset-icon/AssetIcon.tsx";
import { Button } from "../../../components/Button.tsx";
import { formatMoney, readAmount } from "../../../lib/format/money.ts";
import { useWallets, type Wallet } from "../../../lib/wallets/wallet-queries.ts";
import { AddFundsModal } from "./AddFundsModal.tsx";

const isEmpty = (wallets: readonly Wallet[]) =>
  wallets.every((wallet) => (readAmount(wallet.balance, wallet.currency) ?? 0n) === 0n);

/**
 * Home's first line: the total in the customer's fiat currency. It keeps its height while the
 * wallets load, so the quick actions under it never move when the figure arrives (Lighthouse
 * counted that jump as a layout shift); a failed load is said by the wallet list below.
 */
export function BalanceTotal() {
  const { t } = useTranslation();
  const data = useWallets().data;
  return (
    <div className="k-balance" aria-busy={data ? undefined : true}>
      <p className="k-balance__label">{t("wallets.total")}</p>
      <p className="k-balance__total">
        {data ? (
          <span className="k-amount">{formatMoney(data.fiat.total, data.fiat.customerCurrency)}</span>
        ) : (
          <span className="k-skeleton k-balance__skeleton" />
        )}
      </p>
    </div>
  );
}

/** Home: every wallet; empty wallets lead to a deposit. Under the quick actions, whatever its length. */
export function WalletsOverview() {
  const { t } = useTranslation();
  const wallets = useWallets();
  const listId = useId();
  const [addFunds, setAddFunds] = useState(false);
  const data = wallets.data;

  if (!data) {
    return wallets.isPending ? (
      <WalletsSkeleton />
    ) : (
      <div role="alert" className="k-home__error">
        <p>{t("wallets.loadError")}</p>
        {wallets.error?.message ? <p className="k-home__muted">{wallets.error.message}</p> : null}
        <Button variant="secondary" onClick={() => void wallets.refetch()}>
          {t("wallets.retry")}
        </Button>
      </div>
    );
  }

  return (
    <>
      {isEmpty(data.wallets) ? (
        <div className="k-home__empty">
          <h2 className="k-home__subtitle">{t("wallets.emptyTitle")}</h2>
          <p className="k-home__muted">{t("wallets.emptyText")}</p>
          <Button onClick={() => setAddFunds(true)}>{t("wallets.firstDeposit")}</Button>
          <AddFundsModal open={addFunds} onOpenChange={setAddFunds} />
        </div>
      ) : null}
      {data.wallets.length > 0 ? (
        <section aria-labelledby={listId}>
          <h2 id={listId} className="k-home__subtitle">
            {t("wallets.list")}
          </h2>
          <ul className="k-wallets">
            {data.wallets.map((wallet) => (
              <li key={wallet.id} className="k-wallets__item">
                <AssetIcon code={wallet.currency} size={36} />
                <span className="k-wallets__name">
                  <strong>{wallet.currency}</strong>
                  <span className="k-home__muted">{wallet.name}</span>
                </span>
                <span className="k-wallets__amounts">
                  <strong className="k-amount">{formatMoney(wallet.balance, wallet.currency)}</strong>
                  <span className="k-home__muted k-amount">
                    {formatMoney(wallet.fiat.amount, wallet.fiat.customerCurrency)}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/** Three wallet rows' shape while the wallets load, so the list arrives without moving the page. */
function WalletsSkeleton() {
  const { t } = useTranslation();
  return (
    <section aria-busy="true" aria-label={t("wallets.list")}>
      <span className="k-skeleton k-home__subtitle-skeleton" />
      <ul className="k-wallets">
        {[0, 1, 2].map((row) => (
          <li key={row} className="k-wallets__item k-wallets__item--skeleton" data-testid="wallet-skeleton">
            <span className="k-skeleton k-wallets__icon-skeleton" />
            <span className="k-skeleton k-wallets__line-skeleton" />
          </li>
        ))}
      </ul>
    </section>
  );
}
