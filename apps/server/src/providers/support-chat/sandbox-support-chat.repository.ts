import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/database.ts";
import { type SupportChatAuthor, sandboxSupportChatMessages } from "../../db/schema/index.ts";

export type SupportChatMessage = { id: string; author: SupportChatAuthor; body: string; createdAt: Date };

/** The SQL of the sandbox chat vendor's own table (sandbox_support_chat_messages). */
export function createSandboxSupportChatRepository(db: Db) {
  return {
    conversation(chatKey: string, conversationId: string): Promise<SupportChatMessage[]> {
      return db
        .select({
          id: sandboxSupportChatMessages.id,
          author: sandboxSupportChatMessages.author,
          body: sandboxSupportChatMessages.body,
          createdAt: sandboxSupportChatMessages.createdAt,
        })
        .from(sandboxSupportChatMessages)
        .where(
          and(
            eq(sandboxSupportChatMessages.chatKey, chatKey),
            eq(sandboxSupportChatMessages.conversationId, conversationId),
          ),
        )
        .orderBy(asc(sandboxSupportChatMessages.createdAt), asc(sandboxSupportChatMessages.id));
    },
    /** The rows go in one statement: a customer's message never stays without its answer. */
    async insert(
      rows: {
        id: string;
        chatKey: string;
        conversationId: string;
        author: SupportChatAuthor;
        body: string;
      }[],
    ): Promise<void> {
      await db.insert(sandboxSupportChatMessages).values(rows);
    },
  };
}

export type SandboxSupportChatRepository = ReturnType<typeof createSandboxSupportChatRepository>;
