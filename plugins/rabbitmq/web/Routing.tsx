import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { Schemas } from '@portal/openapi';
import { useState } from 'react';
import { ConfirmDialog, DataTable, PanelSection, QueryState, useApply, useConfirm, useManagedHost, WriteButton } from '@portal/plugin-sdk/web';
import { rabbitmqApi, rabbitmqClient } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';
import { rabbitmqBindingResource, rabbitmqPolicyResource, rabbitmqVhostResource } from '../generated/resources.ts';

type Policy = Schemas['RabbitmqPolicy'];
type Definition = Schemas['RabbitmqPolicyDefinition'];
type Exchange = Schemas['RabbitmqExchange'];
type Binding = Schemas['RabbitmqBinding'];

const namePattern = new RegExp(rabbitmqVhostResource.fields.name.pattern);
const patternCharacters = new RegExp(rabbitmqPolicyResource.fields.pattern.pattern);
const destinationPattern = new RegExp(rabbitmqBindingResource.fields.destination.pattern);
const nameLimit = rabbitmqVhostResource.fields.name.maxLength;

/** The definition's keys the form offers: whole numbers, choices and names (the contract's whitelist). */
const numberKeys = ['max-length', 'max-length-bytes', 'message-ttl', 'expires'] as const;
const choiceKeys = { overflow: ['drop-head', 'reject-publish', 'reject-publish-dlx'], 'queue-mode': ['default', 'lazy'], 'queue-version': ['1', '2'] } as const;
const textKeys = ['dead-letter-exchange', 'dead-letter-routing-key'] as const;
type DefinitionKey = (typeof numberKeys)[number] | keyof typeof choiceKeys | (typeof textKeys)[number];
const definitionKeys: DefinitionKey[] = [...numberKeys, ...(Object.keys(choiceKeys) as (keyof typeof choiceKeys)[]), ...textKeys];

function useArgs() {
  const host = useManagedHost();
  return { host, args: { clusterId: host.cluster.id, serverId: host.server.id } };
}

/** The definition as typed (texts) → as sent: empty values left out, numbers typed. */
function definitionOf(values: Partial<Record<DefinitionKey, string>>): Definition {
  const out: Record<string, string | number> = {};
  for (const k of definitionKeys) {
    const v = (values[k] ?? '').trim();
    if (!v) continue;
    out[k] = (numberKeys as readonly string[]).includes(k) || k === 'queue-version' ? Number(v) : v;
  }
  return out as Definition;
}
const definitionText = (d: Definition) =>
  Object.entries(d)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');

