import DriveFolderUploadIcon from '@mui/icons-material/DriveFolderUpload';
import { defineCountCard } from '@portal/plugin-sdk/web';
import { ftpApi } from '../generated/client.ts';

/** The server dashboard's card (its own small chunk): how many FTP accounts. */
export default defineCountCard(<DriveFolderUploadIcon color="action" />, ftpApi.useListFtpUsersQuery);
