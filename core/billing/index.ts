export { DomainContract } from './DomainContract.ts';
export { ClusterTermination, terminationStatuses, terminationReasons, type TerminationStatus, type TerminationReason } from './ClusterTermination.ts';
export { VAT_PERCENT, CURRENCY, vatCents, withVat, centsToDecimal, money, sumCents, type Amounts } from './money.ts';
export { dayOf, addDays, endOfMonth, isDay, type Day } from './calendar.ts';
export { hardwareRanges, servicePackages, priceList, clusterPriceLines, clusterMonthlyPrice, storageSteps, type PriceLine, type PriceLineKind } from './pricing.ts';
export { endOfTermOptions, terminationDates, earliestEndOfTerm, nextTerminationStatus, contractStatusFor, NOTICE_DAYS, DELETION_AFTER_SHUTDOWN_DAYS, type TerminationDates } from './terminationRules.ts';
export { listContracts, findDomainContractAccess, contractTypes, contractSortFields, type ContractRow, type ContractQuery, type ContractType, type ContractSortField } from './contracts.ts';
export { createClusterTermination, changeClusterTermination, currentTermination, assertMayTerminate, type TerminationInput, type BillingPorts } from './terminations.ts';
export { Migration20261124060000Billing } from './migrations/Migration20261124060000Billing.ts';
