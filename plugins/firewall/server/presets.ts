/**
 * Presets: the rules of a common case added in one change — web (80, 443), mail (SMTP, submission, IMAPS, POP3S),
 * ssh from given office addresses, and "close everything else" (deny tcp and udp 1–65535: then only allowed ports
 * stay open; the lock-out guard refuses it while ssh is not allowed from the portal).
 */
import type { ErrorNameOf, FieldErrors } from '@portal/plugin-sdk/server';
import type { TranslationKey } from '../generated/i18n.ts';
import type { RuleValues } from './entities.ts';
import { checkRule, ruleValues } from './rules.ts';

export type Preset = 'web' | 'mail' | 'ssh' | 'close_others';

const key = (k: ErrorNameOf<TranslationKey>) => `firewall:errors.${k}`;
const allow = (ports: string, comment: string, sources = ''): RuleValues => ({ action: 'allow', protocol: 'tcp', ports, sources, comment });

/** The rules of a preset (`sources`: the office addresses of `ssh`), or field errors. */
export function presetRules(preset: Preset, sources: string): { rules: RuleValues[] } | { errors: FieldErrors } {
  let out: RuleValues[];
  if (preset === 'web') out = [allow('80', 'HTTP'), allow('443', 'HTTPS')];
  else if (preset === 'mail') out = [allow('25', 'SMTP'), allow('465', 'SMTPS'), allow('587', 'Submission'), allow('993', 'IMAPS'), allow('995', 'POP3S')];
  else if (preset === 'ssh') {
    if (!sources.trim()) return { errors: { sources: [key('sources_required')] } };
    out = [allow('22', 'SSH', sources)];
  } else
    out = [
      { action: 'deny', protocol: 'tcp', ports: '1-65535', sources: '', comment: 'everything else' },
      { action: 'deny', protocol: 'udp', ports: '1-65535', sources: '', comment: 'everything else' },
    ];
  for (const r of out) {
    const errors = checkRule(r);
    if (errors) return { errors };
  }
  return { rules: out.map(ruleValues) };
}
