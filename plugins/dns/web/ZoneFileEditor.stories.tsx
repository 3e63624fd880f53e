import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ZoneFileCheck } from './model.ts';
import { sampleZone, withDns } from './storyData.tsx';
import { ZoneFileEditor } from './ZoneFileEditor.tsx';

const refused = (lines: Record<number, string[]>) => ({
  status: 422,
  data: {
    error: {
      code: 'validation',
      message: 'dns:errors.zone_file_invalid',
      fields: { text: ['dns:errors.zone_file_invalid'], ...Object.fromEntries(Object.entries(lines).map(([l, k]) => [`lines.${l}`, k])) },
    },
  },
});

/** Expert mode: the zone file with line numbers; check, save, and errors addressed by line. */
const meta = {
  title: 'Plugins/dns/Zone file editor',
  component: ZoneFileEditor,
  decorators: [withDns],
  args: {
    text: sampleZone.zoneFile,
    origin: sampleZone.origin,
    onCheck: async (): Promise<{ data?: ZoneFileCheck; error?: unknown }> => ({
      data: { recordCount: 16, added: 1, removed: 0, settingsChanged: false },
    }),
    onSave: async (): Promise<{ error?: unknown }> => ({}),
    onFailure: () => undefined,
  },
} satisfies Meta<typeof ZoneFileEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Valid: Story = {};
/** Press "Check" (or edit and save) to see the lines at fault. */
export const RefusedLines: Story = {
  args: {
    text: `${sampleZone.zoneFile}www IN A 203.0.113.5\nptr IN PTR host.example.net.\ntxt IN TXT "unterminated\n`,
    onSave: async () => ({
      error: refused({ 29: ['dns:errors.cname_conflict'], 30: ['dns:errors.parse_type_unsupported'], 31: ['dns:errors.parse_quote'] }),
    }),
    onCheck: async () => ({
      error: refused({ 29: ['dns:errors.cname_conflict'], 30: ['dns:errors.parse_type_unsupported'], 31: ['dns:errors.parse_quote'] }),
    }),
  },
};
