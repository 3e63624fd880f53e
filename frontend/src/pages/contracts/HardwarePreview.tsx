import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClusterContract, CostPreviewInput } from '../../api/contracts';
import { CostPreviewBox } from './CostPreviewBox';

type Field = 'cpu' | 'ramGb' | 'nvmeSsdGb' | 'nvmeStorageGb';
const fields: Field[] = ['cpu', 'ramGb', 'nvmeSsdGb', 'nvmeStorageGb'];
const labels = { cpu: 'cluster.cpu', ramGb: 'cluster.ram', nvmeSsdGb: 'cluster.nvmeSsd', nvmeStorageGb: 'cluster.nvmeStorage' } as const satisfies Record<Field, string>;

/** Before a hardware change costs money: the prorated cost for the rest of the billing period (net, gross). */
export function HardwarePreview({ contract: c }: { contract: ClusterContract }) {
  const { t } = useTranslation('billing');
  const [values, setValues] = useState<Record<Field, string>>({ cpu: String(c.hardware.cpu), ramGb: String(c.hardware.ramGb), nvmeSsdGb: String(c.hardware.nvmeSsdGb), nvmeStorageGb: String(c.hardware.nvmeStorageGb) });
  const [input, setInput] = useState<CostPreviewInput>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body: CostPreviewInput = { kind: 'change' };
    for (const f of fields) if (values[f].trim() !== '' && Number.isInteger(Number(values[f]))) body[f] = Number(values[f]);
    setInput(body);
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }} component="section" aria-label={t('costPreview.title')}>
      <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
        {t('costPreview.title')}
      </Typography>
      <Typography color="text.secondary" variant="body2" sx={{ mb: 2 }}>
        {t('costPreview.hint')}
      </Typography>
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(4, 1fr)' }, gap: 2, mb: 2 }}>
        {fields.map((f) => (
          <TextField
            key={f}
            id={`preview-${f}`}
            label={t(labels[f])}
            type="number"
            value={values[f]}
            onChange={(e) => setValues({ ...values, [f]: e.target.value })}
            slotProps={{ htmlInput: { min: 0, step: 1 } }}
            size="small"
          />
        ))}
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Button type="submit" variant="outlined">
            {t('costPreview.calculate')}
          </Button>
        </Box>
      </Box>
      {input && <CostPreviewBox contractId={c.id} input={input} />}
    </Paper>
  );
}
