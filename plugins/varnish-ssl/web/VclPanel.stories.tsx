import type { Meta, StoryObj } from '@storybook/react-vite';
import { storyHostFor } from '@portal/plugin-sdk/web/story';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { PurgePanel } from './PurgePanel.tsx';
import { VclForm } from './VclPanel.tsx';

const custom = 'vcl 4.1;\n\nbackend default {\n  .host = "127.0.0.1";\n  .port = "8080";\n}\n\nsub vcl_deliver {\n  set resp.http.X-Served-By = "lb01";\n}\n';

/** The VCL panel: the form's VCL or a custom one (editor, compile, messages at their lines), what Varnish has loaded. */
const meta = {
  title: 'Plugins/varnish-ssl/VCL',
  component: VclForm,
  decorators: [storyHostFor('varnish-ssl', { de, en })],
  args: {
    vcl: {
      mode: 'form',
      customVcl: '',
      running: true,
      loaded: [
        { name: 'portal_33da77cc1706', state: 'warm', active: false },
        { name: 'portal_9b1e0c4f2a71', state: 'warm', active: true },
      ],
    },
  },
} satisfies Meta<typeof VclForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FromTheForm: Story = {};
export const Custom: Story = { args: { vcl: { mode: 'custom', customVcl: custom, running: true, loaded: [{ name: 'portal_9b1e0c4f2a71', state: 'warm', active: true }] } } };
export const NotRunning: Story = { args: { vcl: { mode: 'form', customVcl: '', running: false, loaded: [] } } };
export const Purge: StoryObj = { render: () => <PurgePanel /> };
