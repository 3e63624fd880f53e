import type { Meta, StoryObj } from '@storybook/react-vite';
import { BrowserSupportModal } from './BrowserSupportModal';

/** The modal remembers "continue anyway" for the browser session; forget it so every story opens it again. */
const forgetDismissal = () => {
  sessionStorage.removeItem('portal.browserWarningDismissed');
};

const meta = {
  title: 'Shell/BrowserSupportModal',
  component: BrowserSupportModal,
  beforeEach: forgetDismissal,
} satisfies Meta<typeof BrowserSupportModal>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Chrome 109 is below the minimum (Chrome 120). */
export const OutdatedChrome: Story = {
  args: {
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/109.0.0.0 Safari/537.36',
  },
};

/** Safari 15 on macOS is below the minimum (Safari 17). */
export const OutdatedSafari: Story = {
  args: {
    userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6 Safari/605.1.15',
  },
};

/** Internet Explorer is never supported. */
export const InternetExplorer: Story = {
  args: { userAgent: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko' },
};
