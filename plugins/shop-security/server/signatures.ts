/**
 * The versioned lists a scan uses: malware signatures (PHP/JS patterns of webshells, obfuscated loaders and
 * skimmers) and known-vulnerable shop and library versions (composer packages, Magento and Shopware extensions).
 * Shipped with the plugin; a change of either list raises `listVersion` (shown in every report).
 */
import type { Severity } from '../shared/findings.ts';

export const listVersion = '2026.11.28';

export interface Signature {
  id: string;
  severity: Severity;
  /** Which files: PHP-like (`php`) or scripts served to browsers (`js`). */
  files: 'php' | 'js';
  pattern: RegExp;
}

const input = String.raw`\$_(?:GET|POST|REQUEST|COOKIE|SERVER\[['"]HTTP_)`;

export const signatures: readonly Signature[] = [
  // eval(base64_decode(…)), eval(gzinflate(str_rot13(…))): the loader of most PHP malware.
  { id: 'eval_obfuscated', severity: 'critical', files: 'php', pattern: /\b(?:eval|assert)\s*\(\s*(?:@\s*)?(?:base64_decode|gzinflate|gzuncompress|gzdecode|str_rot13|strrev|rawurldecode|hex2bin)\s*\(/i },
  // system($_GET['c']) and friends: a command shell.
  { id: 'shell_from_request', severity: 'critical', files: 'php', pattern: new RegExp(String.raw`\b(?:system|passthru|shell_exec|exec|popen|proc_open|pcntl_exec)\s*\(\s*@?\s*(?:stripslashes\s*\(\s*)?${input}`, 'i') },
  // eval($_POST['x']), assert($_REQUEST[…]): code from the request.
  { id: 'eval_from_request', severity: 'critical', files: 'php', pattern: new RegExp(String.raw`\b(?:eval|assert|create_function)\s*\(\s*@?\s*(?:stripslashes\s*\(\s*)?${input}`, 'i') },
  // $f = $_GET['f']; $f(…) written in one expression: ${"_GET"}, call_user_func with request input.
  { id: 'callable_from_request', severity: 'critical', files: 'php', pattern: new RegExp(String.raw`\b(?:call_user_func(?:_array)?|array_map|usort)\s*\(\s*@?\s*${input}`, 'i') },
  // preg_replace with the /e modifier evaluates the replacement.
  { id: 'preg_replace_eval', severity: 'high', files: 'php', pattern: /\bpreg_replace\s*\(\s*(['"])([^a-z0-9\\\s]).*?\2[imsxu]*e[imsxu]*\1/i },
  // The WSO / FilesMan web shell family.
  { id: 'webshell_filesman', severity: 'critical', files: 'php', pattern: /FilesMan|\bWSO\s+\d|b374k|c99shell|r57shell/ },
  // Writes a request upload anywhere without checks, next to an eval-like call: an uploader backdoor.
  { id: 'uploader_backdoor', severity: 'high', files: 'php', pattern: /move_uploaded_file\s*\(\s*\$_FILES\[[^\]]+\]\[['"]tmp_name['"]\]\s*,\s*\$_(?:GET|POST|REQUEST)/i },
  // Skimmers: eval(atob(…)) and a script that loads itself from a WebSocket on checkout pages.
  { id: 'js_eval_atob', severity: 'high', files: 'js', pattern: /\beval\s*\(\s*atob\s*\(/ },
  { id: 'js_skimmer_websocket', severity: 'high', files: 'js', pattern: /new\s+WebSocket\s*\([^)]*\)[\s\S]{0,200}(?:checkout|onepage|payment)/i },
];

export interface Advisory {
  /** CVE or GHSA id. */
  id: string;
  /** Composer package names (also the name a Magento/Shopware extension's composer.json carries). */
  packages: readonly string[];
  severity: Severity;
  title: string;
  /** Affected ranges: `[from, fixed)` (from inclusive, `null`: every earlier version). */
  ranges: readonly { from: string | null; fixed: string }[];
}

/** Known-vulnerable versions (sources: the vendors' security bulletins named by the ids). */
export const advisories: readonly Advisory[] = [
  {
    id: 'CVE-2024-34102',
    packages: ['magento/product-community-edition', 'magento/product-enterprise-edition', 'magento/magento2-base'],
    severity: 'critical',
    title: 'Magento "CosmicSting": XML external entity injection, leads to remote code execution (APSB24-40)',
    ranges: [
      { from: null, fixed: '2.4.4-p9' },
      { from: '2.4.5', fixed: '2.4.5-p8' },
      { from: '2.4.6', fixed: '2.4.6-p6' },
      { from: '2.4.7', fixed: '2.4.7-p1' },
    ],
  },
  {
    id: 'CVE-2022-24086',
    packages: ['magento/product-community-edition', 'magento/product-enterprise-edition', 'magento/magento2-base'],
    severity: 'critical',
    title: 'Magento "TrojanOrder": improper input validation during checkout, remote code execution (APSB22-12)',
    ranges: [
      { from: '2.3.3-p1', fixed: '2.3.7-p3' },
      { from: '2.4.0', fixed: '2.4.3-p2' },
    ],
  },
  {
    id: 'CVE-2023-2017',
    packages: ['shopware/core', 'shopware/platform'],
    severity: 'critical',
    title: 'Shopware 6: server-side template injection in Twig (sandbox bypass)',
    ranges: [{ from: null, fixed: '6.4.20.1' }],
  },
  {
    id: 'CVE-2016-10033',
    packages: ['phpmailer/phpmailer'],
    severity: 'critical',
    title: 'PHPMailer: remote code execution through the sender address',
    ranges: [{ from: null, fixed: '5.2.18' }],
  },
  {
    id: 'CVE-2022-39261',
    packages: ['twig/twig'],
    severity: 'high',
    title: 'Twig: template names can reach files outside the configured directories',
    ranges: [
      { from: null, fixed: '1.44.7' },
      { from: '2.0.0', fixed: '2.15.3' },
      { from: '3.0.0', fixed: '3.4.3' },
    ],
  },
  {
    id: 'CVE-2022-31090',
    packages: ['guzzlehttp/guzzle'],
    severity: 'medium',
    title: 'Guzzle: authorization header leaked to another host on redirects',
    ranges: [
      { from: null, fixed: '6.5.8' },
      { from: '7.0.0', fixed: '7.4.5' },
    ],
  },
];
