import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

// A keyboard user's hands: Tab, Shift+Tab, Enter, Escape and typing. Nothing here clicks, fills or
// focuses an element; the journeys find their way by pressing Tab until the control they want has focus.

/** Presses Tab (or Shift+Tab) until `target` has focus; fails if it takes more than `max` presses. */
export async function tabTo(page: Page, target: Locator, { backwards = false, max = 80 } = {}) {
  await expect(target).toBeVisible();
  for (let presses = 0; presses <= max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${String(target)} was not reached by ${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'}`);
}

/** The focused element shows it: an outline (our :focus-visible rule) or a ring. */
export async function expectVisibleFocus(page: Page) {
  const focus = await page.evaluate(() => {
    const element = document.activeElement ?? document.body;
    const style = getComputedStyle(element);
    return {
      element: `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 30)}"`,
      outline: style.outlineStyle !== 'none' && style.outlineWidth !== '0px',
      ring: style.boxShadow !== 'none',
    };
  });
  expect(focus.outline || focus.ring, `the focus on ${focus.element} is visible`).toBe(true);
}

/** Types into the focused field, replacing what it held. */
export async function retype(page: Page, text: string) {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** Signs in from the login screen by keyboard: Tab to Username, type, Tab, type, Enter. */
export async function signInByKeyboard(page: Page, username: string, password: string) {
  await page.goto('/login');
  await tabTo(page, page.getByLabel('Username'));
  await expectVisibleFocus(page);
  await page.keyboard.type(username);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await expect(page.getByText('WELCOME')).toBeVisible();
}
