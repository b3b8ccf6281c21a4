import swagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { describeDocument, type OpenApiDocument } from "./openapi-texts.ts";

/** The OpenAPI 3.1 document is generated from the routes' zod schemas (`npm run generate`). */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Kestrel API",
        version: "1.0.0",
        description: "Customer API, merchant configuration service and sandbox controls of Kestrel.",
      },
      components: {
        securitySchemes: {
          bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
          client: { type: "http", scheme: "basic", description: "The merchant's basic client credential" },
          operatorSession: {
            type: "apiKey",
            in: "cookie",
            name: "kestrel_operator",
            description: "The back-office's session cookie (/admin/v1/auth/sign-in, then /totp)",
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    // Summaries, error texts, tags and servers for the whole document (openapi-texts.ts).
    transformObject: (input) => describeDocument(jsonSchemaTransformObject(input) as OpenApiDocument),
    hideUntagged: false,
  });
}
