import type { Context } from 'koa';

/** Cookie names and options; over HTTPS the session cookie gets the `__Host-` prefix. */
export function cookieNames(secure: boolean) {
  return {
    session: secure ? '__Host-portal_session' : 'portal_session',
    /** Readable by scripts; only says "logged in" (the frontend polls it every 1500 ms). */
    loggedIn: 'portal_logged_in',
    /** Readable by scripts; repeated in the `X-CSRF-Token` header on state-changing requests. */
    csrf: 'portal_csrf',
  };
}

export function setSessionCookies(ctx: Context, secure: boolean, values: { token?: string; csrfToken?: string; expires: Date }): void {
  const names = cookieNames(secure);
  const base = { path: '/', sameSite: 'strict' as const, secure, expires: values.expires, overwrite: true };
  if (values.token) ctx.cookies.set(names.session, values.token, { ...base, httpOnly: true });
  if (values.csrfToken) ctx.cookies.set(names.csrf, values.csrfToken, { ...base, httpOnly: false });
  ctx.cookies.set(names.loggedIn, '1', { ...base, httpOnly: false });
  if (!values.token) {
    // Refresh: extend the existing cookies' lifetime to the session's.
    const token = ctx.cookies.get(names.session);
    const csrf = ctx.cookies.get(names.csrf);
    if (token) ctx.cookies.set(names.session, token, { ...base, httpOnly: true });
    if (csrf && !values.csrfToken) ctx.cookies.set(names.csrf, csrf, { ...base, httpOnly: false });
  }
}

export function clearSessionCookies(ctx: Context, secure: boolean): void {
  const names = cookieNames(secure);
  for (const [name, httpOnly] of [
    [names.session, true],
    [names.csrf, false],
    [names.loggedIn, false],
  ] as const)
    ctx.cookies.set(name, '', { path: '/', sameSite: 'strict', secure, httpOnly, expires: new Date(0), overwrite: true });
}
