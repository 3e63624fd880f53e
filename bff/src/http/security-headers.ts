import type { Middleware } from 'koa';
import { routeOf } from './route.ts';

/**
 * Security headers on every response. The CSP allows no inline script; inline styles are allowed
 * because the component library injects its styles at run time.
 */
export function securityHeaders(options: { secure: boolean; publicOrigin: string; connectOrigins?: string[] }): Middleware {
  const ws = options.publicOrigin.replace(/^http/, 'ws');
  // Issue 31: the error-reporting receiver and the analytics endpoint the web app posts to, when configured.
  const extra = [...new Set(options.connectOrigins ?? [])].map((o) => ` ${o}`).join('');
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${ws}${extra}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
  // The set is fixed at start (issue 14): one list, written straight to the Node response per request.
  const headers: [string, string][] = [
    ['Content-Security-Policy', csp],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
    ...(options.secure ? [['Strict-Transport-Security', 'max-age=63072000; includeSubDomains'] as [string, string]] : []),
  ];
  return async (ctx, next) => {
    const res = ctx.res;
    for (const [name, value] of headers) res.setHeader(name, value);
    await next();
    // API answers are never cached (decided on the matched route); nor is anything outside the web app
    // that set no caching of its own (404s of case variants, redirects).
    if (res.headersSent) return;
    if ((routeOf(ctx).api && ctx.path !== '/api/openapi.json') || (!ctx.path.startsWith('/a/') && !res.hasHeader('Cache-Control')))
      res.setHeader('Cache-Control', 'no-store');
  };
}
