import { defineWebPlugin } from '@portal/plugin-sdk/web';

// The panels follow in the next step.
export default defineWebPlugin({ routes: [] });
