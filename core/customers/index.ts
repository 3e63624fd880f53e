/** The customer and manager entities live in core/tenancy (shared with accounts and clusters); customers' public face keeps them. */
export { Customer, paymentMethods, CustomerManager } from '../tenancy/index.ts';
export { Migration20261122000200Customers } from './migrations/Migration20261122000200Customers.ts';
export { vatIdError, vatIdRequired, compactVatId, euCountries } from './vatId.ts';
export { customerNotFound, findManagedCustomer, listManagedCustomersOf } from './access.ts';
export { setBetaRegistration } from './beta.ts';
export { updateCustomerData, customerDataErrors, parseEmailList, effectiveReminderEmails, activeManagers, type CustomerData } from './customerData.ts';
export {
  customerTeam,
  inviteToCustomer,
  resendInvitation,
  inviterNameForMail,
  deleteInvitation,
  removeCustomerManager,
  removeClusterAdministrator,
  type CustomerTeam,
  type TeamContext,
  type NewTeamInvitation,
} from './team.ts';
export { changePaymentMethod, ibanError, bicError, maskIban, euroAreaCountries, DEBIT_REFUND_WEEKS, type PaymentChange, type PaymentContext } from './payment.ts';
export type { PaymentProvider, RedeemedCard } from './paymentProvider.ts';
export { LocalPaymentProvider, luhnValid, LOCAL_CARD_TOKEN_MINUTES, type HostedCardInput } from './localPaymentProvider.ts';
export { LocalCardToken } from './LocalCardToken.ts';
export { Migration20261124060000CustomerPayment } from './migrations/Migration20261124060000CustomerPayment.ts';
export { DomainHandle, DomainHandleUsage } from './DomainHandle.ts';
export { listHandles, createHandle, updateHandle, deleteHandle, handleErrors, type HandleData } from './handles.ts';
export { Migration20261124063000DomainHandles } from './migrations/Migration20261124063000DomainHandles.ts';
export { seedCustomersDemo } from './demo.ts';
export { CustomerDocument, DpaConclusion, documentKinds, type DocumentKind } from './CustomerDocument.ts';
export { Migration20261124090000CustomerDocuments } from './migrations/Migration20261124090000CustomerDocuments.ts';
export { Migration20261127230000CustomerBeta } from './migrations/Migration20261127230000CustomerBeta.ts';
export { LocalDocumentStorage, documentStorage, type DocumentStorage, type StoredFile } from './documentStorage.ts';
export { listCustomerDocuments, listClusterDocuments, findCustomerDocument, openDocument, contentDisposition, documentNotFound } from './documents.ts';
export {
  dpaVersions,
  currentDpaVersion,
  dpaState,
  dpaConclusionErrors,
  dpaOverview,
  concludeDpa,
  renderDpaPdf,
  renderTomsPdf,
  type DpaState,
  type DpaOverview,
  type DpaConclusionInput,
  type DpaContext,
} from './dpa.ts';
export { seedDocumentsDemo } from './demoDocuments.ts';
export { clusterContractDocument } from './contractDocument.ts';
export { renderTextPdf } from './textPdf.ts';
