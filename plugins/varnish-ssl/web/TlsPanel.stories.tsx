import type { Meta, StoryObj } from '@storybook/react-vite';
import { storyHostFor } from '@portal/plugin-sdk/web/story';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { TlsForm } from './TlsPanel.tsx';

const certificates = [
  { id: 'mueller-schmidt-shop-2026', commonName: 'www.mueller-schmidt-shop.example', altNames: ['mueller-schmidt-shop.example'], issuer: "Let's Encrypt R11", validUntil: '2027-02-14', status: 'installed' as const },
  { id: 'wildcard-mueller-schmidt-2026', commonName: '*.mueller-schmidt.example', altNames: ['mueller-schmidt.example'], issuer: 'Sectigo RSA Domain Validation', validUntil: '2027-06-30', status: 'missing' as const },
];
const none = { source: 'none' as const, certificateId: null, subject: '', altNames: [], validUntil: null, fingerprint: '' };

/** The TLS front (hitch): its state, the certificate it serves, one of the customer's or a pasted PEM (never shown back). */
const meta = {
  title: 'Plugins/varnish-ssl/TLS (hitch)',
  component: TlsForm,
  decorators: [storyHostFor('varnish-ssl', { de, en })],
  args: {
    tls: {
      enabled: true,
      running: true,
      listen: '*:443',
      certificate: { source: 'inventory', certificateId: 'mueller-schmidt-shop-2026', subject: 'www.mueller-schmidt-shop.example', altNames: ['mueller-schmidt-shop.example'], validUntil: '2027-02-14', fingerprint: '' },
      certificates,
    },
  },
} satisfies Meta<typeof TlsForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FromTheList: Story = {};
export const PastedPem: Story = {
  args: {
    tls: {
      enabled: true,
      running: true,
      listen: '*:443',
      certificate: { source: 'pem', certificateId: null, subject: 'shop.example', altNames: ['shop.example', 'www.shop.example'], validUntil: '2027-05-31', fingerprint: '3A:9F:12:7C:55:0B:E1:04:9D:2A:6B:C8:71:FE:33:90:4C:AA:17:5E:D2:08:B9:6F:21:CC:04:7A:E5:93:1D:60' },
      certificates,
    },
  },
};
export const NoCertificateYet: Story = { args: { tls: { enabled: false, running: false, listen: '*:443', certificate: none, certificates } } };
export const NoneReachable: Story = { args: { tls: { enabled: false, running: false, listen: '*:443', certificate: none, certificates: [] } } };
