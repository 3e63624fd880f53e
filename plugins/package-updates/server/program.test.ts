/**
 * The rendered apt configuration and timer drop-in, and the real programs' checks of them: `apt-config -c <file>
 * dump` reads the file (and refuses a broken one), `systemd-analyze calendar` the window's start.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultsOf } from '@portal/plugin-sdk';
import { config } from '../generated/config.ts';
import { aptConfPath, calendarOf, render, timerPath, windowRules } from './program.ts';

const defaults = defaultsOf(config);
const dump = (content: string) => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pu-')), 'apt.conf');
  fs.writeFileSync(file, content);
  return execFileSync('apt-config', ['-c', file, 'dump'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
};

describe('package-updates: the rendered apt configuration', () => {
  it('turns automatic security updates on and off and names the maintenance day, as apt reads it', () => {
    const [apt, timer] = render({ ...defaults, maintenanceWeekday: 'sun', maintenanceStart: '02:00', maintenanceEnd: '04:30' });
    expect(apt!.path).toBe(aptConfPath);
    const on = dump(apt!.content);
    expect(on).toContain('APT::Periodic::Unattended-Upgrade "1";');
    expect(on).toContain('Unattended-Upgrade::Update-Days:: "Sun";');
    expect(on).toContain(
      'Unattended-Upgrade::Origins-Pattern:: "origin=Debian,codename=${distro_codename}-security,label=Debian-Security";',
    );
    expect(on).toContain('Portal::Maintenance-Window::Time-Zone "Europe/Berlin";');
    expect(dump(render({ ...defaults, automaticSecurityUpdates: false })[0]!.content)).toContain('APT::Periodic::Unattended-Upgrade "0";');
    // The timer starts in the first half of the window (75 minutes of 150), in Berlin time.
    expect(timer!.path).toBe(timerPath);
    expect(timer!.content).toContain('OnCalendar=Sun *-*-* 02:00:00 Europe/Berlin\nRandomizedDelaySec=75m\n');
  });

  it('apt refuses a broken file (exit 100), so the check stops it before use', () => {
    expect(() => dump('APT::Periodic::Unattended-Upgrade "1"\nfoo {\n')).toThrow();
  });

  it('systemd accepts the calendar of every weekday', () => {
    for (const day of ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const) {
      const calendar = calendarOf({ ...defaults, maintenanceWeekday: day, maintenanceStart: '23:15' });
      expect(execFileSync('systemd-analyze', ['calendar', '--iterations=1', calendar], { encoding: 'utf8' })).toContain('Normalized form');
    }
  });

  it('refuses a window that ends before it starts or lasts under 30 minutes', () => {
    expect(windowRules({ ...defaults, maintenanceStart: '05:00', maintenanceEnd: '04:00' })).toEqual({
      maintenanceEnd: ['package-updates:errors.window_end_before_start'],
    });
    expect(windowRules({ ...defaults, maintenanceStart: '05:00', maintenanceEnd: '05:20' })).toEqual({
      maintenanceEnd: ['package-updates:errors.window_too_short'],
    });
    expect(windowRules({ ...defaults, maintenanceStart: '05:00', maintenanceEnd: '05:30' })).toBeUndefined();
  });
});
