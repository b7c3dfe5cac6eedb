import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The lint rule that keeps raw HTML out of the app; `npx eslint .` applies it to every file.
describe('the no-raw-HTML lint rule', () => {
  const eslint = new ESLint();
  const ruleHits = async (code: string) => {
    const [result] = await eslint.lintText(code, { filePath: 'src/features/brands/example.tsx' });
    return result!.messages.filter((message) => message.ruleId === 'no-restricted-syntax').length;
  };

  it.each([
    ['dangerouslySetInnerHTML', 'export const A = ({ name }: { name: string }) => <div dangerouslySetInnerHTML={{ __html: name }} />;'],
    ['innerHTML', 'export function a(el: HTMLElement, name: string) { el.innerHTML = name; }'],
    ['outerHTML', 'export function a(el: HTMLElement, name: string) { el.outerHTML = name; }'],
    ['insertAdjacentHTML', "export function a(el: HTMLElement, name: string) { el.insertAdjacentHTML('beforeend', name); }"],
    ['document.write', 'export function a(name: string) { document.write(name); }'],
  ])('refuses %s', async (_what, code) => {
    expect(await ruleHits(code)).toBe(1);
  });

  it('lets text through', async () => {
    expect(await ruleHits('export const A = ({ name }: { name: string }) => <div title={name}>{name}</div>;')).toBe(0);
  });
});
