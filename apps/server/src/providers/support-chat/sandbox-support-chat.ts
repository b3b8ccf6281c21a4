import { v7 as uuidv7 } from "uuid";
import type { SandboxSupportChatRepository, SupportChatMessage } from "./sandbox-support-chat.repository.ts";

export type { SupportChatMessage } from "./sandbox-support-chat.repository.ts";

/** A chat account of the vendor: the merchant that holds the key, as the vendor knows it. */
export type ChatAccount = { title: string; brand: string };

/** Longest message the sandbox chat takes, as a vendor's widget limits its text box. */
export const SUPPORT_CHAT_MESSAGE_MAX = 2000;

/**
 * The sandbox support chat vendor (sandbox mode only). Like a real vendor it knows its accounts
 * (here: the merchants' chat keys), keeps each visitor's conversation on its side, and answers at
 * once with an automatic reply, as vendors do before an agent joins. No agent ever joins: the
 * reply says so, so nobody mistakes the sandbox for a real support channel.
 */
export function createSandboxSupportChat(deps: {
  repository: SandboxSupportChatRepository;
  account: (chatKey: string) => Promise<ChatAccount | undefined>;
}) {
  const { repository } = deps;
  return {
    account: deps.account,

    conversation: (chatKey: string, conversationId: string): Promise<SupportChatMessage[]> =>
      repository.conversation(chatKey, conversationId),

    /** Keeps the visitor's message and the automatic answer; false when the key is nobody's. */
    async send(chatKey: string, conversationId: string, text: string): Promise<boolean> {
      const account = await deps.account(chatKey);
      if (!account) return false;
      const earlier = await repository.conversation(chatKey, conversationId);
      const asked = { id: uuidv7(), chatKey, conversationId, author: "customer" as const, body: text };
      const answer = {
        id: uuidv7(),
        chatKey,
        conversationId,
        author: "agent" as const,
        body: automaticAnswer(account, earlier.length === 0),
      };
      await repository.insert([asked, answer]);
      return true;
    },
  };
}

function automaticAnswer(account: ChatAccount, firstMessage: boolean): string {
  return firstMessage
    ? `Thanks for writing to ${account.title} support. This is the sandbox chat: your message is kept here, and in production an agent would answer you in this window.`
    : "Got it, thank you. In the sandbox no agent joins, so this automatic answer is all you will get.";
}

export type SandboxSupportChat = ReturnType<typeof createSandboxSupportChat>;
