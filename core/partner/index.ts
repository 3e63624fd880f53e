export { Partner, PartnerUser, partnerRoles, type PartnerRole } from './Partner.ts';
export { PartnerContract } from './PartnerContract.ts';
export { CommissionCredit } from './CommissionCredit.ts';
export { SalesMaterial } from './SalesMaterial.ts';
export { Migration20261124090000Partner } from './migrations/Migration20261124090000Partner.ts';
export {
  partnerLevels,
  levelRules,
  levelFor,
  rateOf,
  commissionCents,
  levelProgress,
  payoutStatuses,
  mayChangePayout,
  countsAsPaid,
  countsAsOutstanding,
  hasCreditNote,
  partnerContractStatuses,
  partnerContractStatus,
  partnershipActive,
  type PartnerLevel,
  type LevelRule,
  type LevelProgress,
  type PayoutStatus,
  type PartnerContractStatus,
} from './commissionRules.ts';
export { partnersOf, findPartnerAccess, requirePartnerMember, assertPartnerManager, type PartnerAccess } from './access.ts';
export { partnerOverview, referredRevenue, type PartnerOverview, type PartnerMonth } from './overview.ts';
export { listCommissionCredits, findCommissionCredit, commissionCreditsCsv, type CreditList } from './credits.ts';
export { renderCreditNotePdf, type CreditNoteLanguage } from './creditNotePdf.ts';
export { listPartnerContracts, partnerContractSorts, type PartnerContractRow, type PartnerContractQuery, type PartnerContractSort } from './contracts.ts';
export { listSalesMaterial, openSalesMaterial, mayDownloadMaterial } from './material.ts';
export { partnerTeam, addAuthorizedUser, removeAuthorizedUser, type PartnerTeam } from './authorizedUsers.ts';
export { seedDemoPartners, demoPartners } from './demo.ts';
