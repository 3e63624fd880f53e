import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiError } from '../../api/baseApi';
import { customerDocumentUrl, dpaTomsUrl, useConcludeCustomerDpaMutation, useGetCustomerDpaQuery, type CustomerDpa } from '../../api/customers';
import { useAppDispatch } from '../../store';
import { callFailed, translateServerMessage } from '../../ui/notify';
import { DownloadButton } from './DownloadButton';
import { userTimeZone } from '@portal/plugin-sdk/web/format';

const stateColour = { concluded: 'success', outdated: 'warning', not_concluded: 'default' } as const;

/** Who concluded which version when (R4.023), each with its stored contract. */
export function DpaHistory({ customerId, dpa }: { customerId: number; dpa: CustomerDpa }) {
  const { t, i18n } = useTranslation('customers');
  const when = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'de-DE', { timeZone: userTimeZone(), dateStyle: 'medium', timeStyle: 'short' });
  if (!dpa.conclusions.length) return null;
  return (
    <TableContainer>
      <Table size="small" aria-label={t('dpa.history')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('dpa.version')}</TableCell>
            <TableCell>{t('dpa.concludedBy')}</TableCell>
            <TableCell>{t('dpa.concludedAt')}</TableCell>
            <TableCell>{t('documents.download')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {dpa.conclusions.map((c) => (
            <TableRow key={c.id} data-dpa-version={c.version}>
              <TableCell>
                {c.version}
                {c.version === dpa.currentVersion.version && <Chip size="small" sx={{ ml: 1 }} label={t('dpa.current')} variant="outlined" />}
              </TableCell>
              <TableCell>{c.concludedBy}</TableCell>
              <TableCell sx={{ whiteSpace: { sm: 'nowrap' } }}>{when.format(new Date(c.concludedAt))}</TableCell>
              <TableCell>
                {c.documentId && (
                  <DownloadButton
                    url={customerDocumentUrl(customerId, c.documentId)}
                    fileName={`dpa-${c.version}.pdf`}
                    label={t('dpa.downloadVersion', { version: c.version })}
                    iconOnlyOnPhones
                  >
                    {t('documents.pdf')}
                  </DownloadButton>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The TOMs (annex of the DPA) in both languages. */
export function TomsDownloads() {
  const { t } = useTranslation('customers');
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      <DownloadButton variant="outlined" url={dpaTomsUrl('de')} fileName="TOM.pdf" label={t('dpa.tomsDe')}>
        {t('dpa.tomsDe')}
      </DownloadButton>
      <DownloadButton variant="outlined" url={dpaTomsUrl('en')} fileName="TOMs.pdf" label={t('dpa.tomsEn')}>
        {t('dpa.tomsEn')}
      </DownloadButton>
    </Box>
  );
}

/**
 * §2 Data processing agreement: the state (not concluded, concluded, outdated — a new version needs
 * renewed conclusion), the conclusion by a confirmed checkbox (R5.040) leading to the completion page,
 * the history of who concluded which version when, and the TOMs.
 */
export function DpaSection({ customerId }: { customerId: number }) {
  const { t, i18n } = useTranslation(['customers', 'errors']);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const day = (d: string) => new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'de-DE', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`));
  const { data, isLoading, isError } = useGetCustomerDpaQuery(customerId);
  const [conclude, state] = useConcludeCustomerDpaMutation();
  const [accepted, setAccepted] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const submit = async (dpa: CustomerDpa) => {
    if (!accepted) {
      setError(t('errors:dpa_confirmation_required'));
      return;
    }
    setError(undefined);
    const result = await conclude({ customerId, body: { version: dpa.currentVersion.version, accepted } });
    if ('error' in result) {
      const fields = apiError(result.error)?.fields;
      const key = fields?.accepted?.[0] ?? fields?.version?.[0];
      if (key) setError(translateServerMessage(key));
      else {
        const notice = callFailed(result.error);
        if (notice) dispatch(notice);
      }
      return;
    }
    void navigate(`/customers/${customerId}/dpa/completed`);
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="dpa-heading">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <Typography variant="h3" component="h2" id="dpa-heading" sx={{ flexGrow: 1 }}>
          {t('dpa.title')}
        </Typography>
        {data && <Chip label={t(`dpa.states.${data.state}`)} color={stateColour[data.state]} data-testid="dpa-state" />}
      </Box>
      {isLoading ? (
        <Skeleton height={120} />
      ) : isError || !data ? (
        <Alert severity="error">{t('dpa.loadError')}</Alert>
      ) : (
        <Stack spacing={2}>
          {data.state === 'concluded' ? (
            <Typography>{t('dpa.concludedText', { version: data.currentVersion.version })}</Typography>
          ) : (
            <Box component="form" noValidate onSubmit={(e) => (e.preventDefault(), void submit(data))} aria-labelledby="dpa-heading">
              {data.state === 'outdated' && (
                <Alert severity="warning" sx={{ mb: 2 }}>
                  {t('dpa.outdatedText', { version: data.currentVersion.version })}
                </Alert>
              )}
              <Typography sx={{ mb: 1 }}>{t('dpa.intro', { version: data.currentVersion.version, date: day(data.currentVersion.publishedOn) })}</Typography>
              <FormControlLabel
                control={<Checkbox checked={accepted} onChange={(e) => setAccepted(e.target.checked)} slotProps={{ input: { 'aria-describedby': error ? 'dpa-error' : undefined, 'aria-invalid': !!error } }} />}
                label={t('dpa.checkbox', { version: data.currentVersion.version })}
              />
              {error && (
                <FormHelperText error id="dpa-error" role="alert">
                  {error}
                </FormHelperText>
              )}
              <Box sx={{ mt: 1 }}>
                <Button type="submit" variant="contained" disabled={state.isLoading}>
                  {state.isLoading ? t('dpa.concluding') : t('dpa.conclude')}
                </Button>
              </Box>
            </Box>
          )}
          <DpaHistory customerId={customerId} dpa={data} />
          <div>
            <Typography variant="h4" component="h3" sx={{ mb: 1, fontSize: '1.05rem' }}>
              {t('dpa.toms')}
            </Typography>
            <TomsDownloads />
          </div>
        </Stack>
      )}
    </Paper>
  );
}
