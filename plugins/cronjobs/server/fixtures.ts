/** Realistic demo jobs by the server's role: a shop on the web servers, dumps on the database server. */
export const demoJobs = (role: string): [schedule: string, command: string, user: string, enabled: boolean][] =>
  role === 'database'
    ? [
        ['15 2 * * *', '/usr/local/bin/mysql-backup --all-databases --keep 7 >> /var/log/mysql-backup.log 2>&1', 'deploy', true],
        ['0 4 * * sun', 'mysqlcheck --all-databases --optimize --silent', 'deploy', false],
      ]
    : [
        ['* * * * *', 'cd /var/www/shop/current && php bin/console scheduled-task:run --time-limit=55 --no-interaction', 'www-data', true],
        ['*/15 * * * *', 'php /var/www/shop/current/bin/console messenger:consume async --time-limit=840 --quiet', 'www-data', true],
        ['30 3 * * mon-fri', 'find /var/www/shop/shared/var/log -name "*.log" -mtime +14 -delete', 'deploy', true],
        ['0 6 1 * *', 'php /var/www/shop/current/bin/console sitemap:generate && echo "sitemap $(date +%F)" >> /var/log/shop/sitemap.log', 'www-data', true],
      ];
