import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app-deps.ts";
import { errorResponses } from "../../http/error-body.ts";
import { OK, resultSchema } from "../../http/result.ts";
import { authenticate, bearerSecurity, signedIn } from "../../plugins/authenticate.ts";
import { requestContext } from "../auth/index.ts";
import {
  eventsQuery,
  eventsResponse,
  notMeBody,
  notMeResponse,
  sessionParams,
  sessionsResponse,
  signOutOthersResponse,
} from "./security.schemas.ts";

const tags = ["security"];
const noStore = { "cache-control": "no-store" };

/** The security centre: sessions, sign-outs, the event record, the alert link (docs/accounts.md). */
export const securityRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { security } = deps.services;
    const session = { preHandler: authenticate(deps) };

    app.get(
      "/v2/security/sessions",
      {
        schema: {
          operationId: "listSecuritySessions",
          tags,
          description: "The customer's live sessions, most recently active first; this one is `current`.",
          security: bearerSecurity,
          response: { 200: sessionsResponse, ...errorResponses(401) },
        },
        ...session,
      },
      async (req, reply) => {
        reply.headers(noStore);
        return { sessions: await security.sessions(signedIn(req)) };
      },
    );

    app.delete(
      "/v2/security/sessions/:id",
      {
        schema: {
          operationId: "signOutSecuritySession",
          tags,
          description:
            "Signs out one of the customer's sessions. 404 naming id for another customer's, an ended or an unknown one.",
          security: bearerSecurity,
          params: sessionParams,
          response: { 200: resultSchema, ...errorResponses(400, 401, 404) },
        },
        ...session,
      },
      async (req) => {
        await security.signOutSession(signedIn(req), req.params.id);
        return OK;
      },
    );

    app.post(
      "/v2/security/sessions/sign-out-others",
      {
        schema: {
          operationId: "signOutOtherSessions",
          tags,
          description: "Signs out every session of the customer but this one.",
          security: bearerSecurity,
          response: { 200: signOutOthersResponse, ...errorResponses(401) },
        },
        ...session,
      },
      async (req) => security.signOutOthers(signedIn(req)),
    );

    app.get(
      "/v2/security/events",
      {
        schema: {
          operationId: "listSecurityEvents",
          tags,
          description: "The customer's security events, newest first.",
          security: bearerSecurity,
          querystring: eventsQuery,
          response: { 200: eventsResponse, ...errorResponses(400, 401) },
        },
        ...session,
      },
      async (req, reply) => {
        reply.headers(noStore);
        return security.events(signedIn(req), req.query);
      },
    );

    app.post(
      "/v2/security/not-me",
      {
        schema: {
          operationId: "securityNotMe",
          tags,
          description:
            "The new-device alert's \"This wasn't me\" link: signs out every session, texts a password reset code and answers the phone it went to. Single use; 400 naming token when used, expired or unknown.",
          body: notMeBody,
          response: { 200: notMeResponse, ...errorResponses(400, 404, 429) },
        },
      },
      async (req, reply) => {
        reply.headers(noStore);
        return security.notMe(await requestContext(deps, req), req.body.token);
      },
    );
  };
