import { ResourceFormPage } from '@portal/plugin-sdk/web';
import { backupsApi } from '../generated/client.ts';
import { backupPlanResource } from '../generated/resources.ts';
import { RetentionCost } from './RetentionCost.tsx';

/** `create` and `:planId`: the SDK's form from the contract's fields, with the retention's price after the last keep rule. */
export function PlanFormPage() {
  return (
    <ResourceFormPage
      resource={backupPlanResource}
      api={backupsApi}
      defaults={{ schedule: 'daily', hour: 3, keepDays: 10, keepWeeks: 0, keepMonths: 0 }}
      form={{ after: { keepMonths: (values) => <RetentionCost values={values as never} /> } }}
    />
  );
}
