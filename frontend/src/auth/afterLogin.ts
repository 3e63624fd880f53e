/** Where a user goes after signing in: back to the page that sent them to the login, else the dashboard. */
export function afterLoginTarget(state: unknown): string {
  const from = (state as { from?: string } | null)?.from;
  return from && from.startsWith('/') && !from.startsWith('/login') && !from.startsWith('/logout') ? from : '/';
}
