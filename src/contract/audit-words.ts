/**
 * The audit log (docs/design.md §7.2). Every action is declared here, those of later issues
 * (`model.import`, `stock.remove`) included, so their calls only have to record them.
 */
export const auditActions = [
  'brand.create',
  'brand.update',
  'series.create',
  'series.update',
  'model.create',
  'model.update',
  'model.import',
  'stock.add',
  'stock.remove',
  'variables.update',
  'settings.update',
  'quote.create',
  'quote.update',
  'quote.send',
  'quote.revise',
  'quote.win',
  'quote.lose',
  'quote.cancel',
  'stamp.create',
  'view.create',
  'view.update',
  'view.delete',
  'user.create',
  'user.update',
  'user.password',
  'auth.login',
  'auth.logout',
  'auth.2fa-enable',
  'auth.2fa-disable',
  'auth.2fa-reset',
  'auth.passkey-add',
  'auth.passkey-remove',
  'auth.revoke',
] as const;

export const auditEntityTypes = ['brand', 'series', 'model', 'variables', 'user', 'settings', 'quote', 'stamp', 'view'] as const;
