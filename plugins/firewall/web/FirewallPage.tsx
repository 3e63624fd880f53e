import Stack from '@mui/material/Stack';
import { ResourcePage } from '@portal/plugin-sdk/web';
import { firewallApi, firewallClient } from '../generated/client.ts';
import { firewallRuleResource } from '../generated/resources.ts';
import { useT } from '../generated/i18n.ts';
import { Blocklist } from './Blocklist.tsx';
import { ConfirmWindow } from './ConfirmWindow.tsx';
import { Presets } from './Presets.tsx';
import { RulesetPreview } from './RulesetPreview.tsx';

/** The section's start page: the confirm window, the rules (the SDK's resource page), the presets, the cluster's block list and the rule set's preview. */
export function FirewallPage() {
  const { t } = useT();
  return (
    <Stack spacing={3}>
      <ConfirmWindow />
      <ResourcePage
        resource={firewallRuleResource}
        api={firewallApi}
        client={firewallClient}
        describe={(row) => ({ sources: (row as { sources?: string }).sources || t('list.anySource') })}
      >
        <Presets />
        <Blocklist />
        <RulesetPreview />
      </ResourcePage>
    </Stack>
  );
}
