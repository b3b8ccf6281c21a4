import { unwrap } from "@kestrel/api-client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { createRevealKeyPair } from "../../../lib/crypto/browser-key-pair.ts";
import { sealToServerKey } from "../../../lib/crypto/rsa-seal.ts";
import { useApi } from "../../../lib/session/session-context.tsx";
import type { CardProgram } from "./cards-queries.ts";

export type BlockAction = "freeze" | "unfreeze";
/** What a reveal shows: number (and with the SMS code, CVV and expiry), opened in the page. */
export type RevealedCard = { number: string; cvv?: string; expiry?: string; cardholderName: string };

const path = (program: CardProgram, cardId: string) => ({ query: { cp: program }, path: { cardId } });

/** The card list reads again after a change (status, PIN flag, name). */
function useListRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ["cards", "list"] });
}

/**
 * Reveal and the code it needs. Number and CVV come sealed to a key pair made for this reveal.
 * Plain calls, not mutations: the opened secrets must live only in the modal's state (which
 * drops them after 30 seconds), never in the query client's cache.
 */
export function useCardReveal(program: CardProgram) {
  const api = useApi();
  return {
    async number(cardId: string): Promise<RevealedCard> {
      const keys = await createRevealKeyPair();
      const sealed = await unwrap(
        api.POST("/v2/card/{cardId}/number", {
          params: path(program, cardId),
          body: { publicKey: keys.publicKey },
        }),
      );
      return { number: await keys.open(sealed.number), cardholderName: sealed.cardholderName };
    },
    sendCode: (cardId: string) =>
      unwrap(api.GET("/v2/card/{cardId}/details/code", { params: path(program, cardId) })),
    async details(cardId: string, code: string): Promise<RevealedCard> {
      const keys = await createRevealKeyPair();
      const sealed = await unwrap(
        api.POST("/v2/card/{cardId}/details", {
          params: path(program, cardId),
          body: { code, publicKey: keys.publicKey },
        }),
      );
      return {
        number: await keys.open(sealed.number),
        cvv: await keys.open(sealed.cvv),
        expiry: sealed.expiry,
        cardholderName: sealed.cardholderName,
      };
    },
  };
}

/** The PIN leaves the page sealed to the server's RSA key, as activation codes do. */
export function useSetPin(program: CardProgram) {
  const api = useApi();
  const refresh = useListRefresh();
  return useMutation({
    mutationFn: async (v: { cardId: string; pin: string }) => {
      const key = await unwrap(api.GET("/v2/card/rsa-public-key", { params: { query: { cp: program } } }));
      return unwrap(
        api.POST("/v2/card/{cardId}/pin", {
          params: path(program, v.cardId),
          body: { keyId: key.id, pin: await sealToServerKey(key.publicKey, v.pin) },
        }),
      );
    },
    onSuccess: refresh,
  });
}

export function useSetLabel(program: CardProgram) {
  const api = useApi();
  const refresh = useListRefresh();
  return useMutation({
    mutationFn: (v: { cardId: string; label: string }) =>
      unwrap(
        api.POST("/v2/card/{cardId}/label", { params: path(program, v.cardId), body: { label: v.label } }),
      ),
    onSuccess: refresh,
  });
}

/** Soft block (freeze) and unblock: a code is texted, then the action is confirmed with it. */
export function useCardBlock(program: CardProgram, action: BlockAction) {
  const api = useApi();
  const refresh = useListRefresh();
  return {
    sendCode: useMutation({
      mutationFn: (cardId: string) =>
        unwrap(
          action === "freeze"
            ? api.GET("/v2/card/{cardId}/soft-block/code", { params: path(program, cardId) })
            : api.GET("/v2/card/{cardId}/soft-unblock/code", { params: path(program, cardId) }),
        ),
    }),
    confirm: useMutation({
      mutationFn: (v: { cardId: string; code: string }) =>
        unwrap(
          action === "freeze"
            ? api.POST("/v2/card/{cardId}/soft-block", {
                params: path(program, v.cardId),
                body: { code: v.code },
              })
            : api.POST("/v2/card/{cardId}/soft-unblock", {
                params: path(program, v.cardId),
                body: { code: v.code },
              }),
        ),
      onSuccess: refresh,
    }),
  };
}
