import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Schemas } from '@portal/openapi';
import { useState, type FormEvent } from 'react';
import {
  ConfirmDialog,
  DataTable,
  PanelSection,
  QueryState,
  useApply,
  useConfirm,
  useManagedHost,
  WriteButton,
} from '@portal/plugin-sdk/web';
import { sphinxApi, sphinxClient } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';
import { sphinxIndexResource, sphinxSourceResource } from '../generated/resources.ts';

type Source = Schemas['SphinxSource'];
type Index = Schemas['SphinxIndex'];
type SourceInput = Schemas['SphinxSourceInput'];
type IndexInput = Schemas['SphinxIndexInput'];

const s = sphinxSourceResource.fields;
const x = sphinxIndexResource.fields;
const namePattern = new RegExp(s.name.pattern);
/** A comma-separated list of names (tsvpipe's columns, an rt index's fields). */
const namesOf = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean),
  ),
];
const namesError = (text: string) => namesOf(text).some((n) => !namePattern.test(n));

function useArgs() {
  const host = useManagedHost();
  return { clusterId: host.cluster.id, serverId: host.server.id };
}

/** A text field of a create form with the contract's length and pattern, its problem shown once typed. */
function Field({
  id,
  label,
  value,
  onChange,
  pattern,
  maxLength,
  help,
  type,
}: {
  id: string;
  label: string;
  value: string;
  onChange(v: string): void;
  pattern?: string;
  maxLength: number;
  help?: string;
  type?: string;
}) {
  const { t } = useT();
  const bad = value !== '' && !!pattern && !new RegExp(pattern).test(value);
  return (
    <TextField
      id={`sphinx-${id}`}
      label={label}
      value={value}
      type={type}
      size="small"
      onChange={(e) => onChange(e.target.value)}
      error={bad}
      helperText={bad ? t('errors.format') : (help ?? ' ')}
      slotProps={{ htmlInput: { maxLength } }}
    />
  );
}

