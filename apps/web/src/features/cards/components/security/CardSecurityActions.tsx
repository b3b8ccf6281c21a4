import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../../components/Button.tsx";
import type { Card, CardProgram } from "../../api/cards-queries.ts";
// Its texts load with it (lib/i18n/feature-texts.ts).
import "../../../../lib/i18n/en-card-security.ts";

// The modals load together on first use (one chunk, one import), so the cards page does not grow.
const modals = () => import("./card-security-modals.ts");
const RevealModal = lazy(() => modals().then((m) => ({ default: m.RevealModal })));
const PinModal = lazy(() => modals().then((m) => ({ default: m.PinModal })));
const LabelModal = lazy(() => modals().then((m) => ({ default: m.LabelModal })));
const FreezeModal = lazy(() => modals().then((m) => ({ default: m.FreezeModal })));

type Action = "number" | "details" | "pin" | "label" | "freeze";
/** Cards the customer controls: working, or frozen by themselves. */
const CONTROLLED = new Set(["ACTIVE", "SOFT_BLOCKED"]);

/**
 * A card's own controls on /cards: show number or details, PIN, name, freeze or unfreeze. A modal
 * stays mounted once opened (closed, not unmounted), so Radix gives focus back to its button.
 */
export function CardSecurityActions({ card, program }: { card: Card; program: CardProgram }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Action>();
  const [used, setUsed] = useState<ReadonlySet<Action>>(new Set());
  const cardId = card.id;
  if (!cardId || !CONTROLLED.has(card.status)) return null;
  const frozen = card.status === "SOFT_BLOCKED";
  const show = (action: Action) => {
    setUsed((before) => new Set(before).add(action));
    setOpen(action);
  };
  const modal = (action: Action) => ({
    open: open === action,
    onOpenChange: (next: boolean) => setOpen(next ? action : undefined),
    card: { ...card, id: cardId },
    program,
  });

  return (
    <>
      <div className="k-cards__actions k-cards__controls">
        <Button variant="ghost" onClick={() => show("number")}>
          {t("cardSecurity.showNumber")}
        </Button>
        <Button variant="ghost" onClick={() => show("details")}>
          {t("cardSecurity.showDetails")}
        </Button>
        <Button variant="ghost" onClick={() => show("pin")}>
          {card.pinSet ? t("cardSecurity.changePin") : t("cardSecurity.setPin")}
        </Button>
        <Button variant="ghost" onClick={() => show("label")}>
          {card.label ? t("cardSecurity.rename") : t("cardSecurity.name")}
        </Button>
        <Button variant="ghost" onClick={() => show("freeze")}>
          {frozen ? t("cardSecurity.unfreeze") : t("cardSecurity.freeze")}
        </Button>
      </div>
      <Suspense fallback={null}>
        {used.has("number") ? <RevealModal {...modal("number")} mode="number" /> : null}
        {used.has("details") ? <RevealModal {...modal("details")} mode="details" /> : null}
        {used.has("pin") ? <PinModal {...modal("pin")} /> : null}
        {used.has("label") ? <LabelModal {...modal("label")} /> : null}
        {used.has("freeze") ? (
          <FreezeModal {...modal("freeze")} action={frozen ? "unfreeze" : "freeze"} />
        ) : null}
      </Suspense>
    </>
  );
}

/** What every card modal gets: the card (with its id), its program, and open state. */
export type CardModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  card: Card & { id: string };
  program: CardProgram;
};
