import type { Middleware } from 'koa';
import { routeOf } from './route.ts';

/**
 * Security headers on every response. The CSP allows no inline script; inline styles are allowed
 * because the component library injects its styles at run time.
 */
export function securityHeaders(options: { secure: boolean; publicOrigin: string }): Middleware {
  const ws = options.publicOrigin.replace(/^http/, 'ws');
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${ws}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
  return async (ctx, next) => {
    ctx.set('Content-Security-Policy', csp);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
    ctx.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (options.secure) ctx.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
    await next();
    // API answers are never cached (decided on the matched route); nor is anything outside the web app
    // that set no caching of its own (404s of case variants, redirects).
    if ((routeOf(ctx).api && ctx.path !== '/api/openapi.json') || (!ctx.path.startsWith('/a/') && !ctx.response.get('Cache-Control')))
      ctx.set('Cache-Control', 'no-store');
  };
}
