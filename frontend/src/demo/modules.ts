/**
 * Every Managed Center module of §2 (R2.024–R2.029) and the pages the demo names besides (Memcached,
 * RabbitMQ, Sphinx, firewall, protection, Postfix/Sendmail, FTP, e-mail domain details). In demo mode
 * each has a page; those without a plugin show their title and that they are in the full portal.
 */
export const demoModules = [
  'apache',
  'nginx',
  'profiler',
  'ssh',
  'supervisor',
  'varnish-ssl',
  'redis',
  'elasticsearch',
  'mysql',
  'open-search',
  'shop-security',
  'shop-performance',
  'cluster-control',
  'monitoring',
  'backups',
  'package-updates',
  'dns',
  'email',
  'email-domain-details',
  'cronjobs',
  'tomcat',
  'solr',
  'nodejs',
  'memcached',
  'rabbitmq',
  'sphinx',
  'firewall',
  'protection',
  'postfix-sendmail',
  'ftp',
] as const;

export type DemoModule = (typeof demoModules)[number];

export const isDemoModule = (id: string): id is DemoModule => (demoModules as readonly string[]).includes(id);
