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

export interface KeyFiles {
  files: { path: string; user: string; content: string }[];
  applied: boolean;
}

interface Props {
  data: KeyFiles | undefined;
  loading: boolean;
  onOpen: () => void;
  onApply: () => void;
  applying: boolean;
  /** Open from the start (stories). */
  defaultExpanded?: boolean;
}

/** The rendered authorized_keys files, on demand, with whether they are the ones on the server. */
export function FilesPanel({ data, loading, onOpen, onApply, applying, defaultExpanded = false }: Props) {
  const { t } = useTranslation('ssh');
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
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="ssh-files-content" id="ssh-files-header">
        <Typography variant="subtitle1">{t('file.title')}</Typography>
      </AccordionSummary>
      <AccordionDetails id="ssh-files-content">
        {loading && !data && <LinearProgress aria-label={t('file.loading')} />}
        {data && (
          <>
            <Alert
              severity={data.applied ? 'success' : 'warning'}
              sx={{ mb: 2 }}
              action={
                !data.applied ? (
                  <Button color="inherit" size="small" onClick={onApply} disabled={applying}>
                    {t('file.apply')}
                  </Button>
                ) : undefined
              }
            >
              {t(data.applied ? 'file.applied' : 'file.notApplied')}
            </Alert>
            {data.files.length === 0 && <Typography color="text.secondary">{t('file.none')}</Typography>}
            {data.files.map((f) => (
              <Box key={f.path} sx={{ mb: 2 }}>
                <Typography variant="subtitle2" component="h3" sx={{ fontFamily: 'monospace' }}>
                  {f.path}
                </Typography>
                <Box
                  component="pre"
                  tabIndex={0}
                  data-testid={`ssh-file-${f.user}`}
                  sx={{
                    m: 0,
                    mt: 0.5,
                    p: 2,
                    overflowX: 'auto',
                    bgcolor: 'action.hover',
                    borderRadius: 1,
                    fontSize: '0.75rem',
                    lineHeight: 1.5,
                  }}
                >
                  {f.content}
                </Box>
              </Box>
            ))}
          </>
        )}
      </AccordionDetails>
    </Accordion>
  );
}
