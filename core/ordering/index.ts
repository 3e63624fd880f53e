export { Order, orderTypes, orderStatuses, type OrderType, type OrderStatus, type OrderDetails, type ClusterOrderDetails, type DomainOrderDetails } from './Order.ts';
export { OrderIdempotencyKey } from './OrderIdempotencyKey.ts';
export { PriceListEntry, pricePeriods, type PricePeriod } from './PriceListEntry.ts';
export { loadPriceTable, priceLine, totalOf, unitPrice, type PriceTable, type OrderPrice, type OrderPriceLine } from './pricing.ts';
export {
  clusterOrderSteps,
  clusterCatalog,
  clusterDraftErrors,
  clusterOrderPrice,
  clusterDetailsOf,
  MAX_ADDITIONAL_IPS,
  CLUSTER_NAME_MAX,
  type ClusterOrderStep,
  type ClusterOrderDraft,
} from './clusterOrder.ts';
export { listOrders, findOrder, orderNotFound, type OrderQuery } from './orders.ts';
export { submitClusterOrder, requestFingerprint, idempotencyKeyError, IDEMPOTENCY_KEY_MAX, type Submitted } from './submission.ts';
export { sendOrderMails } from './notifications.ts';
export { OrderProvisioning, ORDER_QUEUE, ORDER_CHANGED, clusterNumberOf, createClusterOf, type OrderProvisioningDeps } from './provisioning.ts';
export { seedDemoOrders } from './demo.ts';
export { Migration20261124090000Ordering } from './migrations/Migration20261124090000Ordering.ts';
export {
  domainOrderSteps,
  domainOrderModes,
  domainDraftErrors,
  domainOrderPrice,
  parseDomain,
  orderableTlds,
  annualFeeOf,
  ownerHandleError,
  locallyTaken,
  availabilityError,
  DOMAIN_LABEL_MAX,
  type DomainOrderDraft,
  type DomainOrderStep,
  type DomainAvailabilityPort,
} from './domainOrder.ts';
export { checkDomainDraft, submitDomainOrder, localDomainAvailability } from './domainOrderSubmission.ts';
export { createDomainContractOf, domainContractNumberOf } from './domainProvisioning.ts';
export {
  certificateOrderSteps,
  certificateTypes,
  certificateTypeLabels,
  certificateTerms,
  certificateCatalog,
  certificateCatalogWithPrices,
  certificateDraftErrors,
  administratorErrors,
  certificateOrderPrice,
  normaliseCertificateDomain,
  approverAddressesOf,
  ownerErrors,
  CERTIFICATE_DEFAULT_TERM_MONTHS,
  CERTIFICATE_KEY_BITS,
  MULTI_INCLUDED_DOMAINS,
  type CertificateType,
  type CertificateOrderStep,
  type CertificateOrderDraft,
  type CertificateOrderDetails,
  type CertificateOwnerData,
  ownerSnapshot,
} from './certificateOrder.ts';
export { CertificateOwner, CertificateOrderKey } from './certificateEntities.ts';
export { generateCertificateRequest, readCertificateRequest, subjectAltNamesOf, CertificateOrderFailed, localCertificateAuthority, LOCAL_CA_REFUSED_LABEL, type CertificateAuthority } from './certificateKeys.ts';
export { listCertificateOwners, createCertificateOwner, editCertificateOwner, quoteCertificateOrder, submitCertificateOrder, prepareCertificateOrder, certificatePrivateKeyOf } from './certificateSubmission.ts';
export { Migration20261124130000CertificateOrders } from './migrations/Migration20261124130000CertificateOrders.ts';
export { newCustomerErrors, newCustomerSummary, createOrderingCustomer, type NewCustomerDraft, type NewCustomerSummary } from './newCustomer.ts';
export { Migration20261124160000ActiveDomainOrderUnique } from './migrations/Migration20261124160000ActiveDomainOrderUnique.ts';
export { Migration20261127210000CertificateOwnerFields } from './migrations/Migration20261127210000CertificateOwnerFields.ts';
export { certificateFilesOf, dcvFilesOf, localCertificateOf, LOCAL_CA_NAME, type CertificateFiles, type DcvFile } from './certificateFiles.ts';
