import { randomUUID } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  type SandboxSupportChat,
  SUPPORT_CHAT_MESSAGE_MAX,
} from "../../providers/support-chat/sandbox-support-chat.ts";
import { renderSupportChat, renderUnknownChat } from "./sandbox-support-chat.page.ts";

/** The visitor id the widget keeps, as a vendor's widget keeps one in its own storage. */
const VISITOR_COOKIE = "kestrel_sandbox_chat";
const CHAT_PATH = "/sandbox/support-chat";

const chatKey = z.string().min(1).max(200);
const uuid = z.uuid();

function visitorFrom(cookieHeader: string | undefined): string | undefined {
  const match = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${VISITOR_COOKIE}=([^;]+)`));
  const value = match?.[1];
  return value && uuid.safeParse(value).success ? value : undefined;
}

/**
 * Sandbox only: the support chat vendor's widget page that the web frames for a merchant's chat
 * key (docs/support.md). Hidden from the contract: it is the vendor's page, not our API.
 */
export const sandboxSupportChatRoutes =
  (chat: SandboxSupportChat): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      CHAT_PATH,
      {
        schema: {
          hide: true,
          querystring: z.object({ key: chatKey, error: z.string().max(200).optional() }),
        },
      },
      async (req, reply) => {
        // The web app frames this page; every other page of ours refuses to be framed.
        const csp = String(reply.getHeader("content-security-policy") ?? "");
        reply
          .header("content-security-policy", csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"))
          .header("cache-control", "no-store")
          .type("text/html; charset=utf-8");
        const account = await chat.account(req.query.key);
        if (!account) return reply.status(404).send(renderUnknownChat());
        let conversationId = visitorFrom(req.headers.cookie);
        if (!conversationId) {
          conversationId = randomUUID();
          reply.header(
            "set-cookie",
            `${VISITOR_COOKIE}=${conversationId}; Path=${CHAT_PATH}; HttpOnly; SameSite=Lax; Max-Age=31536000`,
          );
        }
        return renderSupportChat({
          chatKey: req.query.key,
          title: account.title,
          brand: account.brand,
          conversationId,
          messages: await chat.conversation(req.query.key, conversationId),
          error: req.query.error,
        });
      },
    );

    app.post(
      `${CHAT_PATH}/messages`,
      {
        schema: {
          hide: true,
          consumes: ["application/x-www-form-urlencoded"],
          body: z.object({
            key: chatKey,
            conversation: uuid,
            message: z.string().trim().max(SUPPORT_CHAT_MESSAGE_MAX),
          }),
        },
      },
      async (req, reply) => {
        const { key, conversation, message } = req.body;
        const back = (params: Record<string, string>) =>
          `${CHAT_PATH}?${new URLSearchParams({ key, ...params })}`;
        if (!message) return reply.redirect(back({ error: "Please type a message." }), 303);
        // An unknown key keeps nothing; the page it returns to says the chat is not set up.
        await chat.send(key, conversation, message);
        return reply.redirect(back({}), 303);
      },
    );
  };
