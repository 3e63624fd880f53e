import AddIcon from '@mui/icons-material/Add';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import UndoIcon from '@mui/icons-material/Undo';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Schemas } from '@portal/openapi';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { pluginOperationRequest } from '../client.ts';
import { managedApi, useManagedHost } from '../runtime.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { WriteButton } from './WriteButton.tsx';
import type { Apply } from './useApply.ts';

export type RenderedFiles = Schemas['ManagedRenderedFiles'];

/** `GET …/<pluginId>/files`, the operation the bundler adds for `x-files` (tag: the plugin's id, so an apply reloads it). */
export const renderedFilesApi = managedApi.injectEndpoints({
  endpoints: (build) => ({
    getRenderedFiles: build.query<RenderedFiles, { clusterId: number; serverId: number; pluginId: string }>({
      query: (a) => pluginOperationRequest('GET', 'api/v1/clusters/{clusterId}/servers/{serverId}/{pluginId}/files', a),
      providesTags: (_r, _e, a) => [a.pluginId as never],
    }),
  }),
});

export interface RenderedFilesPanelProps {
  apply: Apply;
  /** The panel's heading (and the name of its button), e.g. "Cron file on the server". */
  title: string;
  /** Shown when the plugin renders no file (default: the SDK's). */
  none?: string;
  /** Open from the start (stories). */
  defaultExpanded?: boolean;
}

/**
 * The files a plugin with `x-files` renders from its stored state, loaded when opened, with whether
 * they are the ones last applied and a button to apply them now. Each file is a focusable `pre`
 * labelled with its path (`getByLabel('/etc/cron.d/portal')`); a secret file's content is never shown.
 */
export function RenderedFilesPanel({ apply, title, none, defaultExpanded = false }: RenderedFilesPanelProps) {
  const { t } = useTranslation('sdk');
  const host = useManagedHost();
  const id = useId();
  const [expanded, setExpanded] = useState(defaultExpanded);
  const [applying, setApplying] = useState(false);
  const files = renderedFilesApi.useGetRenderedFilesQuery(
    { clusterId: host.cluster.id, serverId: host.server.id, pluginId: apply.pluginId },
    { skip: !expanded },
  );
  const data = files.data;
  return (
    <Accordion expanded={expanded} onChange={(_e, open) => setExpanded(open)} variant="outlined" disableGutters>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${id}-content`} id={`${id}-header`}>
        <Typography variant="subtitle1">{title}</Typography>
      </AccordionSummary>
      <AccordionDetails id={`${id}-content`}>
        {files.isFetching && !data && <LinearProgress aria-label={t('files.loading')} />}
        {files.isError && !data && <Alert severity="error">{t('state.loadFailed')}</Alert>}
        {data && (
          <>
            <Alert
              severity={data.applied ? 'success' : 'warning'}
              sx={{ mb: 2 }}
              action={
                data.applied ? undefined : (
                  <WriteButton
                    color="inherit"
                    size="small"
                    disabled={applying}
                    onClick={() => (setApplying(true), void apply.applyNow().finally(() => setApplying(false)))}
                  >
                    {t('files.apply')}
                  </WriteButton>
                )
              }
            >
              {t(data.applied ? 'files.applied' : 'files.notApplied')}
            </Alert>
            {data.files.length === 0 && <Typography color="text.secondary">{none ?? t('files.none')}</Typography>}
            {data.files.map((f) => (
              <Box key={f.path} sx={{ mb: 2 }}>
                <Typography variant="subtitle2" component="h3" sx={{ fontFamily: 'monospace' }}>
                  {f.path}
                </Typography>
                <Box
                  component="pre"
                  tabIndex={0}
                  aria-label={f.path}
                  data-testid={`${apply.pluginId}-file`}
                  sx={{
                    m: 0,
                    mt: 0.5,
                    p: 2,
                    overflowX: 'auto',
                    bgcolor: 'action.hover',
                    borderRadius: 1,
                    fontSize: '0.8125rem',
                    lineHeight: 1.5,
                  }}
                >
                  {f.secret ? t('files.secret') : f.content}
                </Box>
              </Box>
            ))}
          </>
        )}
      </AccordionDetails>
    </Accordion>
  );
}

export interface RollBackButtonProps {
  apply: Apply;
  /** What goes back (the dialog's text), e.g. "The cron file and the jobs go back to …". */
  text: string;
}

/** "Undo last change": asks first (Cancel has the focus), rolls the section back, says when there is nothing to undo. */
export function RollBackButton({ apply, text }: RollBackButtonProps) {
  const { t } = useTranslation('sdk');
  const host = useManagedHost();
  const [open, setOpen] = useState(false);
  return (
    <>
      <WriteButton startIcon={<UndoIcon />} onClick={() => setOpen(true)}>
        {t('rollback.button')}
      </WriteButton>
      <ConfirmDialog
        open={open}
        title={t('rollback.title')}
        text={text}
        confirm={t('rollback.confirm')}
        color="warning"
        onClose={() => setOpen(false)}
        onConfirm={async () => {
          const outcome = await apply.rollBack();
          setOpen(false);
          if (outcome === 'nothing') host.notify('info', t('rollback.none'));
        }}
      />
    </>
  );
}

export interface SectionHeaderProps {
  apply: Apply;
  /** What the section manages, one or two sentences. */
  intro: ReactNode;
  /** The rollback dialog's text (see `RollBackButton`). */
  rollBackText: string;
  /** The "new …" link: its label and the SPA path (`host.sectionPath(id, 'create')`). */
  create?: { label: string; to: string };
}

/** The top of a section's start page: the intro, "Undo last change" and the link to create something. */
export function SectionHeader({ apply, intro, rollBackText, create }: SectionHeaderProps) {
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}>
      <Typography color="text.secondary">{intro}</Typography>
      <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
        <RollBackButton apply={apply} text={rollBackText} />
        {create && (
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={create.to}>
            {create.label}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
