import Button from '@mui/material/Button';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusPage } from './StatusPage';

/** The frame of the not-found, not-allowed, maintenance and not-yet-available pages. It also sets the tab title. */
const meta = {
  title: 'Pages/StatusPage',
  component: StatusPage,
  args: {
    code: '404',
    title: 'Page not found',
    text: 'The page you requested does not exist or has moved.',
  },
} satisfies Meta<typeof StatusPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Plain texts, editable in the controls. */
export const Playground: Story = {};

/** As the 404 page uses it, in the toolbar's language. */
export const NotFound: Story = {
  render: function NotFound(args) {
    const { t } = useTranslation();
    return (
      <StatusPage
        {...args}
        code="404"
        title={t('notFound.title')}
        text={t('notFound.text')}
        action={
          <Button component={Link} to="/" variant="contained">
            {t('notFound.back')}
          </Button>
        }
      />
    );
  },
};

/** As the 403 page uses it, with a message passed by whoever sent the user there. */
export const NotAllowed: Story = {
  render: function NotAllowed(args) {
    const { t } = useTranslation();
    return (
      <StatusPage
        {...args}
        code="403"
        title={t('notAllowed.title')}
        text="Only the cluster's manager can see its invoices."
        action={
          <Button component={Link} to="/" variant="contained">
            {t('notAllowed.back')}
          </Button>
        }
      />
    );
  },
};

/** Without a code, as on the maintenance page. */
export const Maintenance: Story = {
  render: function Maintenance(args) {
    const { t } = useTranslation();
    return (
      <StatusPage
        {...args}
        code={undefined}
        title={t('maintenance.title')}
        text={t('maintenance.text')}
        action={<Button variant="contained">{t('maintenance.retry')}</Button>}
      />
    );
  },
};
