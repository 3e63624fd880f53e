/**
 * A `<form>` between a dialog's paper and its content/actions must pass on the paper's column layout,
 * so long content scrolls inside DialogContent while title and buttons stay in view.
 */
export const dialogFormSx = { display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 } as const;
