/**
 * Web side of a plugin: `defineWebPlugin`, the RTK Query API the generated clients inject into, the
 * host's context (server, paths, notices, real-time events) and the web kit (confirm dialog, apply
 * banner and `useApply`, form fields, tables, loading/empty/error states).
 */
import type { WebPlugin } from './types.ts';

export type * from './types.ts';
export type { ServerEvents, ServerEventType, ServerEventsOf, ManagedChange, ServerMetricsView } from './events.ts';
export {
  installHostBridge,
  managedApi,
  createManagedStore,
  ManagedHostProvider,
  ManagedPluginScope,
  useManagedHost,
  useManagedServer,
  useManagedDispatch,
  usePluginId,
  useServerEvent,
  type HostBridge,
} from './runtime.tsx';
export { ApplyProgress, useManagedJob, jobsApi, type ManagedJob } from './ApplyProgress.tsx';
export { toRequest, operationRequest, pluginOperationRequest, type OperationPath, type ArgsOf, type ResultOf, type ServerArgs, type PluginClient, type CallResult, type HttpMethod } from './client.ts';
export { registerSdkTranslations, sdkNamespace } from './i18n/index.ts';
export { ConfirmDialog, useConfirm, type ConfirmDialogProps } from './kit/ConfirmDialog.tsx';
export { WriteButton } from './kit/WriteButton.tsx';
export { ReadOnlyProvider, useReadOnly } from './readOnlyContext.tsx';
export { ReadOnlyHint, WriteIconButton } from './kit/ReadOnlyHint.tsx';
export { ApplyBanner, ApplyJobBanner, type ApplyBannerProps } from './kit/ApplyBanner.tsx';
export { DriftPanel, driftKept, type DriftPanelProps } from './kit/DriftPanel.tsx';
export { useApply, errorMessageOf, fieldErrorOf, type Apply, type RollBackOutcome } from './kit/useApply.ts';
export { FormTextField, FormSelect, FormSwitch, nestErrors, fieldId, type FormTextFieldProps } from './kit/FormFields.tsx';
export { DataTable, type Column, type DataTableProps, type RowDetails } from './kit/DataTable.tsx';
export { LoadingState, ErrorState, EmptyState, QueryState, type QueryLike } from './kit/States.tsx';
export { usePluginTranslation, type TypedT } from './kit/usePluginTranslation.ts';
export { runtimeT } from './kit/runtimeT.ts';
export { dateFormats, formatDate, formatDateTime, formatLocale, numberFormats, userTimeZone } from './kit/format.ts';
export { defineCountCard, SummaryCard, type CountCardList, type SummaryCardProps } from './kit/SummaryCard.tsx';
export { PanelSection, type PanelSectionProps } from './kit/PanelSection.tsx';
export { SecretOnceDialog } from './kit/SecretOnceDialog.tsx';
export { FormActions, FormError, FormPage, useSectionForm, type FormActionsProps, type FormPageProps } from './kit/FormPage.tsx';
export { RowActions, type RowActionsProps } from './kit/RowActions.tsx';
export * from './resources/index.ts';
export { checkField, checkFields, fieldPattern, type FieldProblem, type ResourceDeclaration, type ResourceField } from '../resources/index.ts';
export { TextFieldDialog, type TextFieldDialogProps } from './kit/TextFieldDialog.tsx';
export {
  RenderedFilesPanel,
  SectionHeader,
  type SectionHeaderProps,
  RollBackButton,
  renderedFilesApi,
  type RenderedFiles,
  type RenderedFilesPanelProps,
  type RollBackButtonProps,
} from './kit/RenderedFiles.tsx';
export * from './stats/index.ts';
export { HealthChip, SearchClusterPanel, SearchClusterView, type SearchClusterPanelProps, type SearchClusterViewProps } from './search/SearchCluster.tsx';
export { REPORT_FALLBACK_MS, REPORT_OFFLINE_MS, ReportDetail, ReportList, ReportState, reportPolling, useReportPolling, type ReportSource, type ReportSummaryLike } from './reports/index.tsx';
export { ReportScheduleForm, type ReportScheduleLike, type ReportScheduleMode, type ReportScheduleValues } from './reports/ScheduleForm.tsx';
export { ConfigSettingsForm, ConfigSettingsPage, configSettingsApi, type ConfigSettingsFormProps, type ConfigSettingsPageProps } from './config/ConfigSettings.tsx';
export * from '../config/fields.ts';

/** Declares a plugin's web part. */
export const defineWebPlugin = (plugin: WebPlugin): WebPlugin => plugin;

/** Declares a plugin's dashboard card (default export of `web/dashboard.tsx`, its own small chunk). */
export const defineDashboardCard = (Card: WebPlugin['DashboardPanel'] & object) => Card;
