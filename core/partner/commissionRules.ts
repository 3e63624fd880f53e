/**
 * The partner programme's rules in one place (spec §3 Partner, §4, §9): partner levels with their
 * threshold amounts and commission rates, the commission on a revenue, the progress to the next level,
 * payout states and their transitions, and the status of a partner contract. Amounts are euro cents.
 * The thresholds are not shown to partners (§9); the screens show the level and the progress only.
 */

export const partnerLevels = ['bronze', 'silver', 'gold', 'platinum'] as const;
export type PartnerLevel = (typeof partnerLevels)[number];

export interface LevelRule {
  level: PartnerLevel;
  /** Net revenue of referred customers in a calendar year from which the level holds (cents). */
  thresholdCents: number;
  /** Commission on that revenue, in basis points (1/100 %). */
  rateBasisPoints: number;
}

/** Level thresholds and rates (docs/decisions.md, "Partner levels"). Ordered by threshold. */
export const levelRules: readonly LevelRule[] = [
  { level: 'bronze', thresholdCents: 0, rateBasisPoints: 500 },
  { level: 'silver', thresholdCents: 10_000_00, rateBasisPoints: 800 },
  { level: 'gold', thresholdCents: 25_000_00, rateBasisPoints: 1000 },
  { level: 'platinum', thresholdCents: 50_000_00, rateBasisPoints: 1200 },
];

const ruleOf = (level: PartnerLevel): LevelRule => levelRules.find((r) => r.level === level)!;

/** The level a year's net revenue of referred customers reaches. */
export function levelFor(yearRevenueCents: number): PartnerLevel {
  let reached: PartnerLevel = 'bronze';
  for (const r of levelRules) if (yearRevenueCents >= r.thresholdCents) reached = r.level;
  return reached;
}

/** The commission rate of a level in basis points. */
export const rateOf = (level: PartnerLevel): number => ruleOf(level).rateBasisPoints;

/** Commission on a net revenue at a level's rate, rounded half away from zero to whole cents. */
export function commissionCents(revenueCents: number, level: PartnerLevel): number {
  if (!Number.isSafeInteger(revenueCents)) throw new RangeError(`not a whole number of cents: ${revenueCents}`);
  const sign = revenueCents < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(revenueCents) * rateOf(level) + 5_000) / 10_000);
}

export interface LevelProgress {
  level: PartnerLevel;
  /** The next level, or null at platinum. */
  next: PartnerLevel | null;
  /** Share of the way from this level's threshold to the next one, 0–100 with one decimal (100 at platinum). */
  percent: number;
}

/** Where a year's revenue stands between its level and the next (the overview's progress bar). */
export function levelProgress(yearRevenueCents: number): LevelProgress {
  const level = levelFor(yearRevenueCents);
  const i = partnerLevels.indexOf(level);
  const next = partnerLevels[i + 1] ?? null;
  if (!next) return { level, next, percent: 100 };
  const from = ruleOf(level).thresholdCents;
  const to = ruleOf(next).thresholdCents;
  const percent = Math.floor(((Math.max(0, yearRevenueCents) - from) * 1000) / (to - from)) / 10;
  return { level, next, percent: Math.min(100, Math.max(0, percent)) };
}

/** Payout states of a commission credit (§3 Partner: commission credit status). */
export const payoutStatuses = ['open', 'approved', 'paid', 'cancelled'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

/** Allowed transitions: a credit is approved, then paid out; open or approved credits may be cancelled. */
const payoutTransitions: Record<PayoutStatus, readonly PayoutStatus[]> = {
  open: ['approved', 'cancelled'],
  approved: ['paid', 'cancelled'],
  paid: [],
  cancelled: [],
};

/** Whether a credit may move from one payout state to another. */
export const mayChangePayout = (from: PayoutStatus, to: PayoutStatus): boolean => payoutTransitions[from].includes(to);

/** A credit counts towards the paid sum only when paid, towards the outstanding sum when open or approved. */
export const countsAsPaid = (s: PayoutStatus): boolean => s === 'paid';
export const countsAsOutstanding = (s: PayoutStatus): boolean => s === 'open' || s === 'approved';

/** Whether a credit note document exists: every credit except a cancelled one. */
export const hasCreditNote = (s: PayoutStatus): boolean => s !== 'cancelled';

export const partnerContractStatuses = ['active', 'ended'] as const;
export type PartnerContractStatus = (typeof partnerContractStatuses)[number];

/** A partner contract is active from its start until its end day (inclusive), ended afterwards (§4). */
export function partnerContractStatus(contract: { endsOn?: string | null }, today: string): PartnerContractStatus {
  return contract.endsOn != null && contract.endsOn < today ? 'ended' : 'active';
}

/** A partnership is active from its start until its end day (inclusive); downloads of sales material need one (§6). */
export function partnershipActive(partner: { partnershipStart: string; partnershipEnd?: string | null }, today: string): boolean {
  return partner.partnershipStart <= today && (partner.partnershipEnd == null || partner.partnershipEnd >= today);
}
