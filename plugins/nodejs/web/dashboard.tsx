import CodeIcon from '@mui/icons-material/Code';
import { defineCountCard } from '@portal/plugin-sdk/web';
import { nodejsApi } from '../generated/client.ts';

/** The server dashboard's card (its own small chunk): how many applications. */
export default defineCountCard(<CodeIcon color="action" />, nodejsApi.useListNodejsAppsQuery);
