import type { Meta, StoryObj } from '@storybook/react-vite';
import type { SubmissionErrors } from 'final-form';
import type { Certificate } from './model.ts';
import { webServerStory } from './storyData.tsx';
import { emptyVhost, VhostForm } from './VhostForm.tsx';

const certificates: Certificate[] = [
  {
    id: 'mueller-schmidt-shop-2026',
    commonName: 'www.mueller-schmidt-shop.example',
    altNames: ['mueller-schmidt-shop.example'],
    issuer: "Let's Encrypt R11",
    validUntil: '2027-02-14',
    status: 'installed',
  },
  {
    id: 'wildcard-mueller-schmidt-2026',
    commonName: '*.mueller-schmidt.example',
    altNames: [],
    issuer: 'Sectigo RSA Domain Validation',
    validUntil: '2027-06-30',
    status: 'will_generate',
  },
];

/** Adding or editing a domain; the form checks what the server checks (except names of other domains). */
const meta = {
  title: 'SDK/Web server/VhostForm',
  component: VhostForm,
  decorators: webServerStory,
  args: {
    certificates,
    submitLabel: 'Speichern',
    onSubmit: async (): Promise<SubmissionErrors | undefined> => undefined,
    onCancel: () => undefined,
    initialValues: emptyVhost,
  },
} satisfies Meta<typeof VhostForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const New: Story = {};

export const Edit: Story = {
  args: {
    initialValues: {
      serverNames: ['www.mueller-schmidt-shop.example', 'mueller-schmidt-shop.example'],
      documentRoot: 'shop/public',
      backend: 'php',
      phpVersion: '8.3',
      upstream: '',
      certificate: 'mueller-schmidt-shop-2026',
      directives: [
        { name: 'client_max_body_size', value: '64m' },
        { name: 'add_header', value: 'X-Frame-Options SAMEORIGIN' },
      ],
    },
  },
};

/** What the server answers for a name another domain has: the message sits under the field. */
export const DuplicateServerName: Story = {
  args: {
    initialValues: {
      ...emptyVhost,
      serverNames: ['neu.mueller-schmidt-shop.example', 'www.mueller-schmidt-shop.example'],
      documentRoot: 'neu/public',
    },
    onSubmit: async () => ({ serverNames: [undefined, 'Eine andere Domain dieses Servers verwendet diesen Namen bereits.'] }),
  },
};
