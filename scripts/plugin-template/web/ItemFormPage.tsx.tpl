import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useManagedHost } from '@portal/plugin-sdk/web';
import { useNavigate } from 'react-router';
import { __camel__Api } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';
import { ItemForm } from './ItemForm.tsx';

/** `create`: the form; after saving, back to the list, which follows the apply job. */
export function ItemFormPage() {
  const { t } = useT();
  const host = useManagedHost();
  const navigate = useNavigate();
  const [create] = __camel__Api.useCreate__Pascal__ItemMutation();
  const listPath = host.sectionPath('__id__');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Stack spacing={2}>
        <Typography variant="h2" sx={{ fontSize: '1.375rem' }}>
          {t('form.title')}
        </Typography>
        <ItemForm
          onCancel={() => navigate(listPath)}
          onSubmit={async (values) => {
            const r = await create({ clusterId: host.cluster.id, serverId: host.server.id, body: { name: values.name, value: values.value } });
            if ('error' in r) return host.submitErrors(r.error);
            navigate(`${listPath}?job=${r.data.id}`);
            return undefined;
          }}
        />
      </Stack>
    </Paper>
  );
}
