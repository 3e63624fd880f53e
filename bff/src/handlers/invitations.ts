import {
  acceptInvitation,
  declineInvitation,
  endSession,
  refuseWhileImpersonating,
  registerWithInvitation,
  showInvitation,
  startSession,
  Invitation,
  type InvitationKey,
  type User,
} from '@portal/core/accounts';
import type { AppDeps } from '../deps.ts';
import type { Schemas } from '@portal/openapi';
import { setSessionCookies } from '../http/cookies.ts';
import { consume } from '../http/rate-limits.ts';
import { defineHandlers, noContent } from '../openapi/handlers.ts';
import { presentMe } from '../presenters/me.ts';

const presentInvitation = (i: Invitation, accountExists: boolean): Schemas['InvitationDetails'] => {
  const customer = i.customer ?? i.cluster!.customer;
  return {
    id: i.id,
    email: i.email,
    role: i.role,
    customer: { number: customer.number, company: customer.company },
    cluster: i.cluster ? { number: i.cluster.number, name: i.cluster.name } : null,
    invitedBy: i.invitedBy ? { firstname: i.invitedBy.firstname, surname: i.invitedBy.surname } : null,
    status: i.status,
    expiresAt: i.expiresAt.toISOString(),
    accountExists,
  };
};

const keyOf = (b: { token: string; email: string; type?: InvitationKey['type']; id?: number }): InvitationKey => ({
  token: b.token,
  email: b.email,
  type: b.type,
  id: b.id,
});

/** Tells the inviting user that the invitation was accepted (notification centre: `invitation.accepted`). */
async function announceAcceptance(deps: AppDeps, invitation: Invitation, user: User): Promise<void> {
  if (!invitation.invitedBy) return;
  const customer = invitation.customer ?? invitation.cluster!.customer;
  const target = invitation.cluster ? `${invitation.cluster.number} ${invitation.cluster.name}` : `${customer.number} ${customer.company}`;
  const name = `${user.firstname} ${user.surname}`.trim();
  await deps.events.publish('invitation.accepted', { invitationId: invitation.id, name, target }, { users: [invitation.invitedBy.id] });
}

/** Registration and invitations (§2): look at, accept or decline an invitation, or register with it. */
export const invitationHandlers = defineHandlers({
  showInvitation: async ({ em, deps, body, koa }) => {
    await consume(deps.rateLimits.invitationByClient, koa.ip);
    const { invitation, accountExists } = await showInvitation(em, deps.clock, keyOf(body));
    return presentInvitation(invitation, accountExists);
  },

  /** Accepting changes the user's own permissions: not while a staff member acts as them. */
  acceptInvitation: async ({ em, deps, body, koa, user, principal }) => {
    refuseWhileImpersonating(principal?.via === 'session' ? principal.session : undefined);
    await consume(deps.rateLimits.invitationByClient, koa.ip);
    const invitation = await acceptInvitation(em, deps.clock, keyOf(body), user);
    const customerId = invitation.customer?.id ?? invitation.cluster!.customer.id;
    await deps.events.publish('permissions.changed', { userId: user.id }, { users: [user.id], customers: [customerId] });
    await announceAcceptance(deps, invitation, user);
    return presentInvitation(invitation, true);
  },

  declineInvitation: async ({ em, deps, body, koa }) => {
    await consume(deps.rateLimits.invitationByClient, koa.ip);
    await declineInvitation(em, deps.clock, keyOf(body));
    return noContent;
  },

  /** Creates the account, accepts, and signs the new user in (any previous session of the browser ends). */
  registerWithInvitation: async ({ em, deps, body, koa, principal }) => {
    const { config, clock } = deps;
    await consume(deps.rateLimits.invitationByClient, koa.ip);
    const user = await registerWithInvitation(em, clock, keyOf(body), {
      firstname: body.firstname,
      surname: body.surname,
      gender: body.gender,
      language: body.language,
      password: body.password,
      passwordConfirmation: body.password_confirmation,
    });
    if (principal?.via === 'session') await endSession(em, principal.sessionToken);
    const policy = { idleMinutes: config.SESSION_IDLE_MINUTES, maxHours: config.SESSION_MAX_HOURS };
    const issued = await startSession(em, user, clock, policy, { userAgent: koa.get('User-Agent') || undefined, ip: koa.ip });
    setSessionCookies(koa, config.secure, { token: issued.token, csrfToken: issued.csrfToken, expires: issued.session.expiresAt });
    const accepted = await em.findOne(Invitation, { acceptedBy: user.id }, { populate: ['customer', 'cluster.customer', 'invitedBy'] });
    if (accepted) await announceAcceptance(deps, accepted, user);
    return { expiresAt: issued.session.expiresAt.toISOString(), user: presentMe(user) };
  },
});
