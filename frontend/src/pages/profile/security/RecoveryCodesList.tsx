import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../store';
import { alertAdded } from '../../../ui/uiSlice';

/** The recovery codes, shown once, with copy and download. */
export function RecoveryCodesList({ codes }: { codes: string[] }) {
  const { t } = useTranslation('security');
  const dispatch = useAppDispatch();
  const text = codes.join('\n') + '\n';
  return (
    <Stack spacing={1.5}>
      <Box
        component="ol"
        aria-label={t('twoFactor.recoveryTitle')}
        data-testid="recovery-codes"
        sx={{
          m: 0,
          p: 2,
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          gap: 1,
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: '0.95rem',
          bgcolor: 'action.hover',
          borderRadius: 1,
        }}
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          size="small"
          startIcon={<ContentCopyIcon />}
          onClick={() =>
            void navigator.clipboard
              ?.writeText(text)
              .then(() => dispatch(alertAdded({ type: 'success', message: t('twoFactor.codesCopied') })))
              .catch(() => undefined)
          }
        >
          {t('twoFactor.copyCodes')}
        </Button>
        <Button size="small" startIcon={<DownloadIcon />} href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`} download={t('twoFactor.downloadName')}>
          {t('twoFactor.downloadCodes')}
        </Button>
      </Stack>
    </Stack>
  );
}
