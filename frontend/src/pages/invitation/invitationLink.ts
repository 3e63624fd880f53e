import i18next from 'i18next';
import type { InvitationLink, InvitationType } from '../../api/invitations';
import { callErrorMessage } from '../../ui/notify';

const types: readonly string[] = ['manager', 'administrator'] satisfies InvitationType[];
const tokenPattern = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * The invitation link in the route (`{token}/{email}`, or `{type}/{token}/{email}/{id}`), or `null` when
 * the URL cannot be an invitation link at all (then the page shows the invalid-token message at once).
 */
export function linkFromParams(params: Record<string, string | undefined>): InvitationLink | null {
  const { token = '', email = '', type, id } = params;
  if (!tokenPattern.test(token) || !/^[^\s@]+@[^\s@]+$/.test(email)) return null;
  const link: InvitationLink = { token, email };
  if (type !== undefined) {
    if (!types.includes(type)) return null;
    link.type = type as InvitationType;
  }
  if (id !== undefined) {
    if (!/^[1-9]\d{0,9}$/.test(id)) return null;
    link.id = Number(id);
  }
  return link;
}

/** The typed link of a signed-in user for an invitation (`/invitation/{type}/{token}/{email}/{id}`). */
export const signedInLinkPath = (link: InvitationLink, type: InvitationType, id: number) =>
  `/invitation/${type}/${encodeURIComponent(link.token)}/${encodeURIComponent(link.email)}/${id}`;

/** What to say when a link could not be used: §8 for an invalid token (or a URL that cannot be one), else the common call error. */
export function linkErrorMessage(error: unknown): string {
  const status = (error as { status?: number | string } | null | undefined)?.status;
  if (error === null || status === 404 || status === 422) return i18next.t('errors:invalid_invitation_token');
  return callErrorMessage(error);
}
