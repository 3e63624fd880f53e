import ExtensionIcon from '@mui/icons-material/Extension';
import { defineCountCard } from '@portal/plugin-sdk/web';
import { __camel__Api } from '../generated/client.ts';

/** The server dashboard's card (its own small chunk): how many entries. */
export default defineCountCard(<ExtensionIcon color="action" />, __camel__Api.useList__Pascal__ItemsQuery);
