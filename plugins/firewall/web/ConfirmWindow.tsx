import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useManagedDispatch, useManagedHost } from '@portal/plugin-sdk/web';
import { useEffect, useState } from 'react';
import { firewallApi } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';

const secondsUntil = (deadline: string | null | undefined) => (deadline ? Math.max(0, Math.ceil((Date.parse(deadline) - Date.now()) / 1000)) : 0);

/** Seconds left until `deadline` (0 when passed), counted down every second. */
function useSecondsLeft(deadline: string | null | undefined): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(deadline));
  useEffect(() => {
    setSeconds(secondsUntil(deadline));
    if (!deadline) return undefined;
    const timer = setInterval(() => setSeconds(secondsUntil(deadline)), 1000);
    return () => clearInterval(timer);
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
  const dispatch = useManagedDispatch();
  const state = query.data?.state ?? 'none';
  const seconds = useSecondsLeft(query.data?.deadline);
  useEffect(() => {
    if (state !== 'none') {
      setOpen(true);
      setOutcome(undefined);
    } else if (open) {
      // Ended without "keep" here: the server restored the last confirmed rules (or another tab kept them); reload the list.
      setOpen(false);
      setOutcome((o) => o ?? 'rolledBack');
      dispatch(firewallApi.util.invalidateTags(['firewall']));
    }
  }, [state, open, dispatch]);
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
              // The window closes when the state answers `none` (the effect above); the outcome is known now.
              setOutcome('error' in r ? 'rolledBack' : 'kept');
              void query.refetch();
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
