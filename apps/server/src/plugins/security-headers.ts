import type { FastifyInstance } from "fastify";
import helmet from "helmet";

/**
 * Security headers with a CSP the web app passes: scripts only from our origin, no plugins, no
 * framing of the app. 'unsafe-inline' styles are allowed because the dialog library injects a
 * <style> element to lock page scroll; inline scripts are not. Helmet's middleware is made once
 * and run on every request (@fastify/helmet made it anew per request: ~4% of a send's CPU).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  opts: { https: boolean; frameOrigins?: string[] },
) {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        // Another origin only for a frame the app opens on purpose (the support chat vendor's).
        frameSrc: ["'self'", ...(opts.frameOrigins ?? [])],
        mediaSrc: ["'self'", "blob:"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(opts.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only makes sense when we are actually served over https.
    strictTransportSecurity: opts.https ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook("onRequest", (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined));
  });
}
