import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePartnerFormat } from './format';
import { PartnerFrame } from './PartnerFrame';
import { partnerDownloads, useListSalesMaterialQuery } from './partnerApi';

/** §2 `/partner/material`: sales material with a language filter; downloads only with an active partnership (§6, §8). */
export default function MaterialPage() {
  const { t } = useTranslation('partner');
  return (
    <PartnerFrame screen="material" title={t('material.title')}>
      {() => <Material />}
    </PartnerFrame>
  );
}

function Material() {
  const { t } = useTranslation('partner');
  const f = usePartnerFormat();
  const [language, setLanguage] = useState<'' | 'de' | 'en'>('');
  const { data, isLoading, isFetching, isError } = useListSalesMaterialQuery(language ? { language } : {});
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Typography id="material-language-label" variant="body2" color="text.secondary">
          {t('material.language')}
        </Typography>
        <ToggleButtonGroup size="small" exclusive value={language} aria-labelledby="material-language-label" onChange={(_, v: '' | 'de' | 'en' | null) => v !== null && setLanguage(v)}>
          <ToggleButton value="">{t('material.allLanguages')}</ToggleButton>
          <ToggleButton value="de">{t('languages.de')}</ToggleButton>
          <ToggleButton value="en">{t('languages.en')}</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      {data && !data.downloadAllowed && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="material-inactive">
          {t('partnership_inactive', { ns: 'errors' })}
        </Alert>
      )}
      {isLoading ? (
        <Skeleton variant="rounded" height={200} role="status" aria-label={t('loading', { ns: 'common' })} />
      ) : isError || !data ? (
        <Alert severity="error">{t('loadError')}</Alert>
      ) : data.data.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {t('material.empty')}
        </Typography>
      ) : (
        <TableContainer sx={{ opacity: isFetching ? 0.6 : 1, transition: 'opacity 0.2s' }}>
          <Table size="small" aria-label={t('material.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('material.name')}</TableCell>
                <TableCell>{t('material.fileType')}</TableCell>
                <TableCell>{t('material.language')}</TableCell>
                <TableCell align="right">{t('material.size')}</TableCell>
                <TableCell>{t('material.publishedOn')}</TableCell>
                <TableCell align="right">
                  <Box component="span" sx={visuallyHidden}>
                    {t('material.download')}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.data.map((m) => (
                <TableRow key={m.id} hover data-material={m.name}>
                  <TableCell sx={{ fontWeight: 500 }}>{m.name}</TableCell>
                  <TableCell>{m.fileType}</TableCell>
                  <TableCell>{t(`languages.${m.language}`)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                    {f.size(m.size)}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{f.day(m.publishedOn)}</TableCell>
                  <TableCell align="right">
                    {data.downloadAllowed ? (
                      <Button size="small" startIcon={<DownloadIcon />} href={partnerDownloads.material(m.id)} download aria-label={t('material.downloadOf', { name: m.name })}>
                        {t('material.download')}
                      </Button>
                    ) : (
                      <Button size="small" startIcon={<DownloadIcon />} disabled aria-label={t('material.downloadOf', { name: m.name })}>
                        {t('material.download')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}

const visuallyHidden = { border: 0, clip: 'rect(0 0 0 0)', height: 1, m: -0.125, overflow: 'hidden', p: 0, position: 'absolute', whiteSpace: 'nowrap', width: 1 } as const;
