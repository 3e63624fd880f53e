import { defineWebPlugin } from '@portal/plugin-sdk/web';
import { ClusterControlPage } from './ClusterControlPage.tsx';

export default defineWebPlugin({ routes: [{ path: '', Component: ClusterControlPage }] });
