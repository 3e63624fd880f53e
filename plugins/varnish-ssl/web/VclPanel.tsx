import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Schemas } from '@portal/openapi';
import { QueryState, useApply, useManagedHost, WriteButton } from '@portal/plugin-sdk/web';
import { useRef, useState } from 'react';
import { varnishSslApi, varnishSslClient } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';

type Vcl = Schemas['VarnishSslVcl'];
type Message = Schemas['VarnishSslVclMessage'];

const vclPath = '/etc/varnish/portal.vcl';

/** Selects a line of the editor (1 = first) and scrolls it into view. */
function selectLine(area: HTMLTextAreaElement | null, text: string, line: number) {
  if (!area || line < 1) return;
  const lines = text.split('\n');
  const start = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
  area.focus();
  area.setSelectionRange(start, start + (lines[line - 1]?.length ?? 0));
  const height = area.scrollHeight / Math.max(lines.length, 1);
  area.scrollTop = Math.max(0, (line - 3) * height);
}

export function VclForm({ vcl }: { vcl: Vcl }) {
  const { t } = useT();
  const host = useManagedHost();
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const apply = useApply(varnishSslClient);
  const [mode, setMode] = useState(vcl.mode);
  const [text, setText] = useState(vcl.customVcl);
  const [messages, setMessages] = useState<Message[] | null>(null);
  const [refused, setRefused] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const [check, checking] = varnishSslApi.useCheckVarnishSslVclMutation();
  const [update, updating] = varnishSslApi.useUpdateVarnishSslVclMutation();
  const [loadFiles] = varnishSslApi.useLazyGetVarnishSslFilesQuery();

  const compile = async (): Promise<boolean> => {
    const r = await check({ ...args, body: { vcl: text } });
    if (!r.data) return false;
    setMessages(r.data.messages);
    if (!r.data.valid) selectLine(area.current, text, r.data.messages[0]?.line ?? 0);
    return r.data.valid;
  };
  const save = async () => {
    setRefused(false);
    if (mode === 'custom' && !(await compile())) return;
    const r = await apply.track(update({ ...args, body: { mode, customVcl: text } }));
    if (r.error !== undefined) setRefused(true);
  };
  const startFromForm = async () => {
    const files = await loadFiles(args).unwrap();
    setText(files.files.find((f) => f.path === vclPath)?.content ?? '');
    setMessages(null);
  };

  return (
    <Stack spacing={2}>
      <RadioGroup row aria-label={t('vcl.modeLabel')} value={mode} onChange={(e) => setMode(e.target.value as Vcl['mode'])}>
        <FormControlLabel value="form" control={<Radio />} label={t('vcl.form')} />
        <FormControlLabel value="custom" control={<Radio />} label={t('vcl.custom')} />
      </RadioGroup>
      {mode === 'custom' && (
        <>
          <div>
            <Button variant="text" onClick={() => void startFromForm()}>
              {t('vcl.startFromForm')}
            </Button>
          </div>
          <TextField
            id="varnish-ssl-custom-vcl"
            label={t('vcl.editor')}
            multiline
            minRows={12}
            maxRows={30}
            value={text}
            inputRef={area}
            onChange={(e) => {
              setText(e.target.value);
              setMessages(null);
            }}
            slotProps={{ htmlInput: { maxLength: 100_000, spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } } }}
          />
          {messages && messages.length === 0 && <Alert severity="success">{t('vcl.valid')}</Alert>}
          {messages && messages.length > 0 && (
            <Alert severity="error" data-testid="varnish-ssl-vcl-errors">
              <List dense disablePadding>
                {messages.map((m, i) => (
                  <ListItemButton key={i} onClick={() => selectLine(area.current, text, m.line)} sx={{ px: 0 }}>
                    {t('vcl.line', { line: m.line, column: m.column, message: m.message })}
                  </ListItemButton>
                ))}
              </List>
            </Alert>
          )}
          {refused && <Alert severity="error">{t('errors.vcl_compile')}</Alert>}
        </>
      )}
      <Stack direction="row" spacing={2}>
        {mode === 'custom' && (
          <Button variant="outlined" onClick={() => void compile()} disabled={checking.isLoading}>
            {t('vcl.check')}
          </Button>
        )}
        <WriteButton variant="contained" onClick={() => void save()} disabled={updating.isLoading || checking.isLoading}>
          {t('vcl.save')}
        </WriteButton>
      </Stack>
      {vcl.running ? (
        <Typography variant="body2" data-testid="varnish-ssl-loaded">
          {t('vcl.loaded', { names: vcl.loaded.map((v) => (v.active ? t('vcl.active', { name: v.name }) : v.name)).join(', ') })}
        </Typography>
      ) : (
        <Typography variant="body2">{t('vcl.notRunning')}</Typography>
      )}
    </Stack>
  );
}

/** The VCL in use: the form's or the expert's own, its compiler messages at their lines, and what Varnish has loaded. */
export function VclPanel() {
  const { t } = useT();
  const host = useManagedHost();
  const query = varnishSslApi.useGetVarnishSslVclQuery({ clusterId: host.cluster.id, serverId: host.server.id });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Stack spacing={2}>
        <Typography variant="h2" sx={{ fontSize: '1.375rem' }}>
          {t('vcl.title')}
        </Typography>
        <QueryState query={query}>{(data) => <VclForm key={`${data.mode}:${data.customVcl.length}`} vcl={data} />}</QueryState>
      </Stack>
    </Paper>
  );
}
