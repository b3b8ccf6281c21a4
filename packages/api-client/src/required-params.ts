import type { Middleware } from "openapi-fetch";

type OpenApiParameter = { name: string; in: string; required?: boolean };
type OpenApiDocument = {
  paths: Record<string, Record<string, { operationId?: string; parameters?: OpenApiParameter[] }>>;
};

/** Spec §8: a call made without one of its required parameters fails before anything is sent. */
export class RequiredParameterError extends Error {
  constructor(parameter: string, call: string) {
    super(`Required parameter ${parameter} was null or undefined when calling ${call}.`);
    this.name = "RequiredParameterError";
  }
}

/**
 * Middleware that checks every path parameter and every required query parameter of the
 * contract against what the caller passed. The call is named by its operationId when the
 * contract gives one, else by method and path.
 */
export function requiredParamsMiddleware(document: OpenApiDocument): Middleware {
  return {
    onRequest({ request, schemaPath, params }) {
      const method = request.method.toLowerCase();
      const operation = document.paths[schemaPath]?.[method];
      const call = operation?.operationId ?? `${request.method} ${schemaPath}`;
      for (const name of pathParameterNames(schemaPath)) {
        if (params.path?.[name] == null) throw new RequiredParameterError(name, call);
      }
      // Stryker disable next-line ArrayDeclaration: a made-up entry in an empty list is a string, whose
      // `required` is undefined, so the loop skips it just as it skips nothing.
      for (const p of operation?.parameters ?? []) {
        // Stryker disable next-line ConditionalExpression,StringLiteral: a path parameter reaching the
        // checks below is never refused either (only query is strict); paths are checked above by name.
        if (!p.required || p.in === "path") continue;
        const given =
          // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: `given` is
          // read only for a query parameter (next statement), so what it holds for others never counts.
          p.in === "query" ? params.query?.[p.name] : p.in === "header" ? params.header?.[p.name] : 0;
        // Headers may also be set by other middleware (merchant id, bearer), so only query is strict.
        if (p.in === "query" && given == null) throw new RequiredParameterError(p.name, call);
      }
      return undefined;
    },
  };
}

function pathParameterNames(schemaPath: string): string[] {
  return [...schemaPath.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
}
