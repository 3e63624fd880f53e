/**
 * Reading the package manager: `Inst` lines of `apt-get -s upgrade` (as apt 2.6 prints them), the dpkg status file,
 * conffiles and the services whose configuration they are, and the status after an upgrade.
 */
import { applyToStatus, conffilesOf, fieldOf, parseSimulation, parseStatus, serializeStatus, servicesOfConffiles } from './apt.ts';

const simulation = `Reading package lists...
Building dependency tree...
Calculating upgrade...
The following packages will be upgraded:
  libtiff6 nginx-common tzdata
Inst tzdata [2024a-0+deb12u1] (2026f-0+deb12u1 Debian-Security:12/oldstable-security [all])
Inst libtiff6 [4.5.0-6+deb12u3] (4.5.0-6+deb12u4 Debian:12.15/oldstable, Debian-Security:12/oldstable-security [amd64])
Inst nginx-common [1.22.1-9+deb12u1] (1.22.1-9+deb12u11 Debian:12.15/oldstable [all]) []
Inst libssl3 [3.0.22-1~deb12u2] (3.0.22-1~deb12u2 Debian-Security:12/oldstable-security [amd64])
Inst redis-tools [5:7.0.15-1~deb12u1] (5:7.0.15-1~deb12u10 Debian:12.15/oldstable [amd64])
Inst newpkg (1.0-1 Debian:12.15/oldstable [amd64])
Conf tzdata (2026f-0+deb12u1 Debian-Security:12/oldstable-security [all])
`;

const status = `Package: nginx-common
Status: install ok installed
Architecture: all
Version: 1.22.1-9+deb12u1
Conffiles:
 /etc/nginx/nginx.conf 3b5bb0d5b6ee2cb4bb5a5bb8f1a1b0d0
 /etc/logrotate.d/nginx b29112f9480a70fa7de2729ff39923e2
Description: small, powerful, scalable web/proxy server - common files

Package: tzdata
Status: install ok installed
Architecture: all
Version: 2024a-0+deb12u1
Depends: debconf (>= 0.5) | debconf-2.0
Description: time zone and daylight-saving time data
`;

describe('package-updates: apt and dpkg', () => {
  it('reads package, installed and new version, origins, suite and the security flag of each Inst line', () => {
    const pending = parseSimulation(simulation);
    expect(pending.map((p) => p.package)).toEqual(['libtiff6', 'nginx-common', 'redis-tools', 'tzdata']);
    expect(pending.find((p) => p.package === 'tzdata')).toEqual({
      package: 'tzdata',
      installed: '2024a-0+deb12u1',
      candidate: '2026f-0+deb12u1',
      architecture: 'all',
      origins: [{ label: 'Debian-Security', version: '12', suite: 'oldstable-security' }],
      security: true,
    });
    expect(pending.find((p) => p.package === 'libtiff6')).toMatchObject({
      origins: [
        { label: 'Debian', version: '12.15', suite: 'oldstable' },
        { label: 'Debian-Security', version: '12', suite: 'oldstable-security' },
      ],
      security: true,
    });
    // A trailing "[]" (broken) is read, and a point release is no security update.
    expect(pending.find((p) => p.package === 'nginx-common')).toMatchObject({ candidate: '1.22.1-9+deb12u11', security: false });
    // Epochs are compared the Debian way (…u10 after …u1); a reinstall of the same version and a new install are no updates.
    expect(pending.find((p) => p.package === 'redis-tools')).toMatchObject({
      installed: '5:7.0.15-1~deb12u1',
      candidate: '5:7.0.15-1~deb12u10',
    });
  });

  it('reads the conffiles of the status file and the services whose configuration they are', () => {
    const records = parseStatus(status);
    expect(conffilesOf(records)).toEqual(new Map([['nginx-common', ['/etc/nginx/nginx.conf', '/etc/logrotate.d/nginx']]]));
    expect(servicesOfConffiles(['/etc/nginx/nginx.conf', '/etc/logrotate.d/nginx'], ['nginx', 'backups'])).toEqual(['nginx']);
    expect(servicesOfConffiles(['/etc/nginx/nginx.conf'], ['apache'])).toEqual([]);
    expect(serializeStatus(records)).toBe(status.replace(/\n$/, '\n').replace(/\n\n/g, '\n\n'));
  });

  it('an upgrade gives the record its new version and the archive’s fields, keeping status and conffiles', () => {
    const archive = parseStatus(
      'Package: nginx-common\nVersion: 1.22.1-9+deb12u11\nArchitecture: all\nDepends: lsb-base\nDescription: small web server\n more text\nSHA256: abc\n',
    )[0]!;
    const after = applyToStatus(parseStatus(status), [
      { package: 'nginx-common', candidate: '1.22.1-9+deb12u11', archive },
      { package: 'tzdata', candidate: '2026f-0+deb12u1' },
    ]);
    const nginx = after.find((r) => fieldOf(r, 'Package') === 'nginx-common')!;
    expect(fieldOf(nginx, 'Version')).toBe('1.22.1-9+deb12u11');
    expect(fieldOf(nginx, 'Depends')).toBe('lsb-base');
    expect(fieldOf(nginx, 'Status')).toBe('install ok installed');
    expect(fieldOf(nginx, 'SHA256')).toBeUndefined();
    expect(fieldOf(nginx, 'Conffiles')).toContain('/etc/nginx/nginx.conf');
    expect(
      fieldOf(
        after.find((r) => fieldOf(r, 'Package') === 'tzdata')!,
        'Version',
      ),
    ).toBe('2026f-0+deb12u1');
  });
});
