import { defineWebPlugin, ResourceFormPage } from '@portal/plugin-sdk/web';
import { firewallApi } from '../generated/client.ts';
import { firewallRuleResource } from '../generated/resources.ts';
import { FirewallPage } from './FirewallPage.tsx';

/** `create` and `:ruleId`: the SDK's form from the contract's fields; after saving, back to the list, which follows the job. */
const RuleFormPage = () => <ResourceFormPage resource={firewallRuleResource} api={firewallApi} />;

export default defineWebPlugin({
  routes: [
    { path: '', Component: FirewallPage },
    { path: 'create', Component: RuleFormPage },
    { path: ':ruleId', Component: RuleFormPage },
  ],
});
