import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import NotFoundPage from '../NotFoundPage';
import { useDocumentTitle } from '../../shell/useDocumentTitle';
import { useListPartnersQuery, type PartnerSummary } from './partnerApi';

export type PartnerScreen = 'overview' | 'payments' | 'material' | 'contracts' | 'users';

/** The address of a partner screen for a partner (§2 routes; the authorised-users route is ours). */
export const partnerPath = (screen: PartnerScreen, partnerId?: number): string =>
  screen === 'material' ? '/partner/material' : `/partner${screen === 'overview' ? '' : `/${screen}`}${partnerId ? `/${partnerId}` : ''}`;

const screens: PartnerScreen[] = ['overview', 'payments', 'contracts', 'material', 'users'];

/**
 * The caller's partners and the one the route names (default: the first). An id the caller does not
 * belong to, or not a number, is `unknown` (the page shows the 404 page, like the API answers 404).
 */
export function usePartnerSelection(param: string | undefined): { partners?: PartnerSummary[]; partner?: PartnerSummary; unknown: boolean; isLoading: boolean; isError: boolean } {
  const { data, isLoading, isError } = useListPartnersQuery();
  const partners = data?.data;
  if (!partners) return { isLoading, isError, unknown: false };
  if (param === undefined) return { partners, partner: partners[0], unknown: !partners.length, isLoading, isError };
  const partner = /^\d{1,10}$/.test(param) ? partners.find((p) => p.id === Number(param)) : undefined;
  return { partners, partner, unknown: !partner, isLoading, isError };
}

interface PartnerFrameProps {
  screen: PartnerScreen;
  title: string;
  /** The screen's partner (not for sales material, which all partners share). */
  selection?: ReturnType<typeof usePartnerSelection>;
  /** Where the switcher leads for another partner (default: the same screen). */
  switchTo?: (partnerId: number) => string;
  actions?: ReactNode;
  children: (partner: PartnerSummary | undefined) => ReactNode;
}

/** The partner area's frame: title, sub-navigation between its screens and the partner switcher (several partners). */
export function PartnerFrame({ screen, title, selection, switchTo, actions, children }: PartnerFrameProps) {
  const { t } = useTranslation('partner');
  useDocumentTitle(title);
  const navigate = useNavigate();
  const all = useListPartnersQuery();
  const current = selection?.partner ?? all.data?.data[0];
  if (selection?.unknown) return <NotFoundPage />;
  const loading = selection ? selection.isLoading : all.isLoading;
  const failed = selection ? selection.isError : all.isError;
  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography variant="h1" sx={{ flex: '1 1 auto' }}>
          {title}
        </Typography>
        {selection?.partners && selection.partners.length > 1 && (
          <TextField
            select
            size="small"
            label={t('switcher')}
            value={current?.id ?? ''}
            onChange={(e) => navigate(switchTo ? switchTo(Number(e.target.value)) : partnerPath(screen, Number(e.target.value)))}
            sx={{ minWidth: 240 }}
          >
            {selection.partners.map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.name} ({p.number})
              </MenuItem>
            ))}
          </TextField>
        )}
        {actions}
      </Box>
      {current && (
        <Typography color="text.secondary" sx={{ mb: 1 }} data-testid="partner-name">
          {t('partnerLine', { name: current.name, number: current.number })}
        </Typography>
      )}
      <Box component="nav" aria-label={t('navigation')} sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs value={screen} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile>
          {screens.map((s) => (
            <Tab key={s} value={s} label={t(`screens.${s}`)} component={RouterLink} to={partnerPath(s, s === 'material' ? undefined : current?.id)} />
          ))}
        </Tabs>
      </Box>
      {loading ? (
        <Box role="status" aria-busy="true" aria-label={t('loading', { ns: 'common' })}>
          <Skeleton height={48} />
          <Skeleton height={200} />
        </Box>
      ) : failed ? (
        <Alert severity="error">{t('loadError')}</Alert>
      ) : (
        children(current)
      )}
    </Box>
  );
}
