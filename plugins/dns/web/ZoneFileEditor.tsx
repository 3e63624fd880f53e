import CheckIcon from '@mui/icons-material/RuleOutlined';
import SaveIcon from '@mui/icons-material/SaveOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useRef, useState, type ChangeEvent, type UIEvent } from 'react';
import { errorBody, lineErrors, type ZoneFileCheck } from './model.ts';
import { runtimeT, WriteButton } from '@portal/plugin-sdk/web';
import { useT } from '../generated/i18n.ts';

interface Props {
  /** The zone file as the portal renders it (the starting text). */
  text: string;
  origin: string;
  /** Checks without storing: the result, or the failed call. */
  onCheck: (text: string) => Promise<{ data?: ZoneFileCheck; error?: unknown }>;
  /** Stores and applies: nothing, or the failed call. */
  onSave: (text: string) => Promise<{ error?: unknown }>;
  /** A failure that is not about the text (network, permissions). */
  onFailure: (error: unknown) => void;
  /** While an apply of this section runs. */
  busy?: boolean;
}

/** Offset of the start of a line (1-based) in the text. */
const lineStart = (text: string, line: number) => {
  let at = 0;
  for (let i = 1; i < line; i++) {
    const next = text.indexOf('\n', at);
    if (next < 0) return text.length;
    at = next + 1;
  }
  return at;
};

/**
 * The zone as a zone file (expert mode): edit, check, save. A refused file lists its problems with
 * their lines; a click on one puts the cursor on that line.
 */
