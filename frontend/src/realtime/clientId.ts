/** A random id of this browser tab; the server echoes it in events so a tab can skip its own changes. */
export const clientId: string = crypto.randomUUID();
