import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { useUpdateUiSettingsMutation } from '../api/session';
import { rememberLanguage, supportedLanguages, type Language } from '../i18n';
import { useAppSelector } from '../store';

import { useGetDemoQuery } from '../demo/api';
/** de/en switch in the top bar: persisted in the browser, and on the server when signed in (§7). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const signedIn = useAppSelector((s) => s.auth.status === 'authenticated' && !s.auth.lost);
  const [save] = useUpdateUiSettingsMutation();
  // R7.014: not stored on the server in demo mode (the demo user is shared).
  const demo = useGetDemoQuery().data?.enabled === true;
  const current = (i18n.resolvedLanguage ?? 'de') as Language;
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={current}
      aria-label={t('language.label')}
      onChange={(_, language: Language | null) => {
        if (!language || language === current) return;
        void i18n.changeLanguage(language);
        rememberLanguage(language);
        if (signedIn && !demo) void save({ language });
      }}
      // On the app bar: white text; the selected language white with the bar's dark blue text (≥ 9:1 in both modes).
      sx={{
        '& .MuiToggleButton-root': { color: 'inherit', borderColor: 'rgba(255,255,255,0.6)', px: { xs: 0.75, sm: 1.2 }, py: 0.3 },
        '& .MuiToggleButton-root.Mui-selected, & .MuiToggleButton-root.Mui-selected:hover': {
          bgcolor: '#ffffff',
          color: '#0b3a6e',
          fontWeight: 700,
        },
      }}
    >
      {supportedLanguages.map((l) => (
        <ToggleButton key={l} value={l} lang={l} aria-label={t('language.switchTo', { language: t(`language.${l}`) })}>
          {l.toUpperCase()}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
