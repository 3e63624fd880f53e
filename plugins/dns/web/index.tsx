import { defineWebPlugin } from '@portal/plugin-sdk/web';

export default defineWebPlugin({ routes: [] });