function VhostSelect({ id, value, onChange, error, label }: { id: string; value: string; onChange(v: string): void; error?: string; label: string }) {
  const { args } = useArgs();
  const vhosts = rabbitmqApi.useListRabbitmqVhostsQuery(args);
  return (
    <TextField id={id} select label={label} value={value} size="small" sx={{ minWidth: 160 }} error={!!error} helperText={error ?? ' '} onChange={(e) => onChange(e.target.value)}>
      {(vhosts.data?.data ?? []).map((v) => (
        <MenuItem key={v.name} value={v.name}>
          {v.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

const emptyPolicy = { vhost: '', name: '', pattern: '', applyTo: 'queues' as Policy['applyTo'], priority: '0' };

/** Policies per virtual host with the queues they apply to; add, edit, delete after a confirmation. */
export function PoliciesPanel() {
  const { t } = useT();
  const { host, args } = useArgs();
  const query = rabbitmqApi.useListRabbitmqPoliciesQuery(args);
  const queues = rabbitmqApi.useListRabbitmqQueuesQuery({ ...args, query: {} }, { pollingInterval: 5000, skipPollingIfUnfocused: true });
  const [create] = rabbitmqApi.useCreateRabbitmqPolicyMutation();
  const [update] = rabbitmqApi.useUpdateRabbitmqPolicyMutation();
  const [remove] = rabbitmqApi.useDeleteRabbitmqPolicyMutation();
  const apply = useApply(rabbitmqClient);
  const confirm = useConfirm<Policy>();
  const [editing, setEditing] = useState<number | undefined>();
  const [value, setValue] = useState(emptyPolicy);
  const [definition, setDefinition] = useState<Partial<Record<DefinitionKey, string>>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const nameError = value.name !== '' && !namePattern.test(value.name);
  const patternError = !patternCharacters.test(value.pattern);
  const numberError = (k: DefinitionKey) => (numberKeys as readonly string[]).includes(k) && !!definition[k]?.trim() && !/^[0-9]{1,13}$/.test(definition[k]!.trim());
  const matches = (p: Policy) => (queues.data?.data ?? []).filter((q) => q.vhost === p.vhost && q.policy === p.name).map((q) => q.name);
  const reset = () => {
    setEditing(undefined);
    setValue(emptyPolicy);
    setDefinition({});
    setErrors({});
  };
  return (
    <PanelSection id="rabbitmq-policies-title" title={t('policies.title')}>
      <QueryState query={query}>
        {(answer) => (
          <DataTable<Policy>
            rows={answer.data}
            rowKey={(p) => p.id}
            caption={t('policies.caption')}
            testId="rabbitmq-policies"
            empty={t('policies.empty')}
            columns={[
              { id: 'vhost', label: t('policies.vhost'), render: (p) => p.vhost, sortValue: (p) => p.vhost },
              { id: 'name', label: t('policies.name'), render: (p) => p.name, sortValue: (p) => p.name },
              { id: 'pattern', label: t('policies.pattern'), render: (p) => <code>{p.pattern}</code> },
              { id: 'applyTo', label: t('policies.applyTo'), render: (p) => t(`policies.applyToOptions.${p.applyTo}`) },
              { id: 'priority', label: t('policies.priority'), align: 'right', render: (p) => p.priority, sortValue: (p) => p.priority },
              { id: 'definition', label: t('policies.definition'), render: (p) => <Box sx={{ overflowWrap: 'anywhere' }}>{definitionText(p.definition)}</Box> },
              { id: 'matches', label: t('policies.matches'), render: (p) => matches(p).join(', ') || t('policies.noMatches') },
              {
                id: 'actions',
                label: t('policies.deleteConfirm'),
                hideLabel: true,
                align: 'right',
                render: (p) => (
                  <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                    <WriteButton
                      size="small"
                      aria-label={t('policies.edit', { name: p.name, vhost: p.vhost })}
                      onClick={() => {
                        setEditing(p.id);
                        setValue({ vhost: p.vhost, name: p.name, pattern: p.pattern, applyTo: p.applyTo, priority: String(p.priority) });
                        setDefinition(Object.fromEntries(Object.entries(p.definition).map(([k, v]) => [k, String(v)])));
                        setErrors({});
                      }}
                    >
                      {t('policies.editShort')}
                    </WriteButton>
                    <WriteButton size="small" color="error" onClick={() => confirm.ask(p)} aria-label={t('policies.delete', { name: p.name, vhost: p.vhost })}>
                      {t('policies.deleteConfirm')}
                    </WriteButton>
                  </Stack>
                ),
              },
            ]}
          />
        )}
      </QueryState>
      <Alert severity="info">{t('policies.help')}</Alert>
      <Stack
        component="form"
        aria-label={editing ? t('policies.editTitle') : t('policies.create')}
        spacing={1}
        onSubmit={async (e: React.FormEvent) => {
          e.preventDefault();
          const body = { ...value, priority: Number(value.priority), definition: definitionOf(definition) };
          const r = await apply.track(editing ? update({ ...args, policyId: editing, body }) : create({ ...args, body }));
          if (r.error === undefined) reset();
          else setErrors(host.submitErrors(r.error) ?? {});
        }}
      >
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <VhostSelect id="rabbitmq-policy-vhost" label={t('policies.vhost')} value={value.vhost} error={errors.vhost} onChange={(vhost) => setValue({ ...value, vhost })} />
          <TextField
            id="rabbitmq-policy-name"
            label={t('policies.name')}
            value={value.name}
            size="small"
            onChange={(e) => setValue({ ...value, name: e.target.value })}
            error={nameError || !!errors.name}
            helperText={nameError ? t('errors.name_format') : (errors.name ?? ' ')}
            slotProps={{ htmlInput: { maxLength: nameLimit } }}
          />
          <TextField
            id="rabbitmq-policy-pattern"
            label={t('policies.pattern')}
            value={value.pattern}
            size="small"
            onChange={(e) => setValue({ ...value, pattern: e.target.value })}
            error={patternError || !!errors.pattern}
            helperText={patternError ? t('errors.pattern_format') : (errors.pattern ?? ' ')}
            slotProps={{ htmlInput: { maxLength: rabbitmqPolicyResource.fields.pattern.maxLength, style: { fontFamily: 'monospace' } } }}
          />
          <TextField
            id="rabbitmq-policy-applyTo"
            select
            label={t('policies.applyTo')}
            value={value.applyTo}
            size="small"
            sx={{ minWidth: 180 }}
            helperText=" "
            onChange={(e) => setValue({ ...value, applyTo: e.target.value as Policy['applyTo'] })}
          >
            {(['queues', 'exchanges', 'all'] as const).map((a) => (
              <MenuItem key={a} value={a}>
                {t(`policies.applyToOptions.${a}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            id="rabbitmq-policy-priority"
            label={t('policies.priority')}
            value={value.priority}
            size="small"
            sx={{ maxWidth: 120 }}
            error={!/^[0-9]{1,3}$/.test(value.priority) || !!errors.priority}
            helperText={!/^[0-9]{1,3}$/.test(value.priority) ? t('policies.numberFormat') : (errors.priority ?? ' ')}
            onChange={(e) => setValue({ ...value, priority: e.target.value })}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
          />
        </Stack>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }} role="group" aria-label={t('policies.definition')}>
          {definitionKeys.map((k) =>
            k in choiceKeys ? (
              <TextField
                key={k}
                id={`rabbitmq-policy-${k}`}
                select
                label={t(`policies.keys.${k}`)}
                value={definition[k] ?? ''}
                size="small"
                sx={{ minWidth: 180 }}
                helperText={errors[`definition.${k}`] ?? ' '}
                onChange={(e) => setDefinition({ ...definition, [k]: e.target.value })}
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              >
                <MenuItem value="">{t('policies.unset')}</MenuItem>
                {choiceKeys[k as keyof typeof choiceKeys].map((c) => (
                  <MenuItem key={c} value={c}>
                    {c}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              <TextField
                key={k}
                id={`rabbitmq-policy-${k}`}
                label={t(`policies.keys.${k}`)}
                value={definition[k] ?? ''}
                size="small"
                sx={{ maxWidth: 220 }}
                error={numberError(k) || !!errors[`definition.${k}`]}
                helperText={numberError(k) ? t('policies.numberFormat') : (errors[`definition.${k}`] ?? ' ')}
                onChange={(e) => setDefinition({ ...definition, [k]: e.target.value })}
                slotProps={{ htmlInput: { maxLength: 255, ...((numberKeys as readonly string[]).includes(k) ? { inputMode: 'numeric' } : {}) } }}
              />
            ),
          )}
        </Stack>
        {errors.definition ? (
          <Alert severity="error" id="rabbitmq-policy-definition-error">
            {errors.definition}
          </Alert>
        ) : null}
        <Stack direction="row" spacing={1}>
          <WriteButton type="submit" variant="contained" disabled={!value.vhost || !value.name || !value.pattern || nameError || patternError || definitionKeys.some(numberError)}>
            {editing ? t('policies.save') : t('policies.create')}
          </WriteButton>
          {editing ? <WriteButton onClick={reset}>{t('policies.cancel')}</WriteButton> : null}
        </Stack>
      </Stack>
      <ConfirmDialog
        {...confirm.dialog}
        title={t('policies.deleteTitle')}
        text={confirm.item ? t('policies.deleteText', { name: confirm.item.name, vhost: confirm.item.vhost }) : ''}
        confirm={t('policies.deleteConfirm')}
        onConfirm={() => confirm.run(async (p) => void (await apply.track(remove({ ...args, policyId: p.id }))))}
      />
    </PanelSection>
  );
}

const exchangeTypes = ['direct', 'fanout', 'topic', 'headers'] as const;

/** Exchanges per virtual host; add; delete after a confirmation (its bindings go with it). */
export function ExchangesPanel() {
  const { t } = useT();
  const { host, args } = useArgs();
  const query = rabbitmqApi.useListRabbitmqExchangesQuery(args);
  const [create] = rabbitmqApi.useCreateRabbitmqExchangeMutation();
  const [remove] = rabbitmqApi.useDeleteRabbitmqExchangeMutation();
  const apply = useApply(rabbitmqClient);
  const confirm = useConfirm<Exchange>();
  const empty = { vhost: '', name: '', type: 'direct' as Exchange['type'], durable: true, autoDelete: false };
  const [value, setValue] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const nameError = value.name !== '' && !namePattern.test(value.name);
  const yes = (b: boolean) => t(b ? 'exchanges.yes' : 'exchanges.no');
  return (
    <PanelSection id="rabbitmq-exchanges-title" title={t('exchanges.title')}>
      <QueryState query={query}>
        {(answer) => (
          <DataTable<Exchange>
            rows={answer.data}
            rowKey={(e) => e.id}
            caption={t('exchanges.caption')}
            testId="rabbitmq-exchanges"
            empty={t('exchanges.empty')}
            columns={[
              { id: 'vhost', label: t('exchanges.vhost'), render: (e) => e.vhost, sortValue: (e) => e.vhost },
              { id: 'name', label: t('exchanges.name'), render: (e) => e.name, sortValue: (e) => e.name },
              { id: 'type', label: t('exchanges.type'), render: (e) => e.type },
              { id: 'durable', label: t('exchanges.durable'), render: (e) => yes(e.durable) },
              { id: 'autoDelete', label: t('exchanges.autoDelete'), render: (e) => yes(e.autoDelete) },
              {
                id: 'actions',
                label: t('exchanges.deleteConfirm'),
                hideLabel: true,
                align: 'right',
                render: (e) => (
                  <WriteButton size="small" color="error" onClick={() => confirm.ask(e)} aria-label={t('exchanges.delete', { name: e.name, vhost: e.vhost })}>
                    {t('exchanges.deleteConfirm')}
                  </WriteButton>
                ),
              },
            ]}
          />
        )}
      </QueryState>
      <Stack
        component="form"
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}
        onSubmit={async (e: React.FormEvent) => {
          e.preventDefault();
          const r = await apply.track(create({ ...args, body: value }));
          if (r.error !== undefined) return setErrors(host.submitErrors(r.error) ?? {});
          setValue(empty);
          setErrors({});
        }}
      >
        <VhostSelect id="rabbitmq-exchange-vhost" label={t('exchanges.vhost')} value={value.vhost} error={errors.vhost} onChange={(vhost) => setValue({ ...value, vhost })} />
        <TextField
          id="rabbitmq-exchange-name"
          label={t('exchanges.name')}
          value={value.name}
          size="small"
          onChange={(e) => setValue({ ...value, name: e.target.value })}
          error={nameError || !!errors.name}
          helperText={nameError ? t('errors.name_format') : (errors.name ?? ' ')}
          slotProps={{ htmlInput: { maxLength: nameLimit } }}
        />
        <TextField id="rabbitmq-exchange-type" select label={t('exchanges.type')} value={value.type} size="small" sx={{ minWidth: 140 }} helperText=" " onChange={(e) => setValue({ ...value, type: e.target.value as Exchange['type'] })}>
          {exchangeTypes.map((x) => (
            <MenuItem key={x} value={x}>
              {x}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel control={<Switch checked={value.durable} onChange={(e) => setValue({ ...value, durable: e.target.checked })} />} label={t('exchanges.durable')} />
        <FormControlLabel control={<Switch checked={value.autoDelete} onChange={(e) => setValue({ ...value, autoDelete: e.target.checked })} />} label={t('exchanges.autoDelete')} />
        <WriteButton type="submit" variant="contained" disabled={!value.vhost || !value.name || nameError}>
          {t('exchanges.create')}
        </WriteButton>
      </Stack>
      <ConfirmDialog
        {...confirm.dialog}
        title={t('exchanges.deleteTitle')}
        text={confirm.item ? t('exchanges.deleteText', { name: confirm.item.name, vhost: confirm.item.vhost }) : ''}
        confirm={t('exchanges.deleteConfirm')}
        onConfirm={() => confirm.run(async (x) => void (await apply.track(remove({ ...args, exchangeId: x.id }))))}
      />
    </PanelSection>
  );
}

/** Bindings from an exchange to a queue or another exchange; add; delete after a confirmation. */
export function BindingsPanel() {
  const { t } = useT();
  const { host, args } = useArgs();
  const query = rabbitmqApi.useListRabbitmqBindingsQuery(args);
  const exchanges = rabbitmqApi.useListRabbitmqExchangesQuery(args);
  const [create] = rabbitmqApi.useCreateRabbitmqBindingMutation();
  const [remove] = rabbitmqApi.useDeleteRabbitmqBindingMutation();
  const apply = useApply(rabbitmqClient);
  const confirm = useConfirm<Binding>();
  const empty = { vhost: '', source: '', destinationType: 'queue' as Binding['destinationType'], destination: '', routingKey: '' };
  const [value, setValue] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const destinationError = value.destination !== '' && !destinationPattern.test(value.destination);
  const routingError = !patternCharacters.test(value.routingKey);
  const sources = (exchanges.data?.data ?? []).filter((e) => e.vhost === value.vhost);
  return (
    <PanelSection id="rabbitmq-bindings-title" title={t('bindings.title')}>
      <QueryState query={query}>
        {(answer) => (
          <DataTable<Binding>
            rows={answer.data}
            rowKey={(b) => b.id}
            caption={t('bindings.caption')}
            testId="rabbitmq-bindings"
            empty={t('bindings.empty')}
            columns={[
              { id: 'vhost', label: t('bindings.vhost'), render: (b) => b.vhost, sortValue: (b) => b.vhost },
              { id: 'source', label: t('bindings.source'), render: (b) => b.source, sortValue: (b) => b.source },
              { id: 'destinationType', label: t('bindings.destinationType'), render: (b) => t(`bindings.destinationTypes.${b.destinationType}`) },
              { id: 'destination', label: t('bindings.destination'), render: (b) => b.destination, sortValue: (b) => b.destination },
              { id: 'routingKey', label: t('bindings.routingKey'), render: (b) => <code>{b.routingKey}</code> },
              {
                id: 'actions',
                label: t('bindings.deleteConfirm'),
                hideLabel: true,
                align: 'right',
                render: (b) => (
                  <WriteButton size="small" color="error" onClick={() => confirm.ask(b)} aria-label={t('bindings.delete', { source: b.source, destination: b.destination })}>
                    {t('bindings.deleteConfirm')}
                  </WriteButton>
                ),
              },
            ]}
          />
        )}
      </QueryState>
      <Alert severity="info">{t('bindings.help')}</Alert>
      <Stack
        component="form"
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}
        onSubmit={async (e: React.FormEvent) => {
          e.preventDefault();
          const r = await apply.track(create({ ...args, body: value }));
          if (r.error !== undefined) return setErrors(host.submitErrors(r.error) ?? {});
          setValue(empty);
          setErrors({});
        }}
      >
        <VhostSelect id="rabbitmq-binding-vhost" label={t('bindings.vhost')} value={value.vhost} error={errors.vhost} onChange={(vhost) => setValue({ ...value, vhost, source: '' })} />
        <TextField id="rabbitmq-binding-source" select label={t('bindings.source')} value={value.source} size="small" sx={{ minWidth: 180 }} error={!!errors.source} helperText={errors.source ?? ' '} onChange={(e) => setValue({ ...value, source: e.target.value })}>
          {sources.map((x) => (
            <MenuItem key={x.name} value={x.name}>
              {x.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          id="rabbitmq-binding-destinationType"
          select
          label={t('bindings.destinationType')}
          value={value.destinationType}
          size="small"
          sx={{ minWidth: 130 }}
          helperText=" "
          onChange={(e) => setValue({ ...value, destinationType: e.target.value as Binding['destinationType'] })}
        >
          {(['queue', 'exchange'] as const).map((d) => (
            <MenuItem key={d} value={d}>
              {t(`bindings.destinationTypes.${d}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          id="rabbitmq-binding-destination"
          label={t('bindings.destination')}
          value={value.destination}
          size="small"
          onChange={(e) => setValue({ ...value, destination: e.target.value })}
          error={destinationError || !!errors.destination}
          helperText={destinationError ? t('errors.destination_format') : (errors.destination ?? ' ')}
          slotProps={{ htmlInput: { maxLength: rabbitmqBindingResource.fields.destination.maxLength } }}
        />
        <TextField
          id="rabbitmq-binding-routingKey"
          label={t('bindings.routingKey')}
          value={value.routingKey}
          size="small"
          onChange={(e) => setValue({ ...value, routingKey: e.target.value })}
          error={routingError || !!errors.routingKey}
          helperText={routingError ? t('errors.pattern_format') : (errors.routingKey ?? ' ')}
          slotProps={{ htmlInput: { maxLength: rabbitmqBindingResource.fields.routingKey.maxLength, style: { fontFamily: 'monospace' } } }}
        />
        <WriteButton type="submit" variant="contained" disabled={!value.vhost || !value.source || !value.destination || destinationError || routingError}>
          {t('bindings.create')}
        </WriteButton>
      </Stack>
      <ConfirmDialog
        {...confirm.dialog}
        title={t('bindings.deleteTitle')}
        text={confirm.item ? t('bindings.deleteText', { source: confirm.item.source, destination: confirm.item.destination }) : ''}
        confirm={t('bindings.deleteConfirm')}
        onConfirm={() => confirm.run(async (b) => void (await apply.track(remove({ ...args, bindingId: b.id }))))}
      />
    </PanelSection>
  );
}
