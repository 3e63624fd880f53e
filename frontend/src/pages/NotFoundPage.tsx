import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusPage } from './StatusPage';

/** Any unknown path (§2): 'Page not found'. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
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
}
