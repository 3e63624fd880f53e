import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CallErrorAlert } from '../../../forms/CallErrorAlert';
import type { Order } from '../ordersApi';
import { useGetCertificateOrderFilesQuery, useGetCertificateOrderKeyMutation } from './certificateApi';

/** Saves text as a file in the browser (nothing is kept after the download). */
function save(fileName: string, content: string, type = 'application/x-pem-file') {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * R3.046 the files of a certificate order: CSR, private key (after a confirmation that explains it is
 * secret), and for a completed order the certificate, the intermediate certificate and the DCV files.
 */
export function CertificateDownloads({ order }: { order: Pick<Order, 'number' | 'status'> }) {
  const { t } = useTranslation('orders');
  const base = order.number.toLowerCase();
  const { data: files, error } = useGetCertificateOrderFilesQuery({ number: order.number, status: order.status });
  const [getKey, keyCall] = useGetCertificateOrderKeyMutation();
  const [confirming, setConfirming] = useState(false);
  const downloadKey = async () => {
    const result = await getKey(order.number);
    if ('data' in result && result.data) {
      save(`${base}.key`, result.data.privateKey);
      setConfirming(false);
    }
  };
  if (error) return <CallErrorAlert error={error} message={t('certificateFiles.error')} />;
  if (!files?.csr) return null;
  return (
    <Box component="section" aria-labelledby="certificate-files-title" sx={{ mt: 2 }} data-testid="certificate-files">
      <Typography variant="h3" id="certificate-files-title" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {t('certificateFiles.title')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={() => save(`${base}.csr`, files.csr!)}>
          {t('certificateFiles.csr')}
        </Button>
        <Button variant="outlined" color="warning" onClick={() => setConfirming(true)}>
          {t('certificateFiles.key')}
        </Button>
        {files.certificate && (
          <Button variant="outlined" onClick={() => save(`${base}.crt`, files.certificate!)}>
            {t('certificateFiles.certificate')}
          </Button>
        )}
        {files.intermediate && (
          <Button variant="outlined" onClick={() => save(`${base}-intermediate.crt`, files.intermediate!)}>
            {t('certificateFiles.intermediate')}
          </Button>
        )}
        {order.status === 'completed' &&
          files.dcv.map((f) => (
            <Button key={`${f.domain}-${f.method}`} variant="outlined" onClick={() => save(f.method === 'http' ? f.name.split('/').pop()! : `${f.domain}-dcv.txt`, f.method === 'http' ? f.content : `${f.name} TXT "${f.content}"\n`, 'text/plain')}>
              {t(`certificateFiles.dcv.${f.method}`, { domain: f.domain })}
            </Button>
          ))}
      </Box>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="certificate-key-title" aria-describedby="certificate-key-text">
        <DialogTitle id="certificate-key-title">{t('certificateFiles.confirm.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="certificate-key-text">{t('certificateFiles.confirm.text')}</DialogContentText>
          {keyCall.error ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {(keyCall.error as { status?: number }).status === 409 ? t('certificateFiles.notReady') : t('certificateFiles.error')}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('certificateFiles.confirm.cancel')}</Button>
          <Button variant="contained" color="warning" onClick={downloadKey} disabled={keyCall.isLoading}>
            {t('certificateFiles.confirm.download')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
