import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Schemas } from '@portal/openapi';
import { formatDate, QueryState, useApply, useManagedHost, WriteButton } from '@portal/plugin-sdk/web';
import { useState } from 'react';
import { varnishSslApi, varnishSslClient } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';

type Tls = Schemas['VarnishSslTls'];
type Source = Schemas['VarnishSslTlsCertificateInput']['source'];

/** The state of hitch and the certificate it serves: one of the customer's certificates, or a pasted PEM (never shown back). */
export function TlsForm({ tls }: { tls: Tls }) {
  const { t, i18n } = useT();
  const host = useManagedHost();
  const apply = useApply(varnishSslClient);
  const usable = tls.certificates.filter((c) => c.status !== 'missing');
  const [source, setSource] = useState<Source>(tls.certificate.source === 'pem' || !usable.length ? 'pem' : 'inventory');
  const [certificateId, setCertificateId] = useState(tls.certificate.certificateId ?? usable[0]?.id ?? '');
  const [pem, setPem] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [update, updating] = varnishSslApi.useUpdateVarnishSslTlsCertificateMutation();
  const current = tls.certificate;

  const save = async () => {
    setError(undefined);
    const body = source === 'pem' ? { source, pem } : { source, certificateId };
    const r = await apply.track(update({ clusterId: host.cluster.id, serverId: host.server.id, body }));
    if (r.error === undefined) {
      setPem('');
      return;
    }
    const fields = host.submitErrors(r.error);
    setError(fields?.pem ?? fields?.certificateId);
  };

  return (
    <Stack spacing={2} component="form" aria-label={t('tls.title')} onSubmit={(e) => (e.preventDefault(), void save())}>
      <Alert severity={tls.running ? 'success' : 'info'} data-testid="varnish-ssl-hitch-state">
        {tls.running ? t('tls.running', { listen: tls.listen }) : t('tls.notRunning')}
      </Alert>
      {current.source === 'none' ? (
        <Typography variant="body2">{t('tls.none')}</Typography>
      ) : (
        <Stack spacing={0.5} data-testid="varnish-ssl-certificate">
          <Typography variant="body2">{t('tls.current', { subject: current.subject })}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('tls.currentDetails', { names: current.altNames.join(', ') || '–', until: current.validUntil ? formatDate(current.validUntil, i18n.language) : '–' })}
          </Typography>
          {current.fingerprint && (
            <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
              {t('tls.fingerprint', { fingerprint: current.fingerprint })}
            </Typography>
          )}
        </Stack>
      )}
      <RadioGroup row aria-label={t('tls.sourceLabel')} value={source} onChange={(e) => setSource(e.target.value as Source)}>
        <FormControlLabel value="inventory" control={<Radio />} label={t('tls.inventory')} disabled={!usable.length} />
        <FormControlLabel value="pem" control={<Radio />} label={t('tls.pem')} />
      </RadioGroup>
      {source === 'inventory' ? (
        <TextField id="varnish-ssl-certificate-id" select label={t('tls.certificate')} value={certificateId} onChange={(e) => setCertificateId(e.target.value)} error={!!error} helperText={error} sx={{ maxWidth: 560 }}>
          {tls.certificates.map((c) => (
            <MenuItem key={c.id} value={c.id} disabled={c.status === 'missing'}>
              {`${c.commonName} (${t(`tls.status.${c.status}`)})`}
            </MenuItem>
          ))}
        </TextField>
      ) : (
        <>
          {!usable.length && <Typography variant="body2">{t('tls.noneReachable')}</Typography>}
          {current.source === 'pem' && <Typography variant="body2">{t('tls.pemStored')}</Typography>}
          <TextField
            id="varnish-ssl-pem"
            label={t('tls.pemLabel')}
            multiline
            minRows={6}
            maxRows={16}
            value={pem}
            required
            onChange={(e) => setPem(e.target.value)}
            error={!!error}
            helperText={error ?? t('tls.pemHelp')}
            slotProps={{ htmlInput: { maxLength: 32_768, spellCheck: false, autoComplete: 'off', style: { fontFamily: 'monospace', fontSize: 13 } } }}
          />
        </>
      )}
      <div>
        <WriteButton type="submit" variant="contained" disabled={updating.isLoading || (source === 'pem' ? !pem.trim() : !certificateId)}>
          {t('tls.save')}
        </WriteButton>
      </div>
    </Stack>
  );
}

/** The TLS front's panel: whether hitch runs and where, the certificate in use, and choosing another. */
export function TlsPanel() {
  const { t } = useT();
  const host = useManagedHost();
  const query = varnishSslApi.useGetVarnishSslTlsQuery({ clusterId: host.cluster.id, serverId: host.server.id });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Stack spacing={2}>
        <Typography variant="h2" sx={{ fontSize: '1.375rem' }}>
          {t('tls.title')}
        </Typography>
        <QueryState query={query}>{(data) => <TlsForm key={`${data.certificate.source}:${data.certificate.subject}`} tls={data} />}</QueryState>
      </Stack>
    </Paper>
  );
}
