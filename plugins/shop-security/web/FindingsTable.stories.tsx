import Paper from '@mui/material/Paper';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { storyHostFor } from '@portal/plugin-sdk/web/story';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { FindingsTable } from './FindingsTable.tsx';

/** A scan's findings: one of each kind, most severe first. */
const meta = {
  title: 'Plugins/shop-security/Findings',
  component: FindingsTable,
  decorators: [
    storyHostFor('shop-security', { de, en }),
    (Story) => (
      <Paper variant="outlined">
        <Story />
      </Paper>
    ),
  ],
  args: {
    findings: [
      {
        kind: 'vulnerable_extension',
        severity: 'critical',
        rule: 'CVE-2024-34102',
        file: '/var/www/shop/composer.lock',
        line: null,
        evidence: 'magento/magento2-base 2.4.6-p3: Magento "CosmicSting": XML external entity injection',
        extension: { name: 'magento/magento2-base', version: '2.4.6-p3', fixedIn: '2.4.6-p6' },
      },
      { kind: 'malware', severity: 'critical', rule: 'eval_obfuscated', file: '/var/www/shop/pub/media/catalog/product/cache/x.php', line: 3, evidence: '@eval(base64_decode($_POST["p"]));' },
      { kind: 'php_in_uploads', severity: 'high', rule: 'php_in_uploads', file: '/var/www/shop/pub/media/catalog/product/cache/x.php', line: null, evidence: 'shop/pub/media/catalog/product/cache/x.php' },
      { kind: 'world_writable', severity: 'medium', rule: 'world_writable', file: '/var/www/shop/app/etc/env.php.bak', line: null, evidence: 'mode 666' },
    ],
  },
} satisfies Meta<typeof FindingsTable>;

export default meta;
export const Findings: StoryObj<typeof meta> = {};
