import Typography from '@mui/material/Typography';
import { dateFormats } from '@portal/plugin-sdk/web/format';
import { useTranslation } from 'react-i18next';

/** The day the portal's predecessor, the legacy customer interface, was shut down (§1, §9). */
export const legacyInterfaceShutDown = '2025-01-27';

/**
 * §1: ordering once sent customers to the legacy interface, with a sign-in of its own. Orders are placed in
 * the portal now; the orders page says so, with the day the legacy interface was shut down (§9).
 */
export function LegacyInterfaceNotice() {
  const { t, i18n } = useTranslation('orders');
  const date = dateFormats(i18n.language, 'UTC').short(`${legacyInterfaceShutDown}T00:00:00Z`);
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="legacy-interface-notice">
      {t('legacyInterface', { date })}
    </Typography>
  );
}
