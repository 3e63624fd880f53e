import type { ManagedServer } from '@portal/plugin-sdk/server';

interface DemoJob {
  schedule: string;
  command: string;
  user: string;
  enabled: boolean;
}

/** Realistic jobs of a demo server by its role (a shop on the web servers, dumps on the database server). */
export function demoJobs(server: Pick<ManagedServer, 'role' | 'name'>): DemoJob[] {
  if (server.role === 'database')
    return [
      { schedule: '15 2 * * *', command: '/usr/local/bin/mysql-backup --all-databases --keep 7 >> /var/log/mysql-backup.log 2>&1', user: 'deploy', enabled: true },
      { schedule: '0 4 * * sun', command: 'mysqlcheck --all-databases --optimize --silent', user: 'deploy', enabled: false },
    ];
  return [
    { schedule: '* * * * *', command: 'cd /var/www/shop/current && php bin/console scheduled-task:run --time-limit=55 --no-interaction', user: 'www-data', enabled: true },
    { schedule: '*/15 * * * *', command: 'php /var/www/shop/current/bin/console messenger:consume async --time-limit=840 --quiet', user: 'www-data', enabled: true },
    { schedule: '30 3 * * mon-fri', command: 'find /var/www/shop/shared/var/log -name "*.log" -mtime +14 -delete', user: 'deploy', enabled: true },
    { schedule: '0 6 1 * *', command: 'php /var/www/shop/current/bin/console sitemap:generate && echo "sitemap $(date +%F)" >> /var/log/shop/sitemap.log', user: 'www-data', enabled: true },
  ];
}
