import AppBar from '@mui/material/AppBar';
import Toolbar from '@mui/material/Toolbar';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { LanguageSwitch } from './LanguageSwitch';

/**
 * The de/en switch of the top bar (white on the primary colour). Signed out here, so a click only
 * changes the language in the browser; the toolbar's language applies again on the next story.
 */
const meta = {
  title: 'Shell/LanguageSwitch',
  component: LanguageSwitch,
  decorators: [
    (Story) => (
      <AppBar position="static" color="primary" enableColorOnDark>
        <Toolbar>
          <Story />
        </Toolbar>
      </AppBar>
    ),
  ],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof LanguageSwitch>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
