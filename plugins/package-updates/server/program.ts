/**
 * What this module writes on a server: the settings of unattended upgrades as an apt configuration file
 * (`/etc/apt/apt.conf.d/52portal-unattended`: automatic security updates on/off, the maintenance day, reboot) and
 * the maintenance window's start for `apt-daily-upgrade.timer` (a systemd drop-in: weekday and time in
 * Europe/Berlin, a random delay that keeps the start inside the window). `render` is pure; every value has passed
 * the contract's enum/pattern, so none can change a file's structure. The apt file is checked by apt itself
 * (`apt-config -c <file> dump`), the timer's calendar by `systemd-analyze calendar`. The program also owns the
 * sandbox's package state (dpkg status, sources list) that `sandbox.ts` writes — never a real server's.
 * Type imports only at load time: the generator loads this file to read the paths.
 */
import { definePrograms } from '@portal/plugin-sdk/program';
import type { CheckOutcome, ConfigFile, ServerGateway } from '@portal/plugin-sdk/gateway';
import type { ConfigRenderInput, ErrorNameOf } from '@portal/plugin-sdk/server';
import type { Settings } from '../generated/config.ts';
import type { TranslationKey } from '../generated/i18n.ts';

export const aptConfPath = '/etc/apt/apt.conf.d/52portal-unattended';
export const timerPath = '/etc/systemd/system/apt-daily-upgrade.timer.d/52portal-window.conf';
/** The maintenance window's time zone (the provider's; spec §2 names none). */
export const windowTimeZone = 'Europe/Berlin';

const days: Record<Settings['maintenanceWeekday'], string> = {
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
  sun: 'Sun',
};
export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The timer's calendar expression of the window's start. */
export const calendarOf = (s: Settings) => `${days[s.maintenanceWeekday]} *-*-* ${s.maintenanceStart}:00 ${windowTimeZone}`;

const error = (k: ErrorNameOf<TranslationKey>) => `package-updates:errors.${k}`;

/** The window lies within one day and lasts at least 30 minutes (unattended-upgrades needs the time). */
export function windowRules(s: Settings): Record<string, string[]> | undefined {
  const length = minutesOf(s.maintenanceEnd) - minutesOf(s.maintenanceStart);
  if (length <= 0) return { maintenanceEnd: [error('window_end_before_start')] };
  if (length < 30) return { maintenanceEnd: [error('window_too_short')] };
  return undefined;
}

export function render(s: Settings, _c?: Pick<ConfigRenderInput<undefined>, 'server'>): ConfigFile[] {
  const day = days[s.maintenanceWeekday];
  const window = `${day} ${s.maintenanceStart}-${s.maintenanceEnd} ${windowTimeZone}`;
  const apt = [
    '// Written by the customer portal (Managed Center, package updates). Changes here are overwritten.',
    `// Maintenance window: ${window}.`,
    'APT::Periodic::Update-Package-Lists "1";',
    `APT::Periodic::Unattended-Upgrade "${s.automaticSecurityUpdates ? 1 : 0}";`,
    'Unattended-Upgrade::Origins-Pattern {',
    // `${distro_codename}` is unattended-upgrades' own placeholder, written literally.
    '  "origin=Debian,codename=${distro_codename}-security,label=Debian-Security";',
    '};',
    `Unattended-Upgrade::Update-Days { "${day}"; };`,
    `Unattended-Upgrade::Automatic-Reboot "${s.automaticReboot ? 'true' : 'false'}";`,
    `Unattended-Upgrade::Automatic-Reboot-Time "${s.maintenanceEnd}";`,
    `Portal::Maintenance-Window { Weekday "${day}"; Start "${s.maintenanceStart}"; End "${s.maintenanceEnd}"; Time-Zone "${windowTimeZone}"; };`,
  ];
  // The upgrade starts at a random moment of the window's first half, so it ends inside it.
  const delay = Math.max(0, Math.floor((minutesOf(s.maintenanceEnd) - minutesOf(s.maintenanceStart)) / 2));
  const timer = [
    '# Written by the customer portal (Managed Center, package updates): the maintenance window.',
    '[Timer]',
    'OnCalendar=',
    `OnCalendar=${calendarOf(s)}`,
    `RandomizedDelaySec=${delay}m`,
    'Persistent=false',
  ];
  return [
    { path: aptConfPath, content: `${apt.join('\n')}\n`, mode: 0o644 },
    { path: timerPath, content: `${timer.join('\n')}\n`, mode: 0o644 },
  ];
}

/** apt reads the file (`apt-config -c <file> dump`: exit 100 on a syntax error) and must show the window. */
async function validate(gateway: ServerGateway, files: readonly ConfigFile[]): Promise<CheckOutcome> {
  const { checkEachFile } = await import('@portal/plugin-sdk/server');
  const apt = await checkEachFile(
    gateway,
    files.filter((f) => f.path === aptConfPath),
    {
      tool: 'apt-config',
      args: (file) => ['-c', file, 'dump'],
      verify: (_f, out) => (/^Portal::Maintenance-Window::Weekday "/m.test(out) ? undefined : 'apt did not read the maintenance window'),
    },
  );
  const timer = files.find((f) => f.path === timerPath);
  if (apt.status === 'failed' || !timer || !(await gateway.hasTool('systemd-analyze')).available) return apt;
  const calendar = /^OnCalendar=(.+)$/m.exec(timer.content)?.[1] ?? '';
  const r = await gateway.run({ tool: 'systemd-analyze', args: ['calendar', '--iterations=1', calendar] });
  const output = `${'output' in apt ? apt.output : ''}\n\n${timerPath}:\n${`${r.stdout}${r.stderr}`.trim()}`.trim();
  return r.exitCode === 0 ? { status: 'passed', tool: 'apt-config', output } : { status: 'failed', tool: 'systemd-analyze', output };
}

export default definePrograms([
  {
    id: 'package-updates',
    tool: 'apt-get',
    paths: [aptConfPath, timerPath, '/var/lib/dpkg/status', '/etc/apt/sources.list'],
    privileged: true,
    validate,
    // apt and unattended-upgrades read the file when they run; the timer takes its drop-in on `daemon-reload`.
    service: { unit: 'apt-daily-upgrade.timer', reload: 'none' },
  },
]);
