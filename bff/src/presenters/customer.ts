import type { Invitation, User } from '@portal/core/accounts';
import { DEBIT_REFUND_WEEKS, effectiveReminderEmails, maskIban, parseEmailList, vatIdRequired, type Customer, type CustomerManager, type CustomerTeam, type DomainHandle, type DomainHandleUsage } from '@portal/core/customers';
import type { Schemas } from '@portal/openapi';

const person = (u: User): Schemas['TeamPerson'] => ({ id: u.id, firstname: u.firstname, surname: u.surname, email: u.email });

/** A customer in the customer dashboard's list. */
export const presentCustomerSummary = (c: Customer, clusterCount: number): Schemas['CustomerSummary'] => ({
  id: c.id,
  number: c.number,
  company: c.company,
  city: c.city,
  clusterCount,
  dpaStatus: c.dpaStatus,
});

/** A customer's company data with the contact person candidates (active managers). */
export const presentCustomerDetail = (c: Customer, candidates: CustomerManager[]): Schemas['CustomerDetail'] => ({
  id: c.id,
  number: c.number,
  company: c.company,
  department: c.department ?? null,
  street: c.street,
  zip: c.zip,
  city: c.city,
  country: c.country as Schemas['Country'],
  phone: c.phone ?? null,
  language: c.language,
  vatId: c.vatId ?? null,
  vatIdRequired: vatIdRequired(c.country),
  referenceSign: c.referenceSign ?? null,
  enteredAt: c.enteredAt.toISOString(),
  invoiceEmails: parseEmailList(c.invoiceEmails),
  // The stored list only; the default (the invoice e-mails) is shown as such by the web app.
  reminderEmails: c.reminderEmails ? effectiveReminderEmails(c) : [],
  contactPerson: c.contactPerson ? person(c.contactPerson as User) : null,
  contactPersonCandidates: candidates.map((m) => person(m.user as User)),
  paymentMethod: c.paymentMethod,
  dpaStatus: c.dpaStatus,
});

export const presentTeamInvitation = (i: Invitation): Schemas['TeamInvitation'] => ({
  id: i.id,
  email: i.email,
  role: i.role,
  cluster: i.cluster ? { id: i.cluster.id, number: i.cluster.number, name: i.cluster.name } : null,
  status: i.status === 'open' ? 'open' : 'sent',
  createdAt: i.createdAt.toISOString(),
  expiresAt: i.expiresAt.toISOString(),
  invitedBy: i.invitedBy ? { firstname: i.invitedBy.firstname, surname: i.invitedBy.surname } : null,
});

export const presentCustomerTeam = (team: CustomerTeam): Schemas['CustomerTeam'] => {
  const managerIds = new Set(team.managers.map((m) => m.membership.user.id));
  return {
    managers: team.managers.map(({ membership, isContactPerson }) => ({
      ...person(membership.user as User),
      active: membership.active,
      contactPerson: isContactPerson,
    })),
    clusters: team.clusters.map(({ cluster, administrators }) => ({
      id: cluster.id,
      number: cluster.number,
      name: cluster.name,
      administrators: administrators.map((a) => ({ ...person(a.user as User), alsoManager: managerIds.has(a.user.id) })),
    })),
    invitations: team.invitations.map(presentTeamInvitation),
  };
};

/** The payment method, with the IBAN masked and never a card number or provider token. */
export const presentCustomerPayment = (c: Customer): Schemas['CustomerPayment'] => ({
  method: c.paymentMethod,
  accountHolder: c.accountHolder ?? null,
  iban: c.iban ? maskIban(c.iban) : null,
  bic: c.bic ?? null,
  mandateReference: c.mandateReference ?? null,
  mandateDate: c.mandateDate ? c.mandateDate.toISOString() : null,
  refundWeeks: DEBIT_REFUND_WEEKS,
  card: c.paymentMethod === 'credit_card' && c.cardLast4 ? { brand: c.cardBrand ?? 'card', last4: c.cardLast4, expiry: c.cardExpiry ?? '' } : null,
  applyToOpenInvoices: c.paymentAppliesToOpenInvoices,
});

/** A domain handle with the contracts using it. */
export const presentDomainHandle = (h: DomainHandle, usages: DomainHandleUsage[]): Schemas['DomainHandle'] => ({
  id: h.id,
  handle: h.handle,
  usedBy: usages.map((u) => ({ contractNumber: u.contractNumber, domain: u.domain, role: u.role })),
  kind: h.kind,
  seOwner: h.seOwner,
  company: h.company ?? null,
  firstname: h.firstname,
  surname: h.surname,
  street: h.street,
  postalCode: h.postalCode,
  city: h.city,
  country: h.country as Schemas['Country'],
  email: h.email,
  phone: h.phone,
  fax: h.fax ?? null,
  idCardNumber: h.idCardNumber ?? null,
  birthday: h.birthday ?? null,
  companyRegistrationNumber: h.companyRegistrationNumber ?? null,
  taxId: h.taxId ?? null,
});
