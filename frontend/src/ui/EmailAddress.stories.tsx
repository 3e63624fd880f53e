import type { Meta, StoryObj } from '@storybook/react-vite';
import { EmailAddress } from './EmailAddress';

/** An e-mail address in a narrow column (a table cell on a phone): it wraps before the "@", not every few letters. */
const meta = {
  title: 'UI/EmailAddress',
  component: EmailAddress,
  decorators: [
    (Story) => (
      <div style={{ width: 140, border: '1px dashed #999', padding: 8, overflowWrap: 'break-word' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof EmailAddress>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Long: Story = { args: { email: 'james.miller@mueller-schmidt.example' } };
export const Short: Story = { args: { email: 'ab@c.de' } };
