import BackupIcon from '@mui/icons-material/Backup';
import { defineCountCard } from '@portal/plugin-sdk/web';
import { backupsApi } from '../generated/client.ts';

/** The server dashboard's card (its own small chunk): how many plans. */
export default defineCountCard(<BackupIcon color="action" />, backupsApi.useListBackupPlansQuery);
