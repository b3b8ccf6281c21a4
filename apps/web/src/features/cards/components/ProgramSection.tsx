import { ApiError } from "@kestrel/api-client";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "../../../components/Button.tsx";
import { CardArt } from "../../../components/card-art/CardArt.tsx";
import { FormError } from "../../../components/FormError.tsx";
import { CancelOrderModal } from "../../../components/modal/CancelOrderModal.tsx";
import { Spinner } from "../../../components/Spinner.tsx";
import { formatMoney } from "../../../lib/format/money.ts";
import { ROUTES } from "../../../lib/routes.ts";
import {
  type Card,
  type CardProgram,
  useCardList,
  useCardOrderActions,
  useCardPrices,
} from "../api/cards-queries.ts";
import { isInFlight } from "../card-status.ts";
import { ActivateCardModal } from "./ActivateCardModal.tsx";
import { CardFundingPanel } from "./CardFundingPanel.tsx";
import { CardTerms } from "./CardTerms.tsx";
import { CardTopUpModal } from "./CardTopUpModal.tsx";
import { StatusNote } from "./StatusNote.tsx";
import { CardSecurityActions } from "./security/CardSecurityActions.tsx";

const orderLink = (program: CardProgram, requestId?: string) =>
  `${ROUTES.cardsOrder}?${new URLSearchParams({ cp: program, ...(requestId ? { request: requestId } : {}) })}`;

/** One card program on /cards: its prices and terms, the customer's cards and open orders. */
export function ProgramSection({ program }: { program: CardProgram }) {
  const { t } = useTranslation();
  const prices = useCardPrices(program);
  const offered = prices.isSuccess;
  const list = useCardList(program, offered);
  const actions = useCardOrderActions(program);
  const [activating, setActivating] = useState<Card>();
  const [cancelling, setCancelling] = useState<string>();
  const [toppingUp, setToppingUp] = useState<{ id: string }>();
  const notOffered = prices.error instanceof ApiError && prices.error.status === 403;
  const cards = list.data?.cards ?? [];
  const unfinished = cards.find((c) => c.id === null && c.status === "COLLECTION");
  const headingId = `cards-${program}`;

  return (
    <section className="k-surface k-cards__program" aria-labelledby={headingId}>
      <h2 id={headingId} className="k-cards__heading">
        {prices.data?.name ?? (prices.isPending ? t("form.loading") : t("cards.unnamedProgram"))}
      </h2>
      {prices.data?.description ? <p className="k-cards__muted">{prices.data.description}</p> : null}
      {prices.isPending ? <Spinner /> : null}
      {notOffered ? <StatusNote status="SOON" /> : <FormError error={prices.error ?? undefined} />}
      {offered ? (
        <div className="k-cards__offer">
          {prices.data.prices.map((p) => (
            <CardTerms key={p.cardType} price={p} />
          ))}
        </div>
      ) : null}
      {offered && list.isPending ? <Spinner /> : null}
      {offered && list.isSuccess && cards.length === 0 ? (
        <>
          {/* The program's card as it would look, in its first design and form. */}
          <CardArt
            colour={prices.data.designs[0]?.hex}
            form={prices.data.prices[0]?.cardType ?? "PLASTIC"}
            programName={prices.data.name}
          />
          <p className="k-cards__empty">{t("cards.empty")}</p>
        </>
      ) : null}
      <FormError error={list.error ?? actions.cancel.error ?? undefined} />
      <ul className="k-cards__list">
        {cards.map((card) => {
          const price = prices.data?.prices.find((p) => p.cardType === card.cardType);
          return (
            <li key={card.cardRequestId} className="k-cards__item" data-testid={`card-${card.cardRequestId}`}>
              <CardArt
                colour={prices.data?.designs.find((d) => d.colour === card.colour)?.hex}
                form={card.cardType}
                programName={prices.data?.name}
                number={card.number}
              />
              <div className="k-cards__details">
                {card.label ? <p className="k-cards__label">{card.label}</p> : null}
                <p className="k-cards__title">
                  {t(`cards.forms.${card.cardType}`)} · {t(`cards.colours.${card.colour as "BLACK"}`)}
                  {card.number ? ` · ${card.number}` : ""}
                </p>
                <StatusNote status={card.displayStatus} />
                {isInFlight(card) ? (
                  <p className="k-cards__muted" data-testid="card-in-flight">
                    {t("cards.inFlight")}
                  </p>
                ) : null}
                {card.id ? (
                  <CardFundingPanel
                    card={{ ...card, id: card.id }}
                    program={program}
                    onTopUp={
                      card.status === "ACTIVE" ? () => setToppingUp({ id: card.id as string }) : undefined
                    }
                  />
                ) : null}
                {card.deliveryState ? (
                  <p className="k-cards__muted">{t(`cards.delivery.${card.deliveryState}`)}</p>
                ) : null}
                {card.paid ? (
                  <p className="k-cards__muted">
                    {t("cards.paid", { amount: formatMoney(card.paid.value, card.paid.currency) })}
                  </p>
                ) : null}
                {price ? (
                  <CardTerms price={{ ...price, plan: card.plan, fees: card.fees }} showPrice={false} />
                ) : null}
                <div className="k-cards__actions">
                  {card.displayStatus === "READY" && card.id ? (
                    <Button onClick={() => setActivating(card)}>{t("cards.activate")}</Button>
                  ) : null}
                  {card.id === null && card.status === "COLLECTION" ? (
                    <Link className="k-button k-button--primary" to={orderLink(program, card.cardRequestId)}>
                      {t("cards.continueOrder")}
                    </Link>
                  ) : null}
                  {card.id === null ? (
                    <Button variant="ghost" onClick={() => setCancelling(card.cardRequestId)}>
                      {t("cards.cancelOrder")}
                    </Button>
                  ) : null}
                </div>
                <CardSecurityActions card={card} program={program} />
              </div>
            </li>
          );
        })}
      </ul>
      {/* Only once the list is known: an unfinished order is continued, not ordered anew. */}
      {offered && list.isSuccess && !unfinished ? (
        <Link className="k-button k-button--secondary k-cards__order" to={orderLink(program)}>
          {cards.length === 0 ? t("cards.order") : t("cards.orderAnother")}
        </Link>
      ) : null}
      <CardTopUpModal card={toppingUp} program={program} onClose={() => setToppingUp(undefined)} />
      <ActivateCardModal card={activating} program={program} onClose={() => setActivating(undefined)} />
      <CancelOrderModal
        open={Boolean(cancelling)}
        onOpenChange={(open) => (open ? undefined : setCancelling(undefined))}
        pending={actions.cancel.isPending}
        onConfirmCancel={() => {
          if (cancelling) actions.cancel.mutate(cancelling, { onSettled: () => setCancelling(undefined) });
        }}
      />
    </section>
  );
}
