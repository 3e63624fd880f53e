import SecurityIcon from '@mui/icons-material/Security';
import { defineCountCard } from '@portal/plugin-sdk/web';
import { firewallApi } from '../generated/client.ts';

/** The server dashboard's card (its own small chunk): how many rules. */
export default defineCountCard(<SecurityIcon color="action" />, firewallApi.useListFirewallRulesQuery);
