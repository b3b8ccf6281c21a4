import { type CSSProperties, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { OperationEntryButton } from "../../../components/operations/OperationEntryButton.tsx";
import { isOffered } from "../../../components/operations/use-operation-gate.ts";
import { isBuilt } from "../../../lib/operations/built-operations.ts";
import { useOperationsCatalog } from "../../../lib/operations/operations-catalog.ts";
import type { OperationType } from "../../../lib/operations/operations-schema.ts";
import { ROUTES } from "../../../lib/routes.ts";
import { ActionIcon, type ActionIconName } from "./ActionIcon.tsx";
import { AddFundsModal } from "./AddFundsModal.tsx";
import { SendModal } from "./SendModal.tsx";

type ActionKey = "addFunds" | "send" | "exchange" | "withdraw" | "cards" | "earn" | "iban";

interface QuickAction {
  key: ActionKey;
  icon: ActionIconName;
  operations: readonly OperationType[];
  /** A page to open, or a chooser modal for actions with two ways. */
  target: string | "addFundsModal" | "sendModal";
}

const QUICK_ACTIONS: readonly QuickAction[] = [
  { key: "addFunds", icon: "plus", operations: ["PAYIN_CARD", "PAYIN_CRYPTO"], target: "addFundsModal" },
  { key: "send", icon: "send", operations: ["TRANSFER_MOBILE", "PAYOUT_CRYPTO"], target: "sendModal" },
  { key: "exchange", icon: "exchange", operations: ["EXCHANGE"], target: ROUTES.exchange },
  { key: "withdraw", icon: "withdraw", operations: ["PAYOUT_CARD"], target: ROUTES.withdrawCard },
  { key: "cards", icon: "card", operations: ["CARDS"], target: ROUTES.cards },
  { key: "earn", icon: "earn", operations: ["DEPOSITS"], target: ROUTES.earn },
  { key: "iban", icon: "bank", operations: ["IBAN"], target: ROUTES.iban },
];

/**
 * The operation entry points of the home page, each checked against the operations catalog;
 * features this release has not built are left out rather than shown as dead buttons.
 */
export function QuickActions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const headingId = useId();
  const [openModal, setOpenModal] = useState<"addFundsModal" | "sendModal" | null>(null);
  const setModalOpen = (modal: "addFundsModal" | "sendModal") => (open: boolean) =>
    setOpenModal(open ? modal : null);
  const catalog = useOperationsCatalog();
  // Left out, not shown dead: what this release has not built, and what the merchant does not offer.
  const actions = QUICK_ACTIONS.filter(
    (action) => isBuilt(action.operations) && isOffered(catalog.data, action.operations),
  );
  // An even grid: one row on wide screens; on phones up to four a row, more in two rows that
  // differ by one at most (7: 4 + 3, never 3 + 3 + 1).
  const columns = {
    "--k-actions": actions.length,
    "--k-actions-phone": actions.length <= 4 ? actions.length : Math.ceil(actions.length / 2),
  } as CSSProperties;

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="k-home__subtitle">
        {t("home.quickActions")}
      </h2>
      <ul className="k-quick-actions" style={columns}>
        {actions.map((action) => (
          <li key={action.key}>
            <OperationEntryButton
              operations={action.operations}
              label={t(`operations.${action.key}`)}
              icon={<ActionIcon name={action.icon} />}
              onEnter={() => {
                if (action.target === "addFundsModal" || action.target === "sendModal")
                  setOpenModal(action.target);
                else navigate(action.target);
              }}
            />
          </li>
        ))}
      </ul>
      <AddFundsModal open={openModal === "addFundsModal"} onOpenChange={setModalOpen("addFundsModal")} />
      <SendModal open={openModal === "sendModal"} onOpenChange={setModalOpen("sendModal")} />
    </section>
  );
}
