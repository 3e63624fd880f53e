import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface CronFile {
  path: string;
  content: string;
  applied: boolean;
}

interface Props {
  file: CronFile | undefined;
  loading: boolean;
  onOpen: () => void;
  onApply: () => void;
  applying: boolean;
  /** Open from the start (stories). */
  defaultExpanded?: boolean;
}

/** The rendered `/etc/cron.d/portal`, on demand, with whether it is the one on the server. */
export function CronFilePanel({ file, loading, onOpen, onApply, applying, defaultExpanded = false }: Props) {
  const { t } = useTranslation('cronjobs');
  const [expanded, setExpanded] = useState(defaultExpanded);
  return (
    <Accordion
      expanded={expanded}
      onChange={(_e, open) => {
        setExpanded(open);
        if (open) onOpen();
      }}
      variant="outlined"
      disableGutters
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="cronjobs-file-content" id="cronjobs-file-header">
        <Typography variant="subtitle1">
          {t('file.title')}{' '}
          <Box component="code" sx={{ fontSize: '0.875rem', ml: 1, color: 'text.secondary' }}>
            /etc/cron.d/portal
          </Box>
        </Typography>
      </AccordionSummary>
      <AccordionDetails id="cronjobs-file-content">
        {loading && !file && <LinearProgress aria-label={t('file.loading')} />}
        {file && (
          <>
            <Alert
              severity={file.applied ? 'success' : 'warning'}
              sx={{ mb: 2 }}
              action={
                !file.applied ? (
                  <Button color="inherit" size="small" onClick={onApply} disabled={applying}>
                    {t('file.apply')}
                  </Button>
                ) : undefined
              }
            >
              {t(file.applied ? 'file.applied' : 'file.notApplied')}
            </Alert>
            <Box
              component="pre"
              data-testid="cron-file"
              tabIndex={0}
              sx={{ m: 0, p: 2, overflowX: 'auto', bgcolor: 'action.hover', borderRadius: 1, fontSize: '0.8125rem', lineHeight: 1.5 }}
            >
              {file.content}
            </Box>
          </>
        )}
      </AccordionDetails>
    </Accordion>
  );
}
