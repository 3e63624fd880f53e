import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { StatusPage } from './StatusPage';

/**
 * `/not-allowed` (§2): 'Permission denied' with an optional message, passed as navigation state
 * `{ message }` (already translated) by whoever sends the user here.
 */
export default function NotAllowedPage() {
  const { t } = useTranslation();
  const message = (useLocation().state as { message?: string } | null)?.message;
  return (
    <StatusPage
      code="403"
      title={t('notAllowed.title')}
      text={message ?? t('notAllowed.text')}
      action={
        <Button component={Link} to="/" variant="contained">
          {t('notAllowed.back')}
        </Button>
      }
    />
  );
}
