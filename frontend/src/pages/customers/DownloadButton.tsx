import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import i18next from 'i18next';
import { useState, type ReactNode } from 'react';
import { useAppDispatch } from '../../store';
import { support } from '../../ui/notify';
import { alertAdded } from '../../ui/uiSlice';

/** The file name the server sent (RFC 6266: `filename*` wins over `filename`). */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1]!);
    } catch {
      /* malformed: the plain name */
    }
  }
  return /filename="([^"]*)"/i.exec(disposition)?.[1] ?? fallback;
}

/**
 * Downloads a file of the portal with the session and saves it under the server's file name. A failed
 * download shows the §8 message ("could not be loaded: try later or contact service") instead of
 * leaving the page for an error answer.
 */
export function DownloadButton({
  url,
  fileName,
  label,
  children,
  variant = 'text',
  iconOnlyOnPhones = false,
}: {
  url: string;
  fileName: string;
  label: string;
  children?: ReactNode;
  variant?: 'text' | 'outlined';
  /** Only the icon below 600 px (the label stays the accessible name): a table's last column then fits a phone. */
  iconOnlyOnPhones?: boolean;
}) {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const res = await fetch(url, { credentials: 'same-origin' });
      if (res.status === 401) return;
      if (!res.ok) throw new Error(String(res.status));
      const blob = await res.blob();
      const href = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = href;
      a.download = fileNameFrom(res.headers.get('Content-Disposition'), fileName);
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(href), 10_000);
    } catch {
      dispatch(alertAdded({ type: 'danger', message: i18next.t('errors:withSupport', { message: i18next.t('errors:document_download_failed'), ...support }) }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      variant={variant}
      onClick={() => void download()}
      disabled={busy}
      aria-label={label}
      startIcon={busy ? <CircularProgress size={16} aria-hidden /> : <DownloadIcon />}
      sx={
        iconOnlyOnPhones ? (theme) => ({ [theme.breakpoints.down('sm')]: { minWidth: 0, '& .MuiButton-startIcon': { m: 0 } } }) : undefined
      }
    >
      {iconOnlyOnPhones ? (
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {children ?? fileName}
        </Box>
      ) : (
        (children ?? fileName)
      )}
    </Button>
  );
}
