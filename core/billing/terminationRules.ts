import { Conflict } from '../platform/index.ts';
import { addDays, endOfMonth, isDay, isEndOfMonth, type Day } from './calendar.ts';
import type { TerminationStatus } from './ClusterTermination.ts';

/** Notice period of a cluster contract: at least 30 days, to the end of a month (docs/decisions.md, Billing). */
export const NOTICE_DAYS = 30;
/** How many month ends a customer can choose from. */
export const END_OF_TERM_CHOICES = 12;
/** Servers are shut down the day after the end of term; data is deleted 14 days later (backup lifetime, §9). */
export const DELETION_AFTER_SHUTDOWN_DAYS = 14;

export interface TerminationDates {
  endOfTerm: Day;
  shutdownOn: Day;
  deletionOn: Day;
}

/** The dates a termination with this end of term brings. */
export function terminationDates(endOfTerm: Day): TerminationDates {
  const shutdownOn = addDays(endOfTerm, 1);
  return { endOfTerm, shutdownOn, deletionOn: addDays(shutdownOn, DELETION_AFTER_SHUTDOWN_DAYS) };
}

/** The earliest end of term when terminating on `today`: the end of the month 30 days ahead. */
export const earliestEndOfTerm = (today: Day): Day => endOfMonth(addDays(today, NOTICE_DAYS));

/** Every end of term a customer may choose on `today`, with its dates. */
export function endOfTermOptions(today: Day): TerminationDates[] {
  const first = earliestEndOfTerm(today);
  return Array.from({ length: END_OF_TERM_CHOICES }, (_, i) => terminationDates(endOfMonth(first, i)));
}

/** Field error keys for a chosen end of term, or none. */
export function endOfTermErrors(today: Day, endOfTerm: string): string[] {
  if (!isDay(endOfTerm)) return ['validation.format.date'];
  if (!isEndOfMonth(endOfTerm)) return ['errors.termination_end_of_month'];
  if (endOfTerm < earliestEndOfTerm(today)) return ['errors.termination_notice_period'];
  if (endOfTerm > endOfMonth(earliestEndOfTerm(today), END_OF_TERM_CHOICES - 1)) return ['errors.termination_too_far'];
  return [];
}

export type TerminationAction = 'edit' | 'abort' | 'confirm';

/** The state machine of a cluster termination (§4): edit, abort and confirm only while in termination. */
export function nextTerminationStatus(current: TerminationStatus, action: TerminationAction): TerminationStatus {
  if (current !== 'in_termination') throw Conflict('errors.termination_not_in_termination');
  switch (action) {
    case 'edit':
      return 'in_termination';
    case 'abort':
      return 'aborted';
    case 'confirm':
      return 'confirmed';
  }
}

/** The contract status that goes with a termination status. */
export const contractStatusFor = (status: TerminationStatus): 'active' | 'in_termination' | 'terminated' =>
  status === 'aborted' ? 'active' : status === 'confirmed' ? 'terminated' : 'in_termination';

/**
 * A terminated cluster contract is `completed` once its data is deleted: from the day after the deletion
 * date on, nothing of it is left to run or bill (docs/decisions.md, Billing: contract completion).
 */
export const isContractCompleted = (termination: { status: TerminationStatus; deletionOn: Day }, today: Day): boolean =>
  termination.status === 'confirmed' && today > termination.deletionOn;
