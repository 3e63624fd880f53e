import type { Meta, StoryObj } from '@storybook/react-vite';
import { InvitationSummary } from './InvitationSummary';

const meta = {
  title: 'Pages/Invitation/InvitationSummary',
  component: InvitationSummary,
  args: {
    invitation: {
      id: 1,
      email: 'new.colleague@demo.example',
      role: 'manager',
      customer: { number: 10001, company: 'Müller & Schmidt Online GmbH' },
      cluster: null,
      invitedBy: { firstname: 'Anna', surname: 'Berger' },
      status: 'open',
      expiresAt: '2026-12-06T10:00:00Z',
      accountExists: false,
    },
  },
} satisfies Meta<typeof InvitationSummary>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Manager: Story = {};

export const Administrator: Story = {
  args: {
    invitation: {
      id: 2,
      email: 'other@demo.example',
      role: 'administrator',
      customer: { number: 10001, company: 'Müller & Schmidt Online GmbH' },
      cluster: { number: '20012', name: 'Onlineshop Staging' },
      invitedBy: null,
      status: 'sent',
      expiresAt: '2026-12-06T10:00:00Z',
      accountExists: true,
    },
  },
};
