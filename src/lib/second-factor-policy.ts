import { reloadPage } from './reload.ts';

// docs/design.md §8.5's policy: a user whom `twoFactorRequiredLevel` covers and who has no second
// factor gets 403 {twoFactorSetupRequired: 1} from almost every call; the app takes them to the
// Security screen, which says why. The reason rides in sessionStorage across the page load, for
// this tab only, as the ended session's does (./session.ts).

export const SECURITY_PATH = '/account/security';
const REQUIRED_KEY = 'secondFactorRequired';

/** A 403 with the policy's flag: to the Security screen, unless already there (its sessions call is refused too). */
export function requireSecondFactor() {
  sessionStorage.setItem(REQUIRED_KEY, '1');
  if (window.location.pathname !== SECURITY_PATH) reloadPage(SECURITY_PATH);
}

/** Whether a refusal sent the user here; the Security screen reads it once, then forgets it, so it never goes stale. */
export const secondFactorRequired = (): boolean => sessionStorage.getItem(REQUIRED_KEY) === '1';

export const forgetSecondFactorRequired = () => sessionStorage.removeItem(REQUIRED_KEY);
