import type { Meta, StoryObj } from '@storybook/react-vite';
import type { CustomerDocument } from '../../api/customers';
import { DocumentTable } from './DocumentTable';

const documents: CustomerDocument[] = [
  { id: 7, kind: 'contract', title: 'Vertrag Managed Cluster 20011 „Onlineshop Produktion“', fileName: 'Vertrag-20011.pdf', contentType: 'application/pdf', size: 1834, createdAt: '2024-03-01T09:00:00.000Z', clusterId: 3 },
  { id: 8, kind: 'order_confirmation', title: 'Auftragsbestätigung Cluster 20011', fileName: 'Auftragsbestätigung-20011.pdf', contentType: 'application/pdf', size: 1590, createdAt: '2024-02-23T09:00:00.000Z', clusterId: 3 },
  { id: 31, kind: 'dpa', title: 'Vertrag zur Auftragsverarbeitung, Version 2026-10', fileName: 'dpa-10001-2026-10.pdf', contentType: 'application/pdf', size: 4211, createdAt: '2026-10-12T09:00:00.000Z', clusterId: null },
];

const meta = {
  title: 'Pages/Customers/DocumentTable',
  component: DocumentTable,
  args: { documents, urlOf: (d) => `/api/v1/customers/1/documents/${d.id}/download`, label: 'Kundendokumente', emptyText: 'Keine Dokumente vorhanden.' },
} satisfies Meta<typeof DocumentTable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const CustomerDocuments: Story = {};
export const Empty: Story = { args: { documents: [] } };
