import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import type { ConfigVersion } from "../merchant-config/merchant-config.service.ts";
import type { ConfigSection, SectionState } from "../merchant-config/merchant-config.types.ts";
import { signedInOperator } from "../operators/operators.service.ts";
import { adminErrors, operatorSecurity } from "../operators/operators.types.ts";
import {
  brandingBody,
  cardProgramsBody,
  changeResponse,
  configResponse,
  linksBody,
  operationsBody,
  rollbackBody,
  textsBody,
  versionParams,
  versionsQuery,
  versionsResponse,
} from "./merchant-config.schemas.ts";

const tags = ["backoffice"];
const errors = adminErrors;

const versionView = (v: ConfigVersion) => ({
  version: v.version,
  section: v.section,
  before: v.before as Record<string, unknown>,
  after: v.after as Record<string, unknown>,
  operatorId: v.operatorId,
  operatorEmail: v.operatorEmail,
  reason: v.reason,
  restoredVersion: v.restoredVersion,
  createdAt: v.createdAt.toISOString(),
});

/** One PUT per section of the configuration; docs/backoffice.md "Configuration". */
const SECTION_ROUTES: { section: ConfigSection; path: string; body: z.ZodObject; id: string }[] = [
  { section: "operations", path: "operations", body: operationsBody, id: "adminConfigSetOperations" },
  { section: "branding", path: "branding", body: brandingBody, id: "adminConfigSetBranding" },
  { section: "texts", path: "texts", body: textsBody, id: "adminConfigSetTexts" },
  { section: "links", path: "links", body: linksBody, id: "adminConfigSetLinks" },
  {
    section: "cardPrograms",
    path: "card-programs",
    body: cardProgramsBody,
    id: "adminConfigSetCardPrograms",
  },
];

/** The merchant's configuration: read, change a section, versions, roll back. */
export const merchantConfigRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { merchantConfig } = deps.services;

    app.get(
      "/admin/v1/merchant-config",
      {
        config: { permission: "config.read" },
        schema: {
          operationId: "adminConfig",
          tags,
          description: "Every section of the merchant's configuration as it is now.",
          security: operatorSecurity,
          response: { 200: configResponse, ...errors },
        },
      },
      async (req, reply) => {
        const ctx = signedInOperator(req);
        reply.header("cache-control", "no-store");
        return merchantConfig.current(ctx.merchantId);
      },
    );

    for (const route of SECTION_ROUTES) {
      app.put(
        `/admin/v1/merchant-config/${route.path}`,
        {
          config: { permission: "config.manage" },
          schema: {
            operationId: route.id,
            tags,
            description: `Replaces the ${route.section} section: versioned, audited, live on every instance within seconds.`,
            security: operatorSecurity,
            body: route.body,
            response: { 200: changeResponse, ...errors },
          },
        },
        async (req) => {
          const ctx = signedInOperator(req);
          const { reason, ...state } = req.body as Record<string, unknown> & { reason?: string };
          const { version } = await merchantConfig.change({
            actor: ctx.actor,
            merchantId: ctx.merchantId,
            section: route.section,
            state: state as SectionState[typeof route.section],
            reason: reason || null,
          });
          return { version: version ? versionView(version) : null };
        },
      );
    }

    app.get(
      "/admin/v1/merchant-config/versions",
      {
        config: { permission: "config.read" },
        schema: {
          operationId: "adminConfigVersions",
          tags,
          description: "Who changed what and when, newest first; `before` pages on.",
          security: operatorSecurity,
          querystring: versionsQuery,
          response: { 200: versionsResponse, ...errors },
        },
      },
      async (req, reply) => {
        const ctx = signedInOperator(req);
        const rows = await merchantConfig.versions({ merchantId: ctx.merchantId, ...req.query });
        reply.header("cache-control", "no-store");
        return { versions: rows.map(versionView) };
      },
    );

    app.post(
      "/admin/v1/merchant-config/versions/:version/rollback",
      {
        config: { permission: "config.manage" },
        schema: {
          operationId: "adminConfigRollback",
          tags,
          description: "A new version whose state is this version's; nothing else changes.",
          security: operatorSecurity,
          params: versionParams,
          body: rollbackBody,
          response: { 200: changeResponse, ...errors },
        },
      },
      async (req) => {
        const ctx = signedInOperator(req);
        const { version } = await merchantConfig.rollback({
          actor: ctx.actor,
          merchantId: ctx.merchantId,
          version: req.params.version,
          reason: req.body.reason || null,
        });
        return { version: version ? versionView(version) : null };
      },
    );
  };
