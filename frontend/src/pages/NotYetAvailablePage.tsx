import { useTranslation } from 'react-i18next';
import { StatusPage } from './StatusPage';

/** §8 'This feature is not yet available.' for areas whose issue has not been built yet. */
export default function NotYetAvailablePage() {
  const { t } = useTranslation();
  return <StatusPage title={t('notYetAvailable.title')} text={t('notYetAvailable.text')} />;
}
