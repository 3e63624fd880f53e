import type { Meta, StoryObj } from '@storybook/react-vite';
import type { SubmissionErrors } from 'final-form';
import { RecordDialog } from './RecordForm.tsx';
import { sampleRecords, withDns } from './storyData.tsx';

const find = (name: string, type: string) => sampleRecords.find((r) => r.name === name && r.type === type)!;

/** Adding or changing a record: the fields of its type, a short explanation, the resulting zone-file line. */
const meta = {
  title: 'Plugins/dns/Record dialog',
  component: RecordDialog,
  decorators: [withDns],
  args: {
    open: true,
    origin: 'shop-mueller-schmidt.example',
    defaultTtl: 3600,
    onSubmit: async (): Promise<SubmissionErrors | undefined> => undefined,
    onClose: () => undefined,
  },
} satisfies Meta<typeof RecordDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NewRecord: Story = {};
export const EditMx: Story = { args: { record: find('@', 'MX') } };
export const EditSrv: Story = { args: { record: find('_imaps._tcp', 'SRV') } };
export const EditCaa: Story = { args: { record: find('@', 'CAA') } };
export const EditDkim: Story = { args: { record: find('mail2026._domainkey', 'TXT') } };
/** What a refused CNAME looks like: the server's message under the name. */
export const CnameConflict: Story = {
  args: {
    record: { ...find('mail', 'A'), id: 99, type: 'CNAME', value: 'shop' },
    onSubmit: async () => ({
      name: 'Ein CNAME-Eintrag muss der einzige Eintrag unter seinem Namen sein: Unter diesem Namen gibt es bereits andere Einträge.',
    }),
  },
};
