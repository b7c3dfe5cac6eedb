// Said under `version` when an update came too late (versions.ts); the app shows it too.
export const staleVersionMessage = 'This record has been changed by someone else. Reload to see it.';
