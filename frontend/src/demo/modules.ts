/**
 * Every Managed Center module of §2 (R2.024–R2.029) and the pages the demo names besides (firewall,
 * protection, Postfix/Sendmail, FTP, e-mail domain details). In demo mode each has a page; those the demo
 * server has no plugin section for show their title and that they are in the full portal. Memcached,
 * RabbitMQ and Sphinx are not here: both servers of the demo cluster run them (core/demo), so the demo
 * shows their real module pages.
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
  'firewall',
  'protection',
  'postfix-sendmail',
  'ftp',
] as const;

export type DemoModule = (typeof demoModules)[number];

export const isDemoModule = (id: string): id is DemoModule => (demoModules as readonly string[]).includes(id);
