/**
 * The plugin's rules on top of the contract (which has checked every field's pattern and limits, see `x-resources` in
 * openapi.yaml): unique domains and addresses (a mailbox and an alias cannot share one), the domain of a mailbox or
 * alias must exist, names and addresses fixed once created, alias targets that are addresses and not the alias itself,
 * a BCC that is not the mailbox itself (a loop), limits per server.
 */
import type { ErrorNameOf, FieldErrors } from '@portal/plugin-sdk/server';
import type { TranslationKey } from '../generated/i18n.ts';

import { maxAliasesPerServer, maxDomainsPerServer, maxMailboxesPerServer } from '../shared/limits.ts';

export { maxAliasesPerServer, maxDomainsPerServer, maxMailboxesPerServer };
export const maxDestinations = 20;

const key = (k: ErrorNameOf<TranslationKey>) => `email:errors.${k}`;
/** An address as Postfix's tables and the contract take it (the local part as typed, the domain lower case). */
export const addressPattern = /^[A-Za-z0-9._%+-]{1,64}@([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export interface DomainLike {
  id: number;
  name: string;
}
export interface AddressLike {
  id: number;
  domainId: number;
  localPart: string;
}

/** The targets of an alias, split and trimmed. */
export const destinationsOf = (s: string): string[] =>
  s
    .split(',')
    .map((d) => d.trim())
    .filter((d) => d !== '');

export function checkDomain(
  input: { name: string; senderBcc: string; recipientBcc: string },
  existing: readonly DomainLike[],
  id?: number,
): FieldErrors | undefined {
  const others = existing.filter((d) => d.id !== id);
  const current = existing.find((d) => d.id === id);
  const name = input.name.trim();
  if (id === undefined && others.length >= maxDomainsPerServer) return { _: [key('too_many')] };
  const errors: FieldErrors = {};
  if (current && current.name !== name) errors.name = [key('name_fixed')];
  else if (others.some((d) => d.name === name)) errors.name = [key('name_taken')];
  for (const f of ['senderBcc', 'recipientBcc'] as const)
    if (input[f].trim() !== '' && !addressPattern.test(input[f].trim())) errors[f] = [key('bcc_format')];
  return Object.keys(errors).length ? errors : undefined;
}

/** A domain may go only when nothing of it is left. */
export function checkDomainDelete(
  domainId: number,
  mailboxes: readonly AddressLike[],
  aliases: readonly AddressLike[],
): FieldErrors | undefined {
  return mailboxes.some((m) => m.domainId === domainId) || aliases.some((a) => a.domainId === domainId)
    ? { _: [key('domain_in_use')] }
    : undefined;
}

interface Taken {
  domains: readonly DomainLike[];
  mailboxes: readonly AddressLike[];
  aliases: readonly AddressLike[];
}

function addressTaken(domainId: number, localPart: string, t: Taken, self: { kind: 'mailbox' | 'alias'; id?: number }): boolean {
  const same = (a: AddressLike) => a.domainId === domainId && a.localPart === localPart;
  return (
    t.mailboxes.some((m) => same(m) && !(self.kind === 'mailbox' && m.id === self.id)) ||
    t.aliases.some((a) => same(a) && !(self.kind === 'alias' && a.id === self.id))
  );
}

export function checkMailbox(
  input: { domainId: number; localPart: string; senderBcc: string; recipientBcc: string },
  t: Taken,
  id?: number,
): FieldErrors | undefined {
  const localPart = input.localPart.trim();
  if (id === undefined && t.mailboxes.length >= maxMailboxesPerServer) return { _: [key('too_many')] };
  const errors: FieldErrors = {};
  const current = t.mailboxes.find((m) => m.id === id);
  const domain = t.domains.find((d) => d.id === input.domainId);
  if (current && current.domainId !== input.domainId) errors.domainId = [key('domain_fixed')];
  else if (!domain) errors.domainId = [key('domain_unknown')];
  if (current && current.localPart !== localPart) errors.localPart = [key('localPart_fixed')];
  else if (addressTaken(input.domainId, localPart, t, { kind: 'mailbox', id })) errors.localPart = [key('address_taken')];
  if (domain)
    for (const f of ['senderBcc', 'recipientBcc'] as const)
      if (input[f].trim() === `${localPart}@${domain.name}`) errors[f] = [key('bcc_self')];
  return Object.keys(errors).length ? errors : undefined;
}

export function checkAlias(
  input: { domainId: number; localPart: string; destinations: string },
  t: Taken,
  id?: number,
): FieldErrors | undefined {
  const localPart = input.localPart.trim();
  if (id === undefined && t.aliases.length >= maxAliasesPerServer) return { _: [key('too_many')] };
  const errors: FieldErrors = {};
  const domain = t.domains.find((d) => d.id === input.domainId);
  if (!domain) errors.domainId = [key('domain_unknown')];
  if (addressTaken(input.domainId, localPart, t, { kind: 'alias', id })) errors.localPart = [key('address_taken')];
  const targets = destinationsOf(input.destinations);
  if (targets.length === 0 || targets.length > maxDestinations || targets.some((d) => !addressPattern.test(d)))
    errors.destinations = [key('destinations_format')];
  else if (domain && localPart !== '' && targets.includes(`${localPart}@${domain.name}`)) errors.destinations = [key('destinations_self')];
  return Object.keys(errors).length ? errors : undefined;
}
