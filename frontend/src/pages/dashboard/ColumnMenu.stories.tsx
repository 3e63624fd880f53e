import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { ColumnMenu } from './ColumnMenu';
import type { ClusterColumn } from './columnSettings';

function Stateful({ initial }: { initial: ClusterColumn[] }) {
  const [hidden, setHidden] = useState(initial);
  return (
    <>
      <ColumnMenu hidden={hidden} onChange={setHidden} labelOf={(c) => c} />
      <p data-testid="hidden">{hidden.join(', ')}</p>
    </>
  );
}

const meta = {
  title: 'Pages/Dashboard/ColumnMenu',
  component: Stateful,
  args: { initial: ['sla'] },
} satisfies Meta<typeof Stateful>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SomeHidden: Story = {};
/** Opening the menu and showing a hidden column again. */
export const ShowAgain: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button'));
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await body.findByRole('menuitemcheckbox', { name: 'sla' }));
    await expect(canvas.getByTestId('hidden')).toHaveTextContent('');
  },
};
