import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useManagedHost } from '@portal/plugin-sdk/web';
import { useEffect, useState } from 'react';
import { firewallApi } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';

/** Seconds left until `deadline` (0 when passed), counted down every second. */
function useSecondsLeft(deadline: string | null | undefined): number {
  const left = () => (deadline ? Math.max(0, Math.ceil((Date.parse(deadline) - Date.now()) / 1000)) : 0);
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    if (!deadline) return undefined;
    const timer = setInterval(() => setSeconds(left()), 1000);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `left` reads only `deadline`
  }, [deadline]);
  return seconds;
}

/**
 * The confirm window after a change: while the new rules are applied, then a countdown with "Keep these rules".
 * Polls the state while a window is open (the server rolls back by itself when it runs out) and says so afterwards.
 */
export function ConfirmWindow() {
  const { t } = useT();
  const host = useManagedHost();
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const [open, setOpen] = useState(false);
  const query = firewallApi.useGetFirewallConfirmationQuery(args, { pollingInterval: open ? 1000 : 0, skipPollingIfUnfocused: false });
  const [keep, keeping] = firewallApi.useConfirmFirewallRulesMutation();
  const [outcome, setOutcome] = useState<'kept' | 'rolledBack' | undefined>();
  const state = query.data?.state ?? 'none';
  const seconds = useSecondsLeft(query.data?.deadline);
  useEffect(() => {
    if (state !== 'none') {
      setOpen(true);
      setOutcome(undefined);
    } else if (open) {
      setOpen(false);
      setOutcome((o) => o ?? 'rolledBack');
    }
  }, [state, open]);
  if (state === 'none')
    return outcome ? (
      <Alert severity={outcome === 'kept' ? 'success' : 'warning'} data-testid="firewall-confirm-outcome" onClose={() => setOutcome(undefined)}>
        {t(outcome === 'kept' ? 'confirm.kept' : 'confirm.rolledBack')}
      </Alert>
    ) : null;
  const confirmSeconds = query.data?.confirmSeconds ?? 60;
  return (
    <Alert
      severity="warning"
      role="alert"
      data-testid="firewall-confirm"
      action={
        state === 'waiting' && (
          <Button
            color="inherit"
            variant="outlined"
            disabled={keeping.isLoading}
            onClick={async () => {
              const r = await keep(args);
              if (!('error' in r)) setOutcome('kept');
              setOpen(false);
            }}
          >
            {t('confirm.keep')}
          </Button>
        )
      }
    >
      {state === 'waiting' ? t('confirm.waiting', { seconds }) : t('confirm.applying', { seconds: confirmSeconds })}
    </Alert>
  );
}
