import Paper from '@mui/material/Paper';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { LoginForm } from './LoginForm';

/**
 * E-mail and password, as on the login page and in the login modal. There is no API behind Storybook,
 * so a submit with valid input ends in the form's error message; `onSuccess` is logged as an action.
 */
const meta = {
  title: 'Auth/LoginForm',
  component: LoginForm,
  args: { onSuccess: fn() },
  decorators: [
    (Story) => (
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 420 }}>
        <Story />
      </Paper>
    ),
  ],
} satisfies Meta<typeof LoginForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

/** The login modal after the session ran out: the e-mail is known, the password field has the focus. */
export const WithInitialEmail: Story = {
  args: { initialEmail: 'anna.schmidt@webagentur-schmidt.de' },
};

/** Submitting the empty form shows the required-field errors. */
export const ValidationErrors: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(canvasElement.querySelector<HTMLButtonElement>('button[type="submit"]')!);
    const invalid = canvasElement.querySelectorAll('input[aria-invalid="true"]');
    await expect(invalid).toHaveLength(2);
    await expect(args.onSuccess).not.toHaveBeenCalled();
  },
};
