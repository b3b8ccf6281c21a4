import type { SupportChatAuthor } from "../../db/schema/index.ts";
import type { ClientSource } from "../../db/transaction.ts";

export type SupportChatMessage = { id: string; author: SupportChatAuthor; body: string; createdAt: Date };

/** The SQL of the sandbox chat vendor's own table (sandbox_support_chat_messages). */
export function createSandboxSupportChatRepository(deps: { db: ClientSource }) {
  const { db } = deps;
  return {
    async conversation(chatKey: string, conversationId: string): Promise<SupportChatMessage[]> {
      const { rows } = await db.withClient((c) =>
        c.query<SupportChatMessage>(
          `select id, author, body, created_at as "createdAt" from sandbox_support_chat_messages
           where chat_key = $1 and conversation_id = $2 order by created_at, id`,
          [chatKey, conversationId],
        ),
      );
      return rows;
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
      if (rows.length === 0) return;
      const values: unknown[] = [];
      const tuples = rows.map(
        (r) =>
          `($${values.push(r.id)}, $${values.push(r.chatKey)}, $${values.push(r.conversationId)}, $${values.push(r.author)}, $${values.push(r.body)})`,
      );
      await db.withClient((c) =>
        c.query(
          `insert into sandbox_support_chat_messages (id, chat_key, conversation_id, author, body)
           values ${tuples.join(", ")}`,
          values,
        ),
      );
    },
  };
}

export type SandboxSupportChatRepository = ReturnType<typeof createSandboxSupportChatRepository>;
