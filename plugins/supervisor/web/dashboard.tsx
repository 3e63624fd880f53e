import SettingsIcon from '@mui/icons-material/Settings';
import { defineCountCard } from '@portal/plugin-sdk/web';
import { supervisorApi } from '../generated/client.ts';

/** The server dashboard's card (its own small chunk): how many programs. */
export default defineCountCard(<SettingsIcon color="action" />, supervisorApi.useListSupervisorProgramsQuery);
