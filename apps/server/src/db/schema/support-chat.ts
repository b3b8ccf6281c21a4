import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";

export const SUPPORT_CHAT_AUTHORS = ["customer", "agent"] as const;
export type SupportChatAuthor = (typeof SUPPORT_CHAT_AUTHORS)[number];

/**
 * The sandbox support chat vendor's own store (sandbox mode only): the conversations customers
 * have in the chat widget a merchant's chat key names. A real vendor keeps these on its side; in
 * production this table stays empty. A conversation is the visitor id the widget keeps in its
 * own browser storage, as a vendor's widget does.
 */
export const sandboxSupportChatMessages = pgTable(
  "sandbox_support_chat_messages",
  {
    id: uuid("id").primaryKey(),
    chatKey: text("chat_key").notNull(),
    conversationId: uuid("conversation_id").notNull(),
    author: text("author").$type<SupportChatAuthor>().notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("sandbox_support_chat_conversation").on(t.chatKey, t.conversationId, t.createdAt),
    check("sandbox_support_chat_author", sql`${t.author} in ('customer', 'agent')`),
  ],
);
