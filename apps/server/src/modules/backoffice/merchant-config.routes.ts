import multipart from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import type { ConfigSection } from "../../db/schema/merchant-config.ts";
import { commonErrors } from "../../http/app-error.ts";
import { OPERATION_NAMES } from "../catalog/index.ts";
import { type ConfigVersion, MAX_LOGO_BYTES, type SectionState } from "../merchant-config/index.ts";
import { adminErrors, operatorSecurity, signedInOperator } from "../operators/index.ts";
import {
  brandingBody,
  cardProgramsBody,
  changeResponse,
  configResponse,
  feesBody,
  limitsBody,
  linksBody,
  operationsBody,
  rollbackBody,
  textsBody,
  versionParams,
  versionsQuery,
  versionsResponse,
} from "./merchant-config.schemas.ts";

const tags = ["backoffice"];
const logoResponse = z.object({ url: z.string() }).meta({ id: "AdminConfigLogo" });

const logoRefused = (message: string) =>
  commonErrors.create("NOT_VALID_REQUEST_DATA", { field: "logo", message });

/** The one `logo` file of a multipart body, read whole (a second file is refused, not dropped). */
async function readLogo(req: FastifyRequest): Promise<Uint8Array> {
  let logo: Uint8Array | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type !== "file") continue;
      if (logo !== undefined || part.fieldname !== "logo") {
        part.file.resume();
        throw logoRefused("logo: one image file in the field `logo`");
      }
      logo = await part.toBuffer();
    }
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw logoRefused("logo: at most 512 KB");
    if (code?.startsWith("FST_")) throw logoRefused("logo: one image file in the field `logo`");
    throw e;
  }
  if (logo === undefined) throw logoRefused("logo: one image file in the field `logo`");
  return logo;
}
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
  { section: "fees", path: "fees", body: feesBody, id: "adminConfigSetFees" },
  { section: "limits", path: "limits", body: limitsBody, id: "adminConfigSetLimits" },
];

/** The merchant's configuration: read, change a section, versions, roll back. */
export const merchantConfigRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { merchantConfig } = deps.services;
    // The logo upload only: one file, nothing past 512 KB read (scoped to these routes).
    await app.register(multipart, {
      limits: { fileSize: MAX_LOGO_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024, headerPairs: 50 },
    });

    app.post(
      "/admin/v1/merchant-config/logo",
      {
        config: { permission: "config.manage" },
        schema: {
          operationId: "adminConfigUploadLogo",
          tags,
          description:
            "multipart/form-data with one file field `logo`: PNG, JPEG or WebP (recognised by content), at most 512 KB. Answers its address; saving the branding section with it is the change.",
          consumes: ["multipart/form-data"],
          security: operatorSecurity,
          response: { 200: logoResponse, ...errors },
        },
      },
      async (req) => {
        const ctx = signedInOperator(req);
        const bytes = await readLogo(req);
        return {
          url: await merchantConfig.uploadLogo({ actor: ctx.actor, merchantId: ctx.merchantId, bytes }),
        };
      },
    );

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
        return { ...(await merchantConfig.current(ctx.merchantId)), operationNames: OPERATION_NAMES };
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