export function ZoneFileEditor({ text: initial, origin, onCheck, onSave, onFailure, busy }: Props) {
  const { t } = useT();
  const id = useId();
  const [text, setText] = useState(initial);
  const [errors, setErrors] = useState<{ line: number; keys: string[] }[]>([]);
  const [check, setCheck] = useState<ZoneFileCheck>();
  const [working, setWorking] = useState<'check' | 'save'>();
  const [cursor, setCursor] = useState({ line: 1, column: 1 });
  const area = useRef<HTMLTextAreaElement>(null);
  const gutter = useRef<HTMLPreElement>(null);
  const lineCount = useMemo(() => text.split('\n').length, [text]);
  const dirty = text !== initial;
  const errorLines = new Set(errors.map((e) => e.line));

  const updateCursor = () => {
    const el = area.current;
    if (!el) return;
    const before = el.value.slice(0, el.selectionStart);
    const line = before.split('\n').length;
    setCursor({ line, column: el.selectionStart - before.lastIndexOf('\n') });
  };

  const goTo = (line: number) => {
    const el = area.current;
    if (!el) return;
    const start = lineStart(text, line);
    const end = text.indexOf('\n', start);
    el.focus();
    el.setSelectionRange(start, end < 0 ? text.length : end);
    const lineHeight = parseFloat(getComputedStyle(el).lineHeight) || 20;
    el.scrollTop = Math.max(0, (line - 3) * lineHeight);
    updateCursor();
  };

  const refused = (error: unknown) => {
    const lines = lineErrors(error);
    if (lines.length) setErrors(lines);
    else if (errorBody(error)?.fields?.text) setErrors([{ line: 1, keys: errorBody(error)!.fields!.text }]);
    else onFailure(error);
  };

  const run = async (what: 'check' | 'save') => {
    setWorking(what);
    setErrors([]);
    setCheck(undefined);
    try {
      if (what === 'check') {
        const r = await onCheck(text);
        if (r.error) refused(r.error);
        else setCheck(r.data);
      } else {
        const r = await onSave(text);
        if (r.error) refused(r.error);
      }
    } finally {
      setWorking(undefined);
    }
  };

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('expert.intro', { origin })}
      </Typography>

      {errors.length > 0 && (
        <Alert severity="error" role="alert" data-testid="dns-zonefile-errors">
          <AlertTitle>{t('expert.refused', { count: errors.length })}</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {errors.map((e) =>
              e.keys.map((key) => (
                <li key={`${e.line}-${key}`}>
                  <Link component="button" type="button" onClick={() => goTo(e.line)} sx={{ verticalAlign: 'baseline' }}>
                    {t('expert.line', { line: e.line })}
                  </Link>
                  {': '}
                  {runtimeT(t, key)}
                </li>
              )),
            )}
          </Box>
        </Alert>
      )}
      {check && (
        <Alert severity="success" data-testid="dns-zonefile-valid" onClose={() => setCheck(undefined)}>
          {t('expert.valid', { count: check.recordCount })} {t('expert.changes', { added: check.added, removed: check.removed })}
          {check.settingsChanged && ` ${t('expert.settingsChanged')}`}
        </Alert>
      )}

      <Box
        sx={{
          display: 'flex',
          border: 1,
          borderColor: errors.length ? 'error.main' : 'divider',
          borderRadius: 1,
          overflow: 'hidden',
          bgcolor: 'background.paper',
          '&:focus-within': {
            borderColor: errors.length ? 'error.main' : 'primary.main',
            boxShadow: (th) => `0 0 0 1px ${errors.length ? th.palette.error.main : th.palette.primary.main}`,
          },
        }}
      >
        <Box
          component="pre"
          ref={gutter}
          aria-hidden
          sx={{
            m: 0,
            py: 1,
            px: 1,
            minWidth: '3.5em',
            textAlign: 'right',
            color: 'text.secondary',
            bgcolor: 'action.hover',
            overflow: 'hidden',
            fontFamily: 'monospace',
            fontSize: 13,
            lineHeight: '20px',
            height: 480,
            userSelect: 'none',
          }}
        >
          {Array.from({ length: lineCount }, (_, i) => (
            <Box
              key={i}
              component="span"
              sx={{ display: 'block', ...(errorLines.has(i + 1) ? { color: 'error.main', fontWeight: 700 } : {}) }}
            >
              {i + 1}
            </Box>
          ))}
        </Box>
        <Box
          component="textarea"
          ref={area}
          id={`${id}-text`}
          aria-label={t('expert.label', { origin })}
          aria-describedby={`${id}-cursor`}
          aria-invalid={errors.length > 0}
          value={text}
          spellCheck={false}
          wrap="off"
          onChange={(e: ChangeEvent<HTMLTextAreaElement>) => {
            setText(e.target.value);
            setCheck(undefined);
          }}
          onSelect={updateCursor}
          onKeyUp={updateCursor}
          onClick={updateCursor}
          onScroll={(e: UIEvent<HTMLTextAreaElement>) => {
            if (gutter.current) gutter.current.scrollTop = e.currentTarget.scrollTop;
          }}
          sx={{
            flex: 1,
            minWidth: 0,
            height: 480,
            m: 0,
            py: 1,
            px: 1.5,
            border: 0,
            outline: 0,
            resize: 'none',
            fontFamily: 'monospace',
            fontSize: 13,
            lineHeight: '20px',
            color: 'text.primary',
            bgcolor: 'transparent',
            whiteSpace: 'pre',
            overflow: 'auto',
            tabSize: 8,
          }}
        />
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography id={`${id}-cursor`} variant="caption" color="text.secondary">
          {t('expert.cursor', cursor)} · {dirty ? t('expert.dirty') : t('expert.clean')}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button onClick={() => setText(initial)} disabled={!dirty || !!working}>
            {t('expert.reset')}
          </Button>
          <WriteButton startIcon={<CheckIcon />} onClick={() => void run('check')} disabled={!!working}>
            {working === 'check' ? t('expert.checking') : t('expert.check')}
          </WriteButton>
          <WriteButton variant="contained" startIcon={<SaveIcon />} onClick={() => void run('save')} disabled={!!working || busy || !dirty}>
            {working === 'save' ? t('actions.saving') : t('actions.saveApply')}
          </WriteButton>
        </Stack>
      </Stack>
    </Stack>
  );
}
