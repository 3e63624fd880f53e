export { ResourcePage, type ResourcePageProps, type ResourceListContext } from './ResourcePage.tsx';
export { ResourceTable, type ResourceTableProps } from './ResourceTable.tsx';
export { ResourceForm, ResourceFormPage, type ResourceFormProps, type ResourceFormPageProps, type ResourceFormOptions } from './ResourceForm.tsx';
export { useResourceTexts } from './texts.ts';
export { endpointOf, type ResourceApi, type ResourceRow, type ResourceList } from './api.ts';
export { useEveryPage, type PagedListHook } from './useEveryPage.ts';
