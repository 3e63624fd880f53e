/** One namespace of one language, for a page without i18next (the lean sign-in page); jest maps `./bundledResources` to the files on disk. */
export { loadNamespace } from './bundledResources';