/** The sources: a database query or a feed file; a new one; delete after a confirmation (refused while an index uses it). */
export function SourcesPanel() {
  const { t } = useT();
  const args = useArgs();
  const query = sphinxApi.useListSphinxSourcesQuery(args);
  const [create] = sphinxApi.useCreateSphinxSourceMutation();
  const [remove] = sphinxApi.useDeleteSphinxSourceMutation();
  const apply = useApply(sphinxClient);
  const confirm = useConfirm<Source>();
  const empty: SourceInput = {
    name: '',
    type: 'mysql',
    host: '127.0.0.1',
    port: 3306,
    database: '',
    user: '',
    password: '',
    query: '',
    feed: '',
    fields: [],
  };
  const [form, setForm] = useState(empty);
  const [fields, setFields] = useState('');
  const set = (k: keyof SourceInput) => (v: string) => setForm({ ...form, [k]: k === 'port' ? Number(v) || 0 : v });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!namePattern.test(form.name) || namesError(fields)) return;
    const r = await apply.track(create({ ...args, body: { ...form, fields: namesOf(fields) } }));
    if (r.error === undefined) {
      setForm(empty);
      setFields('');
    }
  };
  return (
    <PanelSection id="sphinx-sources-title" title={t('sources.title')}>
      <QueryState query={query}>
        {(answer) => (
          <DataTable<Source>
            rows={answer.data}
            rowKey={(r) => r.id}
            caption={t('sources.caption')}
            testId="sphinx-sources"
            empty={t('sources.empty')}
            columns={[
              { id: 'name', label: t('sources.name'), render: (r) => r.name, sortValue: (r) => r.name },
              { id: 'type', label: t('sources.type'), render: (r) => t(`sources.types.${r.type}`) },
              {
                id: 'from',
                label: t('sources.from'),
                render: (r) => (r.type === 'mysql' ? `${r.user}@${r.host}:${r.port || 3306}/${r.database}` : r.feed),
              },
              {
                id: 'actions',
                label: t('sources.delete'),
                hideLabel: true,
                align: 'right',
                render: (r) => (
                  <WriteButton
                    size="small"
                    color="error"
                    onClick={() => confirm.ask(r)}
                    aria-label={t('sources.deleteNamed', { name: r.name })}
                  >
                    {t('sources.delete')}
                  </WriteButton>
                ),
              },
            ]}
          />
        )}
      </QueryState>
      <Typography variant="h3" sx={{ fontSize: '1.125rem' }}>
        {t('sources.create')}
      </Typography>
      <Stack component="form" spacing={2} onSubmit={submit} aria-label={t('sources.create')}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <Field
            id="source-name"
            label={t('sources.name')}
            value={form.name}
            onChange={set('name')}
            pattern={s.name.pattern}
            maxLength={s.name.maxLength}
          />
          <TextField
            id="sphinx-source-type"
            select
            size="small"
            label={t('sources.type')}
            value={form.type}
            onChange={(e) => setForm({ ...form, type: e.target.value as SourceInput['type'] })}
            helperText=" "
          >
            {s.type.enum.map((v) => (
              <MenuItem key={v} value={v}>
                {t(`sources.types.${v}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {form.type === 'mysql' ? (
          <>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
              <Field
                id="source-host"
                label={t('sources.host')}
                value={form.host}
                onChange={set('host')}
                pattern={s.host.pattern}
                maxLength={s.host.maxLength}
              />
              <Field
                id="source-port"
                label={t('sources.port')}
                value={String(form.port)}
                onChange={set('port')}
                maxLength={5}
                type="number"
              />
              <Field
                id="source-database"
                label={t('sources.database')}
                value={form.database}
                onChange={set('database')}
                pattern={s.database.pattern}
                maxLength={s.database.maxLength}
              />
            </Stack>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
              <Field
                id="source-user"
                label={t('sources.user')}
                value={form.user}
                onChange={set('user')}
                pattern={s.user.pattern}
                maxLength={s.user.maxLength}
              />
              <Field
                id="source-password"
                label={t('sources.password')}
                value={form.password}
                onChange={set('password')}
                pattern={s.password.pattern}
                maxLength={s.password.maxLength}
                type="password"
                help={t('sources.passwordHelp')}
              />
            </Stack>
            <Field
              id="source-query"
              label={t('sources.query')}
              value={form.query}
              onChange={set('query')}
              pattern={s.query.pattern}
              maxLength={s.query.maxLength}
              help={t('sources.queryHelp')}
            />
          </>
        ) : (
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <Field
              id="source-feed"
              label={t('sources.feed')}
              value={form.feed}
              onChange={set('feed')}
              pattern={s.feed.pattern}
              maxLength={s.feed.maxLength}
              help={t('sources.feedHelp')}
            />
            {form.type === 'tsvpipe' && (
              <Field
                id="source-fields"
                label={t('sources.fields')}
                value={fields}
                onChange={setFields}
                maxLength={1600}
                help={t('sources.fieldsHelp')}
              />
            )}
          </Stack>
        )}
        <div>
          <WriteButton type="submit" variant="contained" disabled={!form.name}>
            {t('sources.submit')}
          </WriteButton>
        </div>
      </Stack>
      <ConfirmDialog
        {...confirm.dialog}
        title={t('sources.deleteTitle')}
        text={confirm.item ? t('sources.deleteText', { name: confirm.item.name }) : ''}
        confirm={t('sources.delete')}
        onConfirm={() => confirm.run(async (r) => void (await apply.track(remove({ ...args, sourceId: r.id }))))}
      />
    </PanelSection>
  );
}

/** The indexes with their documents; a new one (plain from a source, or real-time); delete after a confirmation. */
export function IndexesPanel() {
  const { t } = useT();
  const args = useArgs();
  const query = sphinxApi.useListSphinxIndexesQuery(args);
  const sourceList = sphinxApi.useListSphinxSourcesQuery(args);
  const [create] = sphinxApi.useCreateSphinxIndexMutation();
  const [remove] = sphinxApi.useDeleteSphinxIndexMutation();
  const apply = useApply(sphinxClient);
  const confirm = useConfirm<Index>();
  const empty: IndexInput = { name: '', type: 'plain', source: '', fields: [], charsetTable: 'default', morphology: 'none', minWordLen: 1 };
  const [form, setForm] = useState(empty);
  const [fields, setFields] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!namePattern.test(form.name) || namesError(fields)) return;
    const r = await apply.track(
      create({
        ...args,
        body: { ...form, fields: form.type === 'rt' ? namesOf(fields) : [], source: form.type === 'rt' ? '' : form.source },
      }),
    );
    if (r.error === undefined) {
      setForm(empty);
      setFields('');
    }
  };
  const select = <K extends 'type' | 'charsetTable' | 'morphology' | 'source'>(
    k: K,
    options: readonly string[],
    label: (v: string) => string,
  ) => (
    <TextField
      id={`sphinx-index-${k}`}
      select
      size="small"
      label={t(`indexes.${k}`)}
      value={form[k]}
      onChange={(e) => setForm({ ...form, [k]: e.target.value })}
      helperText=" "
      sx={{ minWidth: 160 }}
    >
      {options.map((v) => (
        <MenuItem key={v} value={v}>
          {label(v)}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <PanelSection id="sphinx-indexes-title" title={t('indexes.title')}>
      <QueryState query={query}>
        {(answer) => (
          <DataTable<Index>
            rows={answer.data}
            rowKey={(r) => r.id}
            caption={t('indexes.caption')}
            testId="sphinx-indexes"
            empty={t('indexes.empty')}
            columns={[
              { id: 'name', label: t('indexes.name'), render: (r) => r.name, sortValue: (r) => r.name },
              { id: 'type', label: t('indexes.type'), render: (r) => t(`indexes.types.${r.type}`) },
              { id: 'from', label: t('indexes.from'), render: (r) => (r.type === 'rt' ? r.fields.join(', ') : r.source) },
              { id: 'morphology', label: t('indexes.morphology'), render: (r) => t(`indexes.morphologies.${r.morphology}`) },
              {
                id: 'documents',
                label: t('indexes.documents'),
                align: 'right',
                render: (r) => (r.documents == null ? t('indexes.unknown') : String(r.documents)),
                sortValue: (r) => r.documents ?? -1,
              },
              {
                id: 'actions',
                label: t('indexes.delete'),
                hideLabel: true,
                align: 'right',
                render: (r) => (
                  <WriteButton
                    size="small"
                    color="error"
                    onClick={() => confirm.ask(r)}
                    aria-label={t('indexes.deleteNamed', { name: r.name })}
                  >
                    {t('indexes.delete')}
                  </WriteButton>
                ),
              },
            ]}
          />
        )}
      </QueryState>
      <Typography variant="h3" sx={{ fontSize: '1.125rem' }}>
        {t('indexes.create')}
      </Typography>
      <Stack component="form" spacing={2} onSubmit={submit} aria-label={t('indexes.create')}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <Field
            id="index-name"
            label={t('indexes.name')}
            value={form.name}
            onChange={(v) => setForm({ ...form, name: v })}
            pattern={x.name.pattern}
            maxLength={x.name.maxLength}
          />
          {select('type', x.type.enum, (v) => t(`indexes.types.${v as 'rt'}`))}
          {form.type === 'plain' ? (
            select(
              'source',
              (sourceList.data?.data ?? []).map((r) => r.name),
              (v) => v,
            )
          ) : (
            <Field
              id="index-fields"
              label={t('indexes.fields')}
              value={fields}
              onChange={setFields}
              maxLength={1600}
              help={t('indexes.fieldsHelp')}
            />
          )}
        </Stack>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          {select('charsetTable', x.charsetTable.enum, (v) => t(`indexes.charsets.${v as 'latin'}`))}
          {select('morphology', x.morphology.enum, (v) => t(`indexes.morphologies.${v as 'none'}`))}
          <Field
            id="index-minWordLen"
            label={t('indexes.minWordLen')}
            value={String(form.minWordLen)}
            onChange={(v) => setForm({ ...form, minWordLen: Number(v) || 1 })}
            maxLength={2}
            type="number"
          />
        </Stack>
        <div>
          <WriteButton type="submit" variant="contained" disabled={!form.name}>
            {t('indexes.submit')}
          </WriteButton>
        </div>
      </Stack>
      <SearchForm indexes={query.data?.data ?? []} />
      <ConfirmDialog
        {...confirm.dialog}
        title={t('indexes.deleteTitle')}
        text={confirm.item ? t('indexes.deleteText', { name: confirm.item.name }) : ''}
        confirm={t('indexes.delete')}
        onConfirm={() => confirm.run(async (r) => void (await apply.track(remove({ ...args, indexId: r.id }))))}
      />
    </PanelSection>
  );
}

/** Try an index: the words searched on the running searchd, the ids found and the total. */
function SearchForm({ indexes }: { indexes: readonly Index[] }) {
  const { t } = useT();
  const args = useArgs();
  const [indexId, setIndexId] = useState<number | ''>('');
  const [words, setWords] = useState('');
  const [run, result] = sphinxApi.useLazySearchSphinxIndexQuery();
  const chosen = indexId || indexes[0]?.id;
  if (!indexes.length) return null;
  return (
    <>
      <Typography variant="h3" sx={{ fontSize: '1.125rem' }}>
        {t('search.title')}
      </Typography>
      <Stack
        component="form"
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        aria-label={t('search.title')}
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          if (chosen && words.trim()) void run({ ...args, indexId: chosen, query: { q: words.trim() } });
        }}
      >
        <TextField
          id="sphinx-search-index"
          select
          size="small"
          label={t('search.index')}
          value={chosen ?? ''}
          onChange={(e) => setIndexId(Number(e.target.value))}
          sx={{ minWidth: 160 }}
        >
          {indexes.map((i) => (
            <MenuItem key={i.id} value={i.id}>
              {i.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          id="sphinx-search-words"
          size="small"
          label={t('search.words')}
          value={words}
          onChange={(e) => setWords(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <WriteButton type="submit" variant="outlined" disabled={!words.trim()}>
          {t('search.submit')}
        </WriteButton>
      </Stack>
      {result.data && (
        <Typography role="status" data-testid="sphinx-search-result">
          {result.data.running
            ? t('search.found', { total: result.data.total, ids: result.data.ids.join(', ') || '–' })
            : t('search.notRunning')}
        </Typography>
      )}
      {result.isError && (
        <Typography role="alert" color="error">
          {t('errors.query_refused')}
        </Typography>
      )}
    </>
  );
}
