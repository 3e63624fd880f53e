/**
 * Human-readable schedules (cronstrue) in the user's language. Only the German locale is imported
 * besides the built-in English, so the plugin's chunk stays small.
 */
import cronstrue from 'cronstrue';
import 'cronstrue/locales/de.js';
import { parseSchedule } from '../shared/schedule.ts';

/** "At 03:00, Monday through Friday" / "Um 03:00, Montag bis Freitag"; `undefined` for an invalid schedule. */
export function describeSchedule(schedule: string, language: string): string | undefined {
  const parsed = parseSchedule(schedule);
  if (!parsed.ok) return undefined;
  const de = language.startsWith('de');
  try {
    return cronstrue.toString(parsed.expanded, { locale: de ? 'de' : 'en', use24HourTimeFormat: de, dayOfWeekStartIndexZero: true, verbose: false });
  } catch {
    return undefined;
  }
}
